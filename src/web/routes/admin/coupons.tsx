import { Form, Link } from 'react-router';
import { type AdminCouponRow, couponListQuerySchema } from '../../../contracts/admin-content';
import { parseQuery } from '../../../contracts/errors';
import { formatCurrencyAmount } from '../../../contracts/money';
import { adminFieldClass, AdminTitle, FilterActions, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminResults } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import { assertPageExists } from '../../ui/pagination';
import type { Route } from './+types/coupons';

export const handle = { i18n: ['admin-content', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const query = parseQuery(couponListQuerySchema, Object.fromEntries(url.searchParams));
  const page = await context.services.adminContent.coupons.list(query);
  assertPageExists(query.page, page.lastPage);
  return { lang: context.prefs.lang, query: { q: query.q ?? '' }, page };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminContent.coupons.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function columns(t: Translate, lang: 'ro' | 'en'): AdminColumn<AdminCouponRow>[] {
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return [
    {
      id: 'code',
      header: t('adminContent.coupons.couponCode'),
      cell: ({ row }) => (
        <Link
          discover="none"
          to={`/admin/coupons/${row.original.id}`}
          className="font-mono font-semibold text-brand underline"
        >
          {row.original.couponCode}
        </Link>
      ),
    },
    { id: 'title', header: t('adminContent.coupons.couponTitle'), cell: ({ row }) => row.original.title },
    {
      id: 'percent',
      header: t('adminContent.coupons.discountPercentage'),
      cell: ({ row }) => `${row.original.discountPercentage}%`,
    },
    {
      id: 'minimum',
      header: t('adminContent.coupons.minimumAmount'),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {formatCurrencyAmount({ sum: row.original.minimumAmount, currency: 'RON' }, lang)}
        </span>
      ),
    },
    { id: 'type', header: t('adminContent.coupons.productType'), cell: ({ row }) => row.original.productType },
    {
      id: 'end',
      header: t('adminContent.coupons.endTime'),
      cell: ({ row }) => <time dateTime={row.original.endTime}>{when.format(new Date(row.original.endTime))}</time>,
    },
    {
      id: 'state',
      header: t('adminContent.coupons.state'),
      cell: ({ row }) => (row.original.active ? t('adminContent.coupons.active') : t('adminContent.coupons.ended')),
    },
  ];
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { query, page } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminTitle>{t('adminContent.coupons.title')}</AdminTitle>
        <Link discover="none" to="/admin/coupons/new" className={smallButtonClass}>
          {t('adminContent.coupons.new')}
        </Link>
      </div>
      <Form discover="none" method="get" className="mb-6 rounded-lg border border-line bg-white p-4">
        <fieldset className="grid gap-4 sm:grid-cols-[2fr_auto]">
          <legend className="sr-only">{t('adminContent.filters')}</legend>
          <label className="text-sm font-semibold">
            {t('adminContent.coupons.q')}
            <input type="search" name="q" defaultValue={query.q} className={adminFieldClass} />
          </label>
          <FilterActions resetTo="/admin/coupons" />
        </fieldset>
      </Form>
      <AdminResults
        count={t('adminContent.count', { count: page.total })}
        empty={t('adminContent.empty')}
        caption={t('adminContent.coupons.title')}
        columns={columns(t, lang)}
        rows={page.rows}
        rowKey={(r) => String(r.id)}
        page={page.page}
        lastPage={page.lastPage}
      />
    </>
  );
}
