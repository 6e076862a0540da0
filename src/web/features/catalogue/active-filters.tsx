import { Link, useLocation } from 'react-router';
import { type MessageKey, useT } from '../../i18n/i18n';
import { facetValueLabel, isLabelledFacet } from './facet-values';
import { hrefWith, hrefWithout } from './listing-url';

const labelled: { param: string; title: MessageKey }[] = [
  { param: 'author', title: 'facets.authors' },
  { param: 'publisher', title: 'facets.publishers' },
  { param: 'translation', title: 'facets.translations' },
  { param: 'binding', title: 'facets.bindings' },
  { param: 'language', title: 'facets.languages' },
];

/** The filters in force, each a link that removes it. */
export function ActiveFilters({ basePath }: { basePath: string }) {
  const t = useT();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const chips: { label: string; href: string }[] = [];
  for (const { param, title } of labelled) {
    for (const value of params.getAll(param).filter((v) => v.trim())) {
      const shown = isLabelledFacet(param) ? facetValueLabel(t, param, value) : value;
      chips.push({ label: `${t(title)}: ${shown}`, href: hrefWithout(params, param, value) });
    }
  }
  const min = params.get('min_price')?.trim();
  const max = params.get('max_price')?.trim();
  if (min || max) {
    chips.push({
      label: `${t('facets.price')}: ${max ? t('facets.priceBetween', { min: min || '0', max }) : t('facets.priceOver', { min: min ?? '0' })}`,
      href: hrefWith(params, { min_price: null, max_price: null }),
    });
  }
  if (params.get('in_stock') === '1')
    chips.push({ label: t('facets.inStock'), href: hrefWith(params, { in_stock: null }) });
  if (params.get('on_sale') === '1')
    chips.push({ label: t('facets.onSale'), href: hrefWith(params, { on_sale: null }) });
  if (!chips.length) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">{t('facets.active')}:</span>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              discover="none"
              to={`${basePath}${chip.href}`}
              preventScrollReset
              aria-label={t('facets.remove', { name: chip.label })}
              className="inline-flex items-center gap-1 rounded-full border border-brand bg-white px-3 py-0.5 text-brand hover:bg-brand hover:text-white"
            >
              {chip.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
