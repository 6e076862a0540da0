import type { I18nHandle } from '../i18n/areas';
import { useEffect, useRef } from 'react';
import { Form, Link, redirect, useLocation } from 'react-router';
import { productTypes } from '../../contracts/catalogue-values';
import { parseQuery } from '../../contracts/errors';
// Schemas for the loader only (React Router drops them from the browser's bundle with it); what the
// component uses comes from the zod-free module, or zod would be in the page's JavaScript.
import { searchPageQuerySchema, searchParamsObject, toListingFilters } from '../../contracts/listing';
import { MAX_SHOWN, SEARCH_FIRST_COUNT, SEARCH_MORE_COUNT } from '../../contracts/listing-values';
import { CurrencyNote } from '../features/catalogue/currency-note';
import { ListingError } from '../features/catalogue/listing-error';
import { hrefWith } from '../features/catalogue/listing-url';
import { listingCategory } from '../features/catalogue/load-listing.server';
import { SortSelect } from '../features/catalogue/sort-select';
import { publicPageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';
import { translator, useT } from '../i18n/i18n';
import { ProductGrid } from '../ui/product-card';
import { Select } from '../ui/select';
import type { Route } from './+types/search';

export const handle: I18nHandle = { i18n: ['catalogue', 'listing'] };

/**
 * SPEC §2 "Search products": searchText, productType, selectVal (a category) and sortBy; 9 products
 * first, "Load More Products" adds 3 (the count is kept in `limit`, so the page works without
 * JavaScript and a link reproduces it), "End Of Products" once everything is shown.
 */
export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  // `q` is what other shops and search engines send: one address per search, the form's own name.
  if (url.searchParams.has('q') && !url.searchParams.has('searchText')) {
    url.searchParams.set('searchText', url.searchParams.get('q') ?? '');
    url.searchParams.delete('q');
    throw redirect(`${url.pathname}${url.search}`, 301);
  }
  const query = parseQuery(searchPageQuerySchema, searchParamsObject(url.searchParams));
  const filters = toListingFilters(query);
  await listingCategory(context, filters, false);
  const limit = query.limit ?? SEARCH_FIRST_COUNT;
  const { items, total } = await context.services.catalogue.listWithTotal({
    filters,
    sort: query.sortBy ?? 'default',
    offset: 0,
    limit,
    lang: context.prefs.lang,
  });
  return {
    items,
    total,
    searchText: filters.searchText,
    ignoredSearchText: query.searchText && !filters.searchText ? query.searchText : null,
    productType: filters.productType,
    lang: context.prefs.lang,
    publicUrl: context.publicUrl,
  };
});

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = translator(data.lang);
  const title = data.searchText ? t('search.resultsFor', { query: data.searchText }) : t('search.title');
  return [
    { title: `${title} | ${t('shop.name')}` },
    { name: 'description', content: t('search.metaDescription') },
    { name: 'robots', content: 'noindex, follow' },
    { tagName: 'link', rel: 'canonical', href: `${data.publicUrl}/pages/search` },
  ];
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const { items, total, searchText, ignoredSearchText, productType } = loaderData;
  const params = new URLSearchParams(location.search);
  const shown = items.length;
  const nextLimit = Math.min(shown + SEARCH_MORE_COUNT, MAX_SHOWN);
  const moreHref = `${location.pathname}${hrefWith(params, { limit: String(nextLimit) }, { keepPosition: true })}`;

  // After "Load More Products", keyboard and screen-reader users continue at the first new product.
  const loadingMore = useRef<number | null>(null);
  useEffect(() => {
    const before = loadingMore.current;
    if (before !== null && shown > before) {
      document.querySelector<HTMLElement>(`#produse [data-product-index="${before}"] h3 a`)?.focus();
      loadingMore.current = null;
    }
  }, [shown]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="font-serif text-3xl font-bold">
        {searchText ? t('search.resultsFor', { query: searchText }) : t('search.title')}
      </h1>
      <div className="mt-6 md:grid md:grid-cols-[15rem_1fr] md:gap-8">
        <Form discover="none" method="get" action="/pages/search" className="flex flex-col gap-3 self-start">
          <label className="flex flex-col text-sm font-medium">
            {t('search.formLabel')}
            <input
              key={searchText ?? ''}
              type="search"
              name="searchText"
              defaultValue={searchText ?? ''}
              maxLength={200}
              className="mt-1 rounded border border-line bg-white px-3 py-2 font-normal"
            />
          </label>
          <Select
            id="search-product-type"
            label={t('search.productType')}
            labelClassName="text-sm font-medium"
            stacked
            key={productType ?? ''}
            name="productType"
            defaultValue={productType ?? ''}
          >
            <option value="">{t('search.allTypes')}</option>
            {productTypes.map((type) => (
              <option key={type} value={type}>
                {t(`productType.${type}`)}
              </option>
            ))}
          </Select>
          {params.get('sortBy') && <input type="hidden" name="sortBy" value={params.get('sortBy') ?? ''} />}
          <button
            type="submit"
            className="self-start rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
          >
            {t('header.search.submit')}
          </button>
        </Form>

        <section id="produse" aria-labelledby="search-results-heading" className="mt-6 scroll-mt-4 md:mt-0">
          {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
          <h2 id="search-results-heading" className="sr-only">
            {t('listing.resultsHeading')}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-3">
            <p id="search-count" role="status" className="text-sm">
              {total === 0 ? t('listing.none') : t('listing.showing', { from: 1, to: shown, count: total })}
            </p>
            <SortSelect anchor="produse" />
          </div>
          {ignoredSearchText && (
            <p role="status" className="mt-3 rounded border border-line bg-white p-3 text-sm">
              {t('search.textIgnored', { query: ignoredSearchText })}
            </p>
          )}
          <CurrencyNote />
          {total === 0 ? (
            <div className="py-12 text-center">
              {searchText && <p className="text-lg">{t('search.empty', { query: searchText })}</p>}
              <p className="mt-2 text-muted">{t('search.emptyHint')}</p>
            </div>
          ) : (
            <div className="mt-4">
              <ProductGrid products={items} eagerCount={3} layout="rowsOfThree" />
            </div>
          )}
          <div className="mt-8 text-center">
            {shown < total && shown >= MAX_SHOWN ? (
              <p className="text-muted">{t('search.shownLimit', { max: MAX_SHOWN })}</p>
            ) : shown < total ? (
              <Link
                discover="none"
                to={moreHref}
                preventScrollReset
                replace
                onClick={() => {
                  loadingMore.current = shown;
                }}
                className="inline-block rounded border-2 border-brand px-6 py-2.5 font-semibold text-brand hover:bg-brand hover:text-white"
              >
                {t('search.loadMore')}
              </Link>
            ) : (
              total > 0 && <p className="font-semibold text-muted">{t('search.end')}</p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ListingError />;
}
