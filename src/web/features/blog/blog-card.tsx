import { Link } from 'react-router';
import type { BlogPostSummary } from '../../../contracts/blog';
import { formatDate } from '../../../contracts/dates';
import { useLanguage, useT } from '../../i18n/i18n';
import { blogValueLabel } from './blog-values';

function Meta({ post }: { post: BlogPostSummary }) {
  const t = useT();
  const lang = useLanguage();
  return (
    <p className="flex flex-wrap gap-x-3 text-sm text-muted">
      <time dateTime={post.date}>{formatDate(post.date, lang)}</time>
      <span>{t('blog.by', { author: post.author })}</span>
      <Link
        discover="none"
        to={`/pages/blog-grid?category=${encodeURIComponent(post.category)}`}
        className="text-brand hover:underline"
      >
        {blogValueLabel(t, 'category', post.category)}
      </Link>
    </p>
  );
}

/**
 * One post in a listing. Grid cards stack the picture above the text; list cards put them side by side.
 * A blockquote post shows its summary as a quote; a video post is marked as such.
 */
export function BlogCard({
  post,
  layout,
  headingLevel = 'h2',
}: {
  post: BlogPostSummary;
  layout: 'grid' | 'list';
  headingLevel?: 'h2' | 'h3';
}) {
  const t = useT();
  const Heading = headingLevel;
  const href = `/pages/blog-details/${post.id}`;
  return (
    <article
      className={`relative flex h-full overflow-hidden rounded-lg border border-line bg-white shadow-sm ${layout === 'grid' ? 'flex-col' : 'flex-col sm:flex-row'}`}
    >
      <div className={`relative ${layout === 'list' ? 'sm:w-2/5 sm:shrink-0' : ''}`}>
        <img
          src={layout === 'list' ? post.list_img : post.img}
          alt=""
          width={1200}
          height={800}
          loading="lazy"
          className="aspect-[3/2] h-full w-full object-cover"
        />
        {post.video && (
          <span className="absolute left-2 top-2 rounded bg-ink px-2 py-0.5 text-xs font-semibold text-white">
            {t('blog.video')}
          </span>
        )}
        {post.slider && (
          <span className="absolute left-2 top-2 rounded bg-ink px-2 py-0.5 text-xs font-semibold text-white">
            {t('blog.gallery', { count: post.slider_images.length })}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <Meta post={post} />
        <Heading className="mt-2 font-serif text-xl font-bold leading-snug">
          <Link discover="none" to={href} className="hover:text-brand">
            {post.title}
          </Link>
        </Heading>
        {post.blockquote ? (
          <blockquote className="mt-3 border-l-4 border-gold pl-3 font-serif italic">{post.sm_desc}</blockquote>
        ) : (
          <p className="mt-3 text-muted">{post.sm_desc}</p>
        )}
        <p className="mt-auto pt-4">
          <Link discover="none" to={href} className="font-semibold text-brand hover:underline">
            {t('blog.readMore')}
            <span className="sr-only">: {post.title}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
