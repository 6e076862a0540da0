import { Form, Link } from 'react-router';
import { type AdminBlogRow, blogListQuerySchema } from '../../../contracts/admin-content';
import { formatDate } from '../../../contracts/dates';
import { parseQuery } from '../../../contracts/errors';
import { adminFieldClass, AdminTitle, FilterActions, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminResults } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import { assertPageExists } from '../../ui/pagination';
import type { Route } from './+types/blog';

export const handle = { i18n: ['admin-content', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const query = parseQuery(blogListQuerySchema, Object.fromEntries(url.searchParams));
  const page = await context.services.adminContent.blog.list(query);
  assertPageExists(query.page, page.lastPage);
  return { lang: context.prefs.lang, query: { q: query.q ?? '', state: query.state ?? '' }, page };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminContent.blog.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function columns(t: Translate, lang: 'ro' | 'en'): AdminColumn<AdminBlogRow>[] {
  return [
    {
      id: 'title',
      header: t('adminContent.blog.postTitle'),
      cell: ({ row }) => (
        <Link discover="none" to={`/admin/blog/${row.original.id}`} className="font-semibold text-brand underline">
          {row.original.title}
        </Link>
      ),
    },
    { id: 'author', header: t('adminContent.blog.author'), cell: ({ row }) => row.original.author },
    { id: 'category', header: t('adminContent.blog.category'), cell: ({ row }) => row.original.category },
    { id: 'type', header: t('adminContent.blog.type'), cell: ({ row }) => row.original.blog },
    {
      id: 'date',
      header: t('adminContent.blog.date'),
      cell: ({ row }) => <time dateTime={row.original.date}>{formatDate(`${row.original.date}T12:00:00Z`, lang)}</time>,
    },
    {
      id: 'state',
      header: t('adminContent.blog.state'),
      cell: ({ row }) =>
        row.original.published ? (
          <a href={`/pages/blog-details/${row.original.id}`} className="text-brand underline">
            {t('adminContent.blog.state.published')}
            <span className="sr-only">: {row.original.title}</span>
          </a>
        ) : (
          t('adminContent.blog.state.draft')
        ),
    },
  ];
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { query, page } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminTitle>{t('adminContent.blog.title')}</AdminTitle>
        <Link discover="none" to="/admin/blog/new" className={smallButtonClass}>
          {t('adminContent.blog.new')}
        </Link>
      </div>
      <Form discover="none" method="get" className="mb-6 rounded-lg border border-line bg-white p-4">
        <fieldset className="grid gap-4 sm:grid-cols-[2fr_1fr_auto]">
          <legend className="sr-only">{t('adminContent.filters')}</legend>
          <label className="text-sm font-semibold">
            {t('adminContent.blog.q')}
            <input type="search" name="q" defaultValue={query.q} className={adminFieldClass} />
          </label>
          <label className="text-sm font-semibold">
            {t('adminContent.blog.state')}
            <select name="state" defaultValue={query.state} className={adminFieldClass}>
              <option value="">{t('adminContent.all')}</option>
              <option value="published">{t('adminContent.blog.state.published')}</option>
              <option value="draft">{t('adminContent.blog.state.draft')}</option>
            </select>
          </label>
          <FilterActions resetTo="/admin/blog" />
        </fieldset>
      </Form>
      <AdminResults
        count={t('adminContent.count', { count: page.total })}
        empty={t('adminContent.empty')}
        caption={t('adminContent.blog.title')}
        columns={columns(t, lang)}
        rows={page.rows}
        rowKey={(r) => String(r.id)}
        page={page.page}
        lastPage={page.lastPage}
      />
    </>
  );
}
