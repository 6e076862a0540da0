import { Form, Link, useLocation } from 'react-router';
import {
  ADMIN_ORDER_STATUSES,
  type AdminOrderRow,
  type AdminOrderSort,
  adminOrderQuerySchema,
} from '../../../contracts/admin-orders';
import { PAYMENT_STATES } from '../../../contracts/checkout';
import { parseQuery } from '../../../contracts/errors';
import { formatCurrencyAmount } from '../../../contracts/money';
import { AdminTitle, adminFieldClass, DateRangeAndActions } from '../../features/admin/admin-form';
import { type AdminColumn, AdminResults } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import { assertPageExists, withParams } from '../../ui/pagination';
import type { Route } from './+types/orders';

export const handle = { i18n: ['admin', 'admin-orders'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'orders');
  const query = parseQuery(adminOrderQuerySchema, Object.fromEntries(url.searchParams));
  const page = await context.services.adminOrders.list(query);
  assertPageExists(query.page, page.lastPage);
  return {
    lang: context.prefs.lang,
    query: {
      status: query.status ?? '',
      payment: query.payment ?? '',
      carrier: query.carrier ? String(query.carrier) : '',
      country: query.country ?? '',
      from: query.from ?? '',
      to: query.to ?? '',
      q: query.q ?? '',
      sort: query.sort,
    },
    page,
  };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('admin.orders.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

/** A column header that sorts by it: descending first, the other way when already sorted so. */
function SortHeader({
  label,
  column,
  current,
}: {
  label: string;
  column: 'created' | 'total' | 'number';
  current: AdminOrderSort;
}) {
  const t = useT();
  const location = useLocation();
  const active = current === column || current === `-${column}`;
  const next: AdminOrderSort = current === `-${column}` ? column : (`-${column}` as AdminOrderSort);
  const href = `${location.pathname}${withParams(new URLSearchParams(location.search), { sort: next, page: undefined })}`;
  const state = !active ? '' : current.startsWith('-') ? t('admin.orders.sortedDesc') : t('admin.orders.sortedAsc');
  return (
    <Link discover="none" to={href} className="text-brand underline" aria-label={state ? `${label}, ${state}` : label}>
      {label}
      {active && <span aria-hidden="true">{current.startsWith('-') ? ' ↓' : ' ↑'}</span>}
    </Link>
  );
}

function columns(t: Translate, lang: string, sort: AdminOrderSort): AdminColumn<AdminOrderRow>[] {
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return [
    {
      id: 'number',
      header: () => <SortHeader label={t('admin.orders.number')} column="number" current={sort} />,
      cell: ({ row }) => (
        <Link
          discover="none"
          to={`/admin/orders/${row.original.id}`}
          className="whitespace-nowrap font-mono text-brand underline"
          aria-label={t('adminOrders.open', { number: row.original.number })}
        >
          {row.original.number}
        </Link>
      ),
    },
    {
      id: 'created',
      header: () => <SortHeader label={t('admin.orders.date')} column="created" current={sort} />,
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{when.format(new Date(row.original.createdAt))}</time>,
    },
    {
      id: 'customer',
      header: t('admin.orders.customer'),
      cell: ({ row }) => (
        <>
          {row.original.customer}
          <br />
          <span className="text-muted">{row.original.email}</span>
          <br />
          <span className="text-muted">{row.original.phone}</span>
        </>
      ),
    },
    { id: 'country', header: t('admin.orders.country'), cell: ({ row }) => row.original.country },
    { id: 'carrier', header: t('admin.orders.carrier'), cell: ({ row }) => row.original.carrier },
    {
      id: 'status',
      header: t('admin.orders.status'),
      cell: ({ row }) => t(`admin.orders.status.${row.original.status}`),
    },
    {
      id: 'payment',
      header: t('admin.orders.payment'),
      cell: ({ row }) => t(`admin.orders.payment.${row.original.paymentState}`),
    },
    {
      id: 'total',
      header: () => <SortHeader label={t('admin.orders.total')} column="total" current={sort} />,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {formatCurrencyAmount({ sum: row.original.total, currency: 'RON' }, lang)}
        </span>
      ),
    },
  ];
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { query, page } = loaderData;
  const location = useLocation();
  return (
    <>
      <AdminTitle>{t('admin.orders.title')}</AdminTitle>
      <Form discover="none" method="get" className="mb-6 rounded-lg border border-line bg-white p-4">
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="sr-only">{t('admin.audit.filters')}</legend>
          <label className="text-sm font-semibold sm:col-span-2">
            {t('admin.orders.q')}
            <input type="search" name="q" defaultValue={query.q} className={adminFieldClass} />
          </label>
          <label className="text-sm font-semibold">
            {t('admin.orders.status')}
            <select name="status" defaultValue={query.status} className={adminFieldClass}>
              <option value="">{t('admin.audit.allEntities')}</option>
              {ADMIN_ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`admin.orders.status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            {t('admin.orders.payment')}
            <select name="payment" defaultValue={query.payment} className={adminFieldClass}>
              <option value="">{t('admin.audit.allEntities')}</option>
              {PAYMENT_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`admin.orders.payment.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            {t('admin.orders.carrier')}
            <select name="carrier" defaultValue={query.carrier} className={adminFieldClass}>
              <option value="">{t('admin.audit.allEntities')}</option>
              {page.carriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            {t('admin.orders.country')}
            <input
              name="country"
              defaultValue={query.country}
              maxLength={2}
              placeholder="RO"
              className={`${adminFieldClass} uppercase`}
            />
          </label>
          <input type="hidden" name="sort" value={query.sort} />
          <DateRangeAndActions from={query.from} to={query.to} resetTo="/admin/orders" />
        </fieldset>
      </Form>
      <p className="mb-2 text-sm">
        {/* The same query as the list (the page left out: the export has every matching order). */}
        <a
          href={`/admin/orders/export.csv${withParams(new URLSearchParams(location.search), { page: undefined })}`}
          className="text-brand underline"
          download
        >
          {t('adminOrders.export')}
        </a>
      </p>
      <AdminResults
        count={t(page.more ? 'admin.orders.countMore' : 'admin.orders.count', { count: page.total })}
        empty={t('admin.orders.empty')}
        caption={t('admin.orders.title')}
        columns={columns(t, lang, query.sort)}
        rows={page.rows}
        rowKey={(r) => String(r.id)}
        page={page.page}
        lastPage={page.lastPage}
      />
    </>
  );
}
