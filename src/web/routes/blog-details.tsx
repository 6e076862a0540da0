import type { I18nHandle } from '../i18n/areas';
import { data, Link } from 'react-router';
import { youtubeUrl } from '../../contracts/blog';
import { formatDate } from '../../contracts/dates';
import { numericIdSchema } from '../../contracts/pagination';
import { BlogSidebar } from '../features/blog/blog-sidebar';
import { translator, useLanguage, useT } from '../i18n/i18n';
import { blogValueLabel } from '../features/blog/blog-values';
import { ImageCarousel } from '../ui/image-carousel';
import { PageHeader } from '../ui/page-header';
import { Prose } from '../ui/prose';
import type { Route } from './+types/blog-details';
import { publicPageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';

export const handle: I18nHandle = { i18n: ['content'] };

export const loader = withPageErrors(async ({ params, context }: Route.LoaderArgs) => {
  const id = numericIdSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const [found, sidebar] = await Promise.all([context.services.blog.byId(id.data), context.services.blog.sidebar()]);
  return { ...found, sidebar, lang: context.prefs.lang, url: `${context.publicUrl}/pages/blog-details/${id.data}` };
});

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [];
  const t = translator(loaded.lang);
  return [
    { title: `${loaded.post.title} | ${t('shop.name')}` },
    { name: 'description', content: loaded.post.sm_desc },
    { tagName: 'link', rel: 'canonical', href: loaded.url },
  ];
};

export default function BlogDetails({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { post, previous, next, sidebar } = loaderData;
  return (
    <>
      <PageHeader title={post.title} crumbs={[{ name: t('page.blog'), href: '/pages/blog' }]}>
        <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-muted">
          <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
          <span>{t('blog.by', { author: post.author })}</span>
          <span>{blogValueLabel(t, 'category', post.category)}</span>
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[1fr_20rem]">
        <article>
          {post.slider && post.slider_images.length > 0 ? (
            <ImageCarousel
              images={post.slider_images}
              alt={(n) => t('blog.imageAlt', { title: post.title, n })}
              eager
            />
          ) : (
            <img
              src={post.img}
              alt=""
              width={1200}
              height={800}
              fetchPriority="high"
              className="aspect-[3/2] w-full rounded-lg object-cover"
            />
          )}
          {post.video && post.video_id && (
            <p className="mt-4">
              <a
                href={youtubeUrl(post.video_id)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded bg-ink px-4 py-2 font-semibold text-white hover:bg-brand"
              >
                <span aria-hidden="true">▶</span>
                {t('blog.watchVideo')}
              </a>
            </p>
          )}
          <div className="mt-6">
            <Prose html={post.desc} />
          </div>
          {post.tags.length > 0 && (
            <div className="mt-8 flex flex-wrap items-center gap-2">
              <span className="font-semibold">{t('blog.tags')}:</span>
              {post.tags.map((tag) => (
                <Link
                  discover="none"
                  key={tag}
                  to={`/pages/blog-grid?tag=${encodeURIComponent(tag)}`}
                  className="rounded border border-line bg-white px-2 py-1 text-sm hover:border-brand"
                >
                  {blogValueLabel(t, 'tag', tag)}
                </Link>
              ))}
            </div>
          )}
          <nav aria-label={t('blog.morePosts')} className="mt-10 grid gap-4 border-t border-line pt-6 sm:grid-cols-2">
            {previous ? (
              <Link discover="none" to={`/pages/blog-details/${previous.id}`} rel="prev" className="group block">
                <span className="text-sm text-muted">{t('blog.previous')}</span>
                <span className="block font-serif font-bold group-hover:text-brand">{previous.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {next && (
              <Link
                discover="none"
                to={`/pages/blog-details/${next.id}`}
                rel="next"
                className="group block sm:text-right"
              >
                <span className="text-sm text-muted">{t('blog.next')}</span>
                <span className="block font-serif font-bold group-hover:text-brand">{next.title}</span>
              </Link>
            )}
          </nav>
        </article>
        <BlogSidebar sidebar={sidebar} basePath="/pages/blog-grid" />
      </div>
    </>
  );
}
