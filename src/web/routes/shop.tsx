import type { I18nHandle } from '../i18n/areas';
import { parseQuery } from '../../contracts/errors';
// Schemas for the loader only (React Router drops them from the browser's bundle with it); what the
// component uses comes from the zod-free module, or zod would be in every listing's JavaScript.
import { searchParamsObject, shopPageQuerySchema, toListingFilters } from '../../contracts/listing';
import { SHOP_PAGE_SIZE } from '../../contracts/listing-values';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { breadcrumbJsonLd } from '../features/catalogue/breadcrumb-json-ld';
import { CurrencyNote } from '../features/catalogue/currency-note';
import { ListingError } from '../features/catalogue/listing-error';
import { hasFacetFilters } from '../features/catalogue/listing-url';
import { listingCategory } from '../features/catalogue/load-listing.server';
import { SortSelect } from '../features/catalogue/sort-select';
import { publicPageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';
import { translator, useT } from '../i18n/i18n';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { assertPageExists, Pagination } from '../ui/pagination';
import { ProductGrid } from '../ui/product-card';
import type { Route } from './+types/shop';

export const handle: I18nHandle = { i18n: ['catalogue', 'listing'] };

/**
 * The chips of the filters in force exist only on a filtered listing: the plain /shop, the first page most
 * visitors land on, does not load their code (issue 14). A filtered page's server HTML holds them already.
 */
/**
 * The facets panel's code (~2 KB gzip) is not part of the first load either (issue 14): the server renders the
 * panel, a plain GET form that works before its code arrives; the browser keeps that HTML and hydrates it once
 * the code is here (React replays a click made meanwhile). On a navigation from another page the empty column
 * holds its place until then.
 */
const FacetsPanel = lazy(() => import('../features/catalogue/facets-panel').then((m) => ({ default: m.FacetsPanel })));

const ActiveFilters = lazy(() =>
  import('../features/catalogue/active-filters').then((m) => ({ default: m.ActiveFilters })),
);

/** /shop and /shop/:categorySlug: the catalogue with facets, sort and pages; the whole state in the URL. */
export const loader = withPageErrors(async ({ url, params, context }: Route.LoaderArgs) => {
  const query = parseQuery(shopPageQuerySchema, searchParamsObject(url.searchParams));
  const filters = toListingFilters(query, params.categorySlug);
  const category = await listingCategory(context, filters, params.categorySlug !== undefined);
  const page = query.page ?? 1;
  const result = await context.services.catalogue.list({
    filters,
    sort: query.sortBy ?? 'default',
    offset: (page - 1) * SHOP_PAGE_SIZE,
    limit: SHOP_PAGE_SIZE,
    lang: context.prefs.lang,
  });
  const lastPage = Math.max(1, Math.ceil(result.total / SHOP_PAGE_SIZE));
  assertPageExists(page, lastPage);
  const basePath = category ? `/shop/${category.slug}` : '/shop';
  const narrowed = hasFacetFilters(url.searchParams) || url.searchParams.has('sortBy');
  return {
    ...result,
    page,
    lastPage,
    category,
    basePath,
    lang: context.prefs.lang,
    publicUrl: context.publicUrl,
    // Filtered and sorted variants point to the plain listing; its pages keep their number.
    canonical: `${context.publicUrl}${basePath}${page > 1 && !narrowed ? `?page=${page}` : ''}`,
    narrowed,
  };
});

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = translator(data.lang);
  const name = data.category?.name ?? t('shop.title');
  const pageSuffix = data.page > 1 ? ` – ${t('pagination.page', { n: data.page })}` : '';
  const crumbs = [
    { name: t('nav.home'), path: '/' },
    { name: t('nav.shop'), path: '/shop' },
    ...(data.category?.path ?? []).map((c) => ({ name: c.name, path: `/shop/${c.slug}` })),
  ];
  return [
    { title: `${name}${pageSuffix} | ${t('shop.name')}` },
    {
      name: 'description',
      content: data.category
        ? t('shop.categoryMetaDescription', { name, count: data.total })
        : t('shop.metaDescription'),
    },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    ...(data.narrowed ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { 'script:ld+json': breadcrumbJsonLd(crumbs, data.publicUrl) },
  ];
};

export default function Shop({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const filtered = hasFacetFilters(new URLSearchParams(useLocation().search));
  const { items, total, facets, page, lastPage, category, basePath } = loaderData;
  const title = category?.name ?? t('shop.title');
  const crumbs = category
    ? [
        { name: t('nav.shop'), href: '/shop' },
        ...category.path.slice(0, -1).map((c) => ({ name: c.name, href: `/shop/${c.slug}` })),
      ]
    : [];
  const from = total === 0 ? 0 : (page - 1) * SHOP_PAGE_SIZE + 1;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={crumbs} current={category ? title : t('nav.shop')} />
      <h1 className="mt-3 font-serif text-3xl font-bold">{title}</h1>
      <div className="mt-6 md:grid md:grid-cols-[15rem_1fr] md:gap-8">
        <Suspense fallback={<div className="hidden md:block" />}>
          <FacetsPanel facets={facets} basePath={basePath} />
        </Suspense>
        <section id="produse" aria-labelledby="results-heading" className="scroll-mt-4">
          {/* The cards' titles are h3; on a phone the filters' h2 comes after them. */}
          <h2 id="results-heading" className="sr-only">
            {t('listing.resultsHeading')}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-3">
            <a
              href="#filtre"
              className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand md:hidden"
            >
              {t('facets.show')}
            </a>
            <p id="results-count" role="status" className="text-sm">
              {total === 0
                ? t('listing.none')
                : t('listing.showing', { from, to: from + items.length - 1, count: total })}
            </p>
            <SortSelect anchor="produse" />
          </div>
          {filtered && (
            <Suspense fallback={null}>
              <ActiveFilters basePath={basePath} />
            </Suspense>
          )}
          <CurrencyNote />
          <div className="mt-4">
            {items.length > 0 ? (
              <ProductGrid products={items} eagerCount={3} layout="besideSidebar" />
            ) : (
              <p className="py-12 text-center text-muted">{t('listing.noProducts')}</p>
            )}
          </div>
          <Pagination page={page} lastPage={lastPage} />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ListingError />;
}
