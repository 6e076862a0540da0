import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { FacetCount, ListingFacets } from '../../../contracts/listing';
import { type MessageKey, useLanguage, useT } from '../../i18n/i18n';
import { facetValueLabel, isLabelledFacet } from './facet-values';
import { FACET_KEYS, hasFacetFilters, hrefWith } from './listing-url';
import { formatNumber } from '../../../contracts/money';

type ValueFacet = 'authors' | 'publishers' | 'bindings' | 'languages' | 'translations';

const valueFacets: { facet: ValueFacet; param: string; title: MessageKey }[] = [
  { facet: 'authors', param: 'author', title: 'facets.authors' },
  { facet: 'publishers', param: 'publisher', title: 'facets.publishers' },
  { facet: 'translations', param: 'translation', title: 'facets.translations' },
  { facet: 'bindings', param: 'binding', title: 'facets.bindings' },
  { facet: 'languages', param: 'language', title: 'facets.languages' },
];

/** Form values that say something: blank price fields stay out of the address. */
function queryOf(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(key, value.trim());
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const wide = () => window.matchMedia('(min-width: 768px)').matches;

function Count({ count }: { count: number }) {
  const t = useT();
  const shown = formatNumber(count, useLanguage());
  return (
    <span className="ml-auto pl-2 text-xs text-muted">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t('facets.count', { count })}</span>
    </span>
  );
}

function CheckboxList({ name, values, label }: { name: string; values: FacetCount[]; label: (v: string) => string }) {
  return (
    <ul className="space-y-1">
      {values.map((v) => (
        <li key={v.value}>
          <label className="flex items-baseline gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={v.value}
              defaultChecked={v.selected}
              className="translate-y-0.5"
            />
            <span>{label(v.value)}</span>
            <Count count={v.count} />
          </label>
        </li>
      ))}
    </ul>
  );
}

/**
 * The facets of a listing: category links, then a GET form of checkboxes, price range and availability,
 * with counts. Without JavaScript the form is submitted with its button; with it, a choice applies at
 * once on a wide screen. On a phone the panel opens through the "Filters" link (#filtre) and the
 * shopper applies several choices together.
 */
