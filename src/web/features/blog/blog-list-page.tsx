import { type AppLoadContext, data } from 'react-router';
import { BLOG_LIST_PAGE_SIZE, type BlogPostSummary, blogListQuerySchema } from '../../../contracts/blog';
import { parseQuery } from '../../../contracts/errors';
import { type Paginated, paginate } from '../../../contracts/pagination';
import { loadOrEmpty } from '../logged-only';
import { useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import { PageHeader } from '../../ui/page-header';
import { assertPageExists, Pagination } from '../../ui/pagination';
import { BlogCard } from './blog-card';

/** "Blogul nostru": every post, newest first, 4 a page (SPEC §2, §9). */
export const loadBlogList = withPageErrors(async ({ url, context }: { url: URL; context: AppLoadContext }) => {
  const query = parseQuery(blogListQuerySchema, Object.fromEntries(url.searchParams));
  const { value: posts, failed } = await loadOrEmpty(
    () => context.services.blog.list({ page: query.page, per_page: BLOG_LIST_PAGE_SIZE }),
    paginate<BlogPostSummary>([], 0, query.page, BLOG_LIST_PAGE_SIZE),
    context.log,
    'blog list',
  );
  if (!failed) assertPageExists(posts.current_page, posts.last_page);
  return data(
    { posts, lang: context.prefs.lang, url: `${context.publicUrl}/pages/blog` },
    { status: failed ? 503 : 200 },
  );
});

export function BlogListPage({ posts }: { posts: Paginated<BlogPostSummary> }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('blog.ours')} current={t('page.blog')} />
      <section aria-label={t('blog.ours')} className="mx-auto max-w-4xl px-4 py-8">
        {posts.data.length === 0 ? (
          <p className="rounded-lg border border-line bg-white p-8 text-center">{t('blog.empty')}</p>
        ) : (
          <ul className="space-y-6">
            {posts.data.map((post) => (
              <li key={post.id}>
                <BlogCard post={post} layout="list" />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={posts.current_page} lastPage={posts.last_page} />
      </section>
    </>
  );
}
