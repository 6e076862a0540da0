import { Form, Link } from 'react-router';
import type { BlogSidebar as Sidebar } from '../../../contracts/blog';
import { formatDate } from '../../../contracts/dates';
import { useLanguage, useT } from '../../i18n/i18n';
import { blogValueLabel } from './blog-values';

/** Search, categories with counts, recent posts and tags; every filter is a link or GET form to the grid. */
export function BlogSidebar({ sidebar, search, basePath }: { sidebar: Sidebar; search?: string; basePath: string }) {
  const t = useT();
  const lang = useLanguage();
  const box = 'rounded-lg border border-line bg-white p-5';
  const title = 'font-serif text-lg font-bold';
  return (
    <aside className="space-y-6" aria-label={t('blog.sidebar')}>
      <search className={box}>
        <Form discover="none" method="get" action={basePath} role="search">
          <label htmlFor="blog-search" className={title}>
            {t('blog.search')}
          </label>
          <div className="mt-3 flex">
            <input
              id="blog-search"
              type="search"
              name="search"
              defaultValue={search}
              maxLength={100}
              className="w-full rounded-l border border-line px-3 py-2"
            />
            <button type="submit" className="rounded-r bg-brand px-4 text-white hover:bg-brand-dark">
              {t('header.search.submit')}
            </button>
          </div>
        </Form>
      </search>
      <section className={box} aria-labelledby="blog-categories">
        <h2 id="blog-categories" className={title}>
          {t('blog.categories')}
        </h2>
        <ul className="mt-3 space-y-1">
          {sidebar.categories.map((c) => (
            <li key={c.name}>
              <Link
                discover="none"
                to={`${basePath}?category=${encodeURIComponent(c.name)}`}
                className="flex justify-between hover:text-brand"
              >
                <span>{blogValueLabel(t, 'category', c.name)}</span>
                <span className="text-muted">({c.count})</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className={box} aria-labelledby="blog-recent">
        <h2 id="blog-recent" className={title}>
          {t('blog.recent')}
        </h2>
        <ul className="mt-3 space-y-3">
          {sidebar.recent.map((p) => (
            <li key={p.id} className="flex gap-3">
              <img
                src={p.img}
                alt=""
                width={72}
                height={48}
                loading="lazy"
                className="h-12 w-18 shrink-0 rounded object-cover"
              />
              <div>
                <Link
                  discover="none"
                  to={`/pages/blog-details/${p.id}`}
                  className="font-semibold leading-snug hover:text-brand"
                >
                  {p.title}
                </Link>
                <p className="text-sm text-muted">
                  <time dateTime={p.date}>{formatDate(p.date, lang)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className={box} aria-labelledby="blog-tags">
        <h2 id="blog-tags" className={title}>
          {t('blog.tags')}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {sidebar.tags.map((tag) => (
            <li key={tag}>
              <Link
                discover="none"
                to={`${basePath}?tag=${encodeURIComponent(tag)}`}
                className="block rounded border border-line px-2 py-1 text-sm hover:border-brand hover:text-brand"
              >
                {blogValueLabel(t, 'tag', tag)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