export function FacetsPanel({ facets, basePath }: { facets: ListingFacets; basePath: string }) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const params = new URLSearchParams(location.search);

  // The inputs are uncontrolled (they work before hydration); after each navigation they are set from
  // the address, so that "remove filter" links and the back button are reflected without losing focus.
  useEffect(() => {
    const current = new URLSearchParams(location.search);
    for (const input of form.current?.querySelectorAll<HTMLInputElement>('input[name]') ?? []) {
      if (input.type === 'checkbox') input.checked = current.getAll(input.name).includes(input.value);
      else if (input.type === 'number') input.value = current.get(input.name) ?? '';
    }
  }, [location.search]);

  const apply = (target: HTMLFormElement) => navigate(`${basePath}${queryOf(target)}`, { preventScrollReset: true });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(e.currentTarget);
  };
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLInputElement;
    if (target.type === 'checkbox' && wide()) apply(e.currentTarget);
  };
  const { category } = facets;
  const kept = ['searchText', 'sortBy', 'productType'].flatMap((key) => params.getAll(key).map((v) => [key, v]));

  return (
    <aside
      id="filtre"
      aria-labelledby="filtre-titlu"
      className="hidden target:block md:block max-md:fixed max-md:inset-0 max-md:z-40 max-md:overflow-y-auto max-md:bg-paper max-md:p-4"
    >
      <div className="flex items-center justify-between">
        <h2 id="filtre-titlu" className="font-serif text-xl font-bold">
          {t('facets.title')}
        </h2>
        <a href="#produse" className="rounded border border-line bg-white px-3 py-1 text-sm md:hidden">
          {t('facets.close')}
        </a>
      </div>

      <nav aria-labelledby="facet-categories" className="mt-4">
        <h3 id="facet-categories" className="font-semibold">
          {t('facets.categories')}
        </h3>
        <ul className="mt-2 space-y-1 text-sm">
          {category.current && (
            <li>
              <Link
                discover="none"
                to={category.parent ? `/shop/${category.parent.slug}` : '/shop'}
                className="text-brand hover:underline"
              >
                ‹ {category.parent ? t('facets.backTo', { name: category.parent.name }) : t('facets.allProducts')}
              </Link>
            </li>
          )}
          {category.options.map((c) => (
            <li key={c.slug}>
              <Link
                discover="none"
                to={`/shop/${c.slug}`}
                aria-current={c.selected ? 'page' : undefined}
                className="flex items-baseline hover:text-brand aria-[current=page]:font-bold aria-[current=page]:text-brand"
              >
                <span>{c.name}</span>
                <Count count={c.count} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <form
        ref={form}
        method="get"
        action={basePath}
        onSubmit={onSubmit}
        onChange={onChange}
        className="mt-4 space-y-5"
      >
        {kept.map(([key, value]) => (
          <input key={`${key}-${value}`} type="hidden" name={key} value={value} />
        ))}
        <fieldset>
          <legend className="font-semibold">{t('facets.availability')}</legend>
          <ul className="mt-2 space-y-1">
            <li>
              <label className="flex items-baseline gap-2 text-sm">
                <input
                  type="checkbox"
                  name="in_stock"
                  value="1"
                  defaultChecked={params.get('in_stock') === '1'}
                  className="mt-1"
                />
                <span>{t('facets.inStock')}</span>
                <Count count={facets.inStock} />
              </label>
            </li>
            <li>
              <label className="flex items-baseline gap-2 text-sm">
                <input
                  type="checkbox"
                  name="on_sale"
                  value="1"
                  defaultChecked={params.get('on_sale') === '1'}
                  className="mt-1"
                />
                <span>{t('facets.onSale')}</span>
                <Count count={facets.onSale} />
              </label>
            </li>
          </ul>
        </fieldset>

        <fieldset>
          <legend className="font-semibold">{t('facets.price')}</legend>
          <ul className="mt-2 space-y-1 text-sm">
            {facets.priceRanges
              .filter((r) => r.count > 0 || r.selected)
              .map((r) => (
                <li key={r.min}>
                  <Link
                    discover="none"
                    to={`${basePath}${hrefWith(params, { min_price: String(r.min), max_price: r.max === null ? null : String(r.max) })}`}
                    preventScrollReset
                    aria-current={r.selected ? 'true' : undefined}
                    className="flex items-baseline hover:text-brand aria-[current=true]:font-bold aria-[current=true]:text-brand"
                  >
                    <span>
                      {r.max === null
                        ? t('facets.priceOver', { min: r.min ?? 0 })
                        : r.min === 0
                          ? t('facets.priceUnder', { limit: r.max + 1 })
                          : t('facets.priceBetween', {
                              min: r.min ?? 0,
                              max: r.max,
                            })}
                    </span>
                    <Count count={r.count} />
                  </Link>
                </li>
              ))}
          </ul>
          <div className="mt-3 flex items-end gap-2">
            <label className="text-xs">
              {t('facets.priceFrom')}
              <input
                type="number"
                name="min_price"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={params.get('min_price') ?? ''}
                className="mt-1 block w-full rounded border border-line bg-white px-2 py-1 text-sm"
              />
            </label>
            <label className="text-xs">
              {t('facets.priceTo')}
              <input
                type="number"
                name="max_price"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={params.get('max_price') ?? ''}
                className="mt-1 block w-full rounded border border-line bg-white px-2 py-1 text-sm"
              />
            </label>
          </div>
        </fieldset>

        {valueFacets
          .filter(({ facet }) => facets[facet].length > 0)
          .map(({ facet, param, title }) => (
            <fieldset key={facet}>
              <legend className="font-semibold">{t(title)}</legend>
              <div className="mt-2">
                <CheckboxList
                  name={param}
                  values={facets[facet]}
                  label={(v) => (isLabelledFacet(param) ? facetValueLabel(t, param, v) : v)}
                />
              </div>
            </fieldset>
          ))}

        <div className="flex flex-wrap items-center gap-3 bg-paper py-2 max-md:sticky max-md:bottom-0">
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('facets.apply')}
          </button>
          {hasFacetFilters(params) && (
            <Link
              discover="none"
              to={`${basePath}${hrefWith(params, Object.fromEntries(FACET_KEYS.map((k) => [k, null])))}`}
              className="text-sm text-brand underline"
            >
              {t('facets.clear')}
            </Link>
          )}
        </div>
      </form>
    </aside>
  );
}
