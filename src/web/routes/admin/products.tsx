import { Form, Link, useLocation } from 'react-router';
import {
  ARCHIVE_FILTERS,
  type AdminProductRow,
  type AdminProductSort,
  adminProductQuerySchema,
  STOCK_FILTERS,
  stockLevel,
} from '../../../contracts/admin-catalogue';
import { parseQuery } from '../../../contracts/errors';
import { formatCurrencyAmount } from '../../../contracts/money';
import { canOpen } from '../../../contracts/staff';
import { adminFieldClass, AdminTitle, FilterActions, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminResults } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import { assertPageExists, withParams } from '../../ui/pagination';
import type { Route } from './+types/products';

export const handle = { i18n: ['admin-catalogue', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  const staff = await requireStaff(context, url, 'stock');
  const query = parseQuery(adminProductQuerySchema, Object.fromEntries(url.searchParams));
  const admin = context.services.catalogueAdmin;
  const [page, categories] = await Promise.all([admin.list(query), admin.categories()]);
  assertPageExists(query.page, page.lastPage);
  return {
    lang: context.prefs.lang,
    canEdit: canOpen(staff.role, 'catalogue'),
    categories: categories.map((c) => ({ id: c.id, name: c.name, depth: c.depth })),
    query: {
      q: query.q ?? '',
      category: query.category ? String(query.category) : '',
      stock: query.stock ?? '',
      archived: query.archived,
      sort: query.sort ?? '',
    },
    page,
  };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminCatalogue.products.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

type SortColumn = 'title' | 'price' | 'stock' | 'created';

/** A header that sorts by its column: ascending first for text, descending for numbers; again for the other way. */
function SortHeader({ label, column, current }: { label: string; column: SortColumn; current: AdminProductSort }) {
  const t = useT();
  const location = useLocation();
  const first = column === 'title' ? column : (`-${column}` as AdminProductSort);
  const active = current === column || current === `-${column}`;
  const next = active ? ((current.startsWith('-') ? column : `-${column}`) as AdminProductSort) : first;
  const href = `${location.pathname}${withParams(new URLSearchParams(location.search), { sort: next, page: undefined })}`;
  const descending = current.startsWith('-');
  const state = active
    ? t(descending ? 'adminCatalogue.products.sortedDesc' : 'adminCatalogue.products.sortedAsc')
    : '';
  return (
    <Link discover="none" to={href} className="text-brand underline" aria-label={state ? `${label}, ${state}` : label}>
      {label}
      {active && <span aria-hidden="true">{descending ? ' ↓' : ' ↑'}</span>}
    </Link>
  );
}

function columns(t: Translate, lang: string, sort: AdminProductSort): AdminColumn<AdminProductRow>[] {
  const money = (bani: number) => formatCurrencyAmount({ sum: bani, currency: 'RON' }, lang);
  return [
    {
      id: 'sku',
      header: t('adminCatalogue.products.sku'),
      cell: ({ row }) => <span className="font-mono">{row.original.sku}</span>,
    },
    {
      id: 'title',
      header: () => <SortHeader label={t('adminCatalogue.products.product')} column="title" current={sort} />,
      cell: ({ row }) => (
        <>
          <Link
            discover="none"
            to={`/admin/products/${row.original.id}`}
            className="font-semibold text-brand underline"
          >
            {row.original.title}
          </Link>
          {row.original.archived && (
            <span className="ml-2 rounded bg-paper px-1.5 text-xs font-semibold">
              {t('adminCatalogue.products.archivedBadge')}
            </span>
          )}
          {row.original.isbn && <div className="text-muted">ISBN {row.original.isbn}</div>}
        </>
      ),
    },
    { id: 'category', header: t('adminCatalogue.products.category'), cell: ({ row }) => row.original.category },
    {
      id: 'price',
      header: () => <SortHeader label={t('adminCatalogue.products.price')} column="price" current={sort} />,
      cell: ({ row }) => {
        const { sellingPrice, specialPrice } = row.original;
        return specialPrice !== null && specialPrice < sellingPrice ? (
          <span className="whitespace-nowrap">
            {money(specialPrice)} <s className="text-muted">{money(sellingPrice)}</s>
          </span>
        ) : (
          <span className="whitespace-nowrap">{money(sellingPrice)}</span>
        );
      },
    },
    {
      id: 'stock',
      header: () => <SortHeader label={t('adminCatalogue.products.stock')} column="stock" current={sort} />,
      cell: ({ row }) => (
        <>
          {row.original.quantity}{' '}
          <span className="text-muted">({t(`adminCatalogue.products.stock.${stockLevel(row.original)}`)})</span>
        </>
      ),
    },
  ];
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { query, page, categories, canEdit } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminTitle>{t('adminCatalogue.products.title')}</AdminTitle>
        {canEdit && (
          <Link discover="none" to="/admin/products/new" className={smallButtonClass}>
            {t('adminCatalogue.products.new')}
          </Link>
        )}
      </div>
      <Form discover="none" method="get" className="mb-6 rounded-lg border border-line bg-white p-4">
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <legend className="sr-only">{t('admin.audit.filters')}</legend>
          <label className="text-sm font-semibold sm:col-span-2">
            {t('adminCatalogue.products.q')}
            <input type="search" name="q" defaultValue={query.q} className={adminFieldClass} />
          </label>
          <label className="text-sm font-semibold">
            {t('adminCatalogue.products.category')}
            <select name="category" defaultValue={query.category} className={adminFieldClass}>
              <option value="">{t('adminCatalogue.products.allCategories')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${'— '.repeat(c.depth)}${c.name}`}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            {t('adminCatalogue.products.stock')}
            <select name="stock" defaultValue={query.stock} className={adminFieldClass}>
              <option value="">{t('adminCatalogue.products.stock.all')}</option>
              {STOCK_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {t(`adminCatalogue.products.stock.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            {t('adminCatalogue.products.archived')}
            <select name="archived" defaultValue={query.archived} className={adminFieldClass}>
              {ARCHIVE_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {t(`adminCatalogue.products.archived.${s}`)}
                </option>
              ))}
            </select>
          </label>
          {query.sort && <input type="hidden" name="sort" value={query.sort} />}
          <FilterActions resetTo="/admin/products" />
        </fieldset>
      </Form>
      {page.sort === 'relevance' && <p className="mb-2 text-sm text-muted">{t('adminCatalogue.products.relevance')}</p>}
      <AdminResults
        count={t('adminCatalogue.products.count', { count: page.total })}
        empty={t('adminCatalogue.products.empty')}
        caption={t('adminCatalogue.products.title')}
        columns={columns(t, lang, page.sort)}
        rows={page.rows}
        rowKey={(r) => String(r.id)}
        page={page.page}
        lastPage={page.lastPage}
      />
    </>
  );
}
