import type { I18nHandle } from '../i18n/areas';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ProductDetail } from '../../contracts/catalogue';
import { CurrencyNote } from '../features/catalogue/currency-note';
import { removeCompareItems, useCompareList } from '../features/compare/compare-store';
import { type MessageKey, translator, useLanguage, useT } from '../i18n/i18n';
import { Price } from '../ui/price';
import { showToast } from '../ui/toasts';
import { useHydrated } from '../use-hydrated';
import type { Route } from './+types/compare';

export const handle: I18nHandle = { i18n: ['catalogue', 'compare'] };

export function loader({ context }: Route.LoaderArgs) {
  return { lang: context.prefs.lang };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const t = translator(data?.lang ?? 'ro');
  return [{ title: `${t('compare.title')} | ${t('shop.name')}` }, { name: 'robots', content: 'noindex' }];
};

type Row = [MessageKey, (p: ProductDetail) => string | number | null];

/**
 * SPEC §2 compare list: the products kept in the browser (compare_products), side by side. Their
 * details come from GET /api/products/:id; a product that no longer exists leaves the list.
 */
/**
 * The row labels stay in view while the products scroll sideways (a phone shows one column at a time);
 * above the cells' own positioned content, with an edge so the scrolled columns visibly pass under them.
 */
const labelCell = 'sticky left-0 z-10 bg-paper p-3 text-left font-medium text-muted shadow-[1px_0_0_var(--color-line)]';

export default function Compare() {
  const t = useT();
  const lang = useLanguage();
  const hydrated = useHydrated();
  const list = useCompareList();
  const [details, setDetails] = useState<Record<string, ProductDetail>>({});
  const [failed, setFailed] = useState(false);
  const missingIds = list
    .filter((p) => !details[`${lang}:${p.id}`])
    .map((p) => p.id)
    .join(',');

  useEffect(() => {
    if (!missingIds) return;
    const controller = new AbortController();
    Promise.all(
      missingIds.split(',').map(async (id) => {
        const res = await fetch(`/api/products/${id}?lang=${lang}`, { signal: controller.signal });
        if (res.status === 404) return { id: Number(id), product: null };
        if (!res.ok) throw new Error(`GET /api/products/${id}: ${res.status}`);
        return { id: Number(id), product: (await res.json()) as ProductDetail };
      }),
    )
      .then((results) => {
        const gone = results.filter((r) => r.product === null).map((r) => r.id);
        if (gone.length) removeCompareItems(gone);
        setDetails((known) => {
          const next = { ...known };
          for (const r of results) if (r.product) next[`${lang}:${r.id}`] = r.product;
          return next;
        });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [missingIds, lang]);

  const shown = list.map((p) => details[`${lang}:${p.id}`]).filter((p): p is ProductDetail => Boolean(p));
  const languageLabel = (code: string) => t(`language.${code}` as MessageKey) ?? code;
  const rows: Row[] = [
    ['product.attr.authors', (p) => p.authors.join(', ') || null],
    ['product.attr.publisher', (p) => p.publisher],
    ['product.attr.binding', (p) => p.binding],
    ['product.attr.pages', (p) => p.pages],
    ['product.attr.language', (p) => languageLabel(p.language)],
    ['product.attr.bibleTranslation', (p) => p.bibleTranslation],
  ];
  const remove = (p: ProductDetail) => {
    removeCompareItems([p.id]);
    showToast(t('compare.removed', { title: p.title }), 'error');
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="font-serif text-3xl font-bold">{t('compare.title')}</h1>
      <noscript>
        <p className="mt-4">{t('compare.needsJs')}</p>
      </noscript>
      {hydrated && list.length === 0 && (
        <div className="mt-6">
          <p className="text-lg">{t('compare.empty')}</p>
          <p className="mt-1 text-muted">{t('compare.emptyHint')}</p>
          <Link
            discover="none"
            to="/shop"
            className="mt-4 inline-block rounded bg-brand px-5 py-2.5 text-white hover:bg-brand-dark"
          >
            {t('compare.browse')}
          </Link>
        </div>
      )}
      {hydrated && failed && <p className="mt-4 text-brand">{t('error.text')}</p>}
      {hydrated && list.length > 0 && shown.length < list.length && !failed && (
        <p role="status" className="mt-4 text-muted">
          {t('compare.loading')}
        </p>
      )}
      {shown.length > 0 && (
        <>
          <CurrencyNote />
          <div className="relative mt-4 overflow-x-auto">
            <table className="w-full min-w-max border-collapse text-sm">
              <caption className="sr-only">{t('compare.title')}</caption>
              <thead>
                <tr>
                  <td className={`${labelCell} w-28 sm:w-36`} />
                  {shown.map((p) => (
                    <th
                      key={p.id}
                      scope="col"
                      className="w-56 border-b border-line p-3 text-left align-top font-normal"
                    >
                      <img
                        src={p.image}
                        alt=""
                        width={160}
                        height={240}
                        className="aspect-[2/3] w-32 rounded border border-line object-cover"
                      />
                      <Link
                        discover="none"
                        to={`/produs/${p.slug}`}
                        className="mt-2 block font-serif text-base font-semibold leading-snug hover:text-brand"
                      >
                        {p.title}
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-line">
                  <th scope="row" className={labelCell}>
                    {t('compare.price')}
                  </th>
                  {shown.map((p) => (
                    <td key={p.id} className="p-3 align-top">
                      <Price price={p.price} oldPrice={p.oldPrice} lowestPrice30Days={p.lowestPrice30Days} />
                    </td>
                  ))}
                </tr>
                <tr className="border-b border-line">
                  <th scope="row" className={labelCell}>
                    {t('compare.stock')}
                  </th>
                  {shown.map((p) => (
                    <td key={p.id} className={`p-3 font-semibold ${p.inStock ? 'text-leaf' : 'text-brand'}`}>
                      {p.inStock ? t('product.inStock') : t('product.outOfStock')}
                    </td>
                  ))}
                </tr>
                {rows.map(([label, value]) => (
                  <tr key={label} className="border-b border-line">
                    <th scope="row" className={labelCell}>
                      {t(label)}
                    </th>
                    {shown.map((p) => (
                      <td key={p.id} className="p-3 align-top">
                        {value(p) ?? '–'}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <td className={labelCell} />
                  {shown.map((p) => (
                    <td key={p.id} className="p-3">
                      <div className="flex flex-wrap gap-2">
                        <Link
                          discover="none"
                          to={`/produs/${p.slug}`}
                          className="rounded bg-brand px-3 py-1.5 font-semibold text-white hover:bg-brand-dark"
                        >
                          {t('compare.view')}
                        </Link>
                        <button
                          type="button"
                          onClick={() => remove(p)}
                          aria-label={t('compare.removeLong', { title: p.title })}
                          className="rounded border border-brand px-3 py-1.5 text-brand hover:bg-brand hover:text-white"
                        >
                          {t('compare.remove')}
                        </button>
                      </div>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
