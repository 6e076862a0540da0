import { Form, Link } from 'react-router';
import { type AdminMessageRow, messageListQuerySchema } from '../../../contracts/admin-content';
import { parseQuery } from '../../../contracts/errors';
import { adminFieldClass, AdminTitle, FilterActions } from '../../features/admin/admin-form';
import { type AdminColumn, AdminResults } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import { assertPageExists } from '../../ui/pagination';
import type { Route } from './+types/messages';

export const handle = { i18n: ['admin-content', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const query = parseQuery(messageListQuerySchema, Object.fromEntries(url.searchParams));
  const page = await context.services.adminContent.messages.list(query);
  assertPageExists(query.page, page.lastPage);
  return { lang: context.prefs.lang, query: { state: query.state ?? '' }, page };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminContent.messages.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

export function messageDateFormat(lang: 'ro' | 'en') {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });
}

function columns(t: Translate, lang: 'ro' | 'en'): AdminColumn<AdminMessageRow>[] {
  const when = messageDateFormat(lang);
  return [
    {
      id: 'date',
      header: t('adminContent.messages.date'),
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{when.format(new Date(row.original.createdAt))}</time>,
    },
    {
      id: 'subject',
      header: t('adminContent.messages.subject'),
      cell: ({ row }) => (
        <Link
          discover="none"
          to={`/admin/messages/${row.original.id}`}
          className={`text-brand underline ${row.original.handledAt ? '' : 'font-bold'}`}
        >
          {row.original.subject}
        </Link>
      ),
    },
    {
      id: 'from',
      header: t('adminContent.messages.from'),
      cell: ({ row }) => (
        <>
          {row.original.name}
          <br />
          <span className="text-muted">{row.original.email}</span>
        </>
      ),
    },
    {
      id: 'state',
      header: t('adminContent.messages.state'),
      cell: ({ row }) =>
        row.original.handledAt ? t('adminContent.messages.state.handled') : t('adminContent.messages.state.open'),
    },
  ];
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { query, page } = loaderData;
  return (
    <>
      <AdminTitle>{t('adminContent.messages.title')}</AdminTitle>
      <Form discover="none" method="get" className="mb-6 rounded-lg border border-line bg-white p-4">
        <fieldset className="flex flex-wrap items-end gap-4">
          <legend className="sr-only">{t('adminContent.filters')}</legend>
          <label className="text-sm font-semibold">
            {t('adminContent.messages.state')}
            <select name="state" defaultValue={query.state} className={adminFieldClass}>
              <option value="">{t('adminContent.all')}</option>
              <option value="open">{t('adminContent.messages.state.open')}</option>
              <option value="handled">{t('adminContent.messages.state.handled')}</option>
            </select>
          </label>
          <FilterActions resetTo="/admin/messages" />
        </fieldset>
      </Form>
      <AdminResults
        count={t('adminContent.count', { count: page.total })}
        empty={t('adminContent.empty')}
        caption={t('adminContent.messages.title')}
        columns={columns(t, lang)}
        rows={page.rows}
        rowKey={(r) => String(r.id)}
        page={page.page}
        lastPage={page.lastPage}
      />
    </>
  );
}
