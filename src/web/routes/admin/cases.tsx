import { Form, Link } from 'react-router';
import { type AdminCaseRow, caseListQuerySchema } from '../../../contracts/admin-content';
import { CASE_STATUSES } from '../../../contracts/cases';
import { formatDate } from '../../../contracts/dates';
import { parseQuery } from '../../../contracts/errors';
import { formatCurrencyAmount } from '../../../contracts/money';
import { adminFieldClass, AdminTitle, FilterActions, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminResults } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import { assertPageExists } from '../../ui/pagination';
import type { Route } from './+types/cases';

export const handle = { i18n: ['admin-content', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const query = parseQuery(caseListQuerySchema, Object.fromEntries(url.searchParams));
  const page = await context.services.adminContent.cases.list(query);
  assertPageExists(query.page, page.lastPage);
  return { lang: context.prefs.lang, query: { q: query.q ?? '', status: query.status ?? '' }, page };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminContent.cases.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function columns(t: Translate, lang: 'ro' | 'en'): AdminColumn<AdminCaseRow>[] {
  return [
    {
      id: 'title',
      header: t('adminContent.cases.caseTitle'),
      cell: ({ row }) => (
        <Link discover="none" to={`/admin/cases/${row.original.id}`} className="font-semibold text-brand underline">
          {row.original.caseTitle}
        </Link>
      ),
    },
    {
      id: 'beneficiary',
      header: t('adminContent.cases.beneficiaryName'),
      cell: ({ row }) => row.original.beneficiaryName,
    },
    { id: 'category', header: t('adminContent.cases.category'), cell: ({ row }) => row.original.category },
    {
      id: 'status',
      header: t('adminContent.cases.status'),
      cell: ({ row }) => t(`adminContent.cases.status.${row.original.status}`),
    },
    {
      id: 'sum',
      header: t('adminContent.cases.necessarySum'),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {formatCurrencyAmount({ sum: row.original.necessarySum, currency: row.original.currency }, lang)}
        </span>
      ),
    },
    {
      id: 'deadline',
      header: t('adminContent.cases.deadline'),
      cell: ({ row }) => (
        <time dateTime={row.original.deadline}>{formatDate(`${row.original.deadline}T12:00:00Z`, lang)}</time>
      ),
    },
    {
      id: 'shop',
      header: t('adminContent.onShop'),
      cell: ({ row }) => (
        <a href={row.original.path} className="text-brand underline">
          {t('adminContent.view')}
          <span className="sr-only">: {row.original.caseTitle}</span>
        </a>
      ),
    },
  ];
}

export default function AdminCases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { query, page } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminTitle>{t('adminContent.cases.title')}</AdminTitle>
        <Link discover="none" to="/admin/cases/new" className={smallButtonClass}>
          {t('adminContent.cases.new')}
        </Link>
      </div>
      <Form discover="none" method="get" className="mb-6 rounded-lg border border-line bg-white p-4">
        <fieldset className="grid gap-4 sm:grid-cols-[2fr_1fr_auto]">
          <legend className="sr-only">{t('adminContent.filters')}</legend>
          <label className="text-sm font-semibold">
            {t('adminContent.cases.q')}
            <input type="search" name="q" defaultValue={query.q} className={adminFieldClass} />
          </label>
          <label className="text-sm font-semibold">
            {t('adminContent.cases.status')}
            <select name="status" defaultValue={query.status} className={adminFieldClass}>
              <option value="">{t('adminContent.all')}</option>
              {CASE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`adminContent.cases.status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <FilterActions resetTo="/admin/cases" />
        </fieldset>
      </Form>
      <AdminResults
        count={t('adminContent.count', { count: page.total })}
        empty={t('adminContent.empty')}
        caption={t('adminContent.cases.title')}
        columns={columns(t, lang)}
        rows={page.rows}
        rowKey={(r) => String(r.id)}
        page={page.page}
        lastPage={page.lastPage}
      />
    </>
  );
}
