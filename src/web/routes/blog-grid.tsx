import type { I18nHandle } from '../i18n/areas';
import { data, Link, useLocation } from 'react-router';
import { BLOG_GRID_PAGE_SIZE, type BlogPostSummary, blogListQuerySchema } from '../../contracts/blog';
import { parseQuery } from '../../contracts/errors';
import { paginate, shownRange } from '../../contracts/pagination';
import { loadOrEmpty } from '../features/logged-only';
import { BlogCard } from '../features/blog/blog-card';
import { BlogSidebar } from '../features/blog/blog-sidebar';
import { translator, useT } from '../i18n/i18n';
import { blogValueLabel } from '../features/blog/blog-values';
import { PageHeader } from '../ui/page-header';
import { assertPageExists, Pagination, withParams } from '../ui/pagination';
import type { Route } from './+types/blog-grid';
import { publicPageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';

export const handle: I18nHandle = { i18n: ['content'] };

/** /pages/blog-grid and /pages/blog-list: the same screen (SPEC §2), posts of type blog-grid, 6 a page. */
export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  const layout = url.pathname.endsWith('/blog-list') ? 'list' : 'grid';
  const query = parseQuery(blogListQuerySchema, Object.fromEntries(url.searchParams));
  const filters = { ...query, type: 'blog-grid' as const, per_page: BLOG_GRID_PAGE_SIZE };
  const { value, failed } = await loadOrEmpty(
    () => Promise.all([context.services.blog.list(filters), context.services.blog.sidebar('blog-grid')]),
    [
      paginate<BlogPostSummary>([], 0, query.page, BLOG_GRID_PAGE_SIZE),
      { categories: [], recent: [], tags: [] },
    ] as const,
    context.log,
    'blog list',
  );
  const [posts, sidebar] = value;
  if (!failed) assertPageExists(posts.current_page, posts.last_page);
  const payload = {
    layout,
    posts,
    sidebar,
    filters: { category: query.category, tag: query.tag, search: query.search },
    lang: context.prefs.lang,
    url: `${context.publicUrl}/pages/blog-grid`,
  } as const;
  return data(payload, { status: failed ? 503 : 200 });
});

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  const t = translator(data?.lang ?? 'ro');
  return [
    { title: `${t('blog.standard')} | ${t('shop.name')}` },
    { name: 'description', content: t('blog.description') },
    { tagName: 'link', rel: 'canonical', href: data?.url ?? '' },
  ];
};

export default function BlogGrid({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const { posts, layout, sidebar, filters } = loaderData;
  const range = shownRange(posts);
  const basePath = layout === 'list' ? '/pages/blog-list' : '/pages/blog-grid';
  const toggle = (target: 'grid' | 'list', label: string) => (
    <Link
      discover="none"
      to={`/pages/blog-${target}${withParams(search, {})}`}
      aria-current={layout === target ? 'page' : undefined}
      className="rounded border border-line bg-white px-3 py-1.5 text-sm aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
    >
      {label}
    </Link>
  );
  const activeFilter = filters.category
    ? blogValueLabel(t, 'category', filters.category)
    : filters.tag
      ? blogValueLabel(t, 'tag', filters.tag)
      : filters.search;
  return (
    <>
      <PageHeader title={t('blog.standard')} crumbs={[{ name: t('page.blog'), href: '/pages/blog' }]} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="blog-results">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <p id="blog-results" aria-live="polite">
              {t('blog.showing', { from: range.from, to: range.to, count: range.total })}
              {activeFilter && (
                <>
                  {' '}
                  · {t('blog.filteredBy', { filter: activeFilter })}{' '}
                  <Link discover="none" to={basePath} className="text-brand underline">
                    {t('blog.clearFilter')}
                  </Link>
                </>
              )}
            </p>
            <nav aria-label={t('blog.view')} className="flex gap-2">
              {toggle('grid', t('blog.viewGrid'))}
              {toggle('list', t('blog.viewList'))}
            </nav>
          </div>
          {posts.data.length === 0 ? (
            <p className="rounded-lg border border-line bg-white p-8 text-center">{t('blog.empty')}</p>
          ) : (
            <ul className={layout === 'grid' ? 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3' : 'space-y-6'}>
              {posts.data.map((post) => (
                <li key={post.id}>
                  <BlogCard post={post} layout={layout} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={posts.current_page} lastPage={posts.last_page} />
        </section>
        <BlogSidebar sidebar={sidebar} search={filters.search} basePath={basePath} />
      </div>
    </>
  );
}
