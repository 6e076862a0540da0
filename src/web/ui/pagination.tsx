import { Link, useLocation } from 'react-router';
import { AppError } from '../../contracts/app-error';
import { useT } from '../i18n/i18n';

/** Pages around the current one, the first and the last; null marks a gap. */
export function pageWindow(page: number, last: number): (number | null)[] {
  const pages = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? [null, p] : [p]));
}

/**
 * For loaders wrapped in `withPageErrors`: a page number past the last page is a 404 (the shop's not-found page), not an empty page
 * reading "20017–20016 of 20000". An empty list keeps its page 1, since `lastPage` is at least 1.
 */
export function assertPageExists(page: number, lastPage: number): void {
  if (page > lastPage) throw new AppError('NOT_FOUND', { detail: `page ${page} of ${lastPage}` });
}

/** The same URL with some query parameters replaced (undefined or '' removes one). */
export function withParams(search: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : '?';
}

const linkClass =
  'inline-flex min-w-10 justify-center rounded border border-line bg-white px-3 py-2 hover:border-brand';

/**
 * The one pagination of every list (shop, categories, blog, cases): plain links to the current URL with
 * `page` replaced (page 1 drops it), so every filter is kept and it works without JavaScript. Each link's
 * accessible name starts with its visible text. Hidden for a single page.
 */
export function Pagination({ page, lastPage }: { page: number; lastPage: number }) {
  const t = useT();
  const location = useLocation();
  if (lastPage <= 1) return null;
  const params = new URLSearchParams(location.search);
  const href = (p: number) => `${location.pathname}${withParams(params, { page: p === 1 ? undefined : String(p) })}`;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2 text-sm">
        {page > 1 && (
          <li>
            <Link discover="none" to={href(page - 1)} className={linkClass} rel="prev">
              ‹ <span className="sr-only sm:not-sr-only sm:ml-1">{t('pagination.previous')}</span>
            </Link>
          </li>
        )}
        {pageWindow(page, lastPage).map((p, i, all) =>
          p === null ? (
            <li key={`gap-after-${all[i - 1]}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                discover="none"
                to={href(p)}
                aria-current={p === page ? 'page' : undefined}
                className={`${linkClass} aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white`}
              >
                <span className="sr-only">{t('pagination.pageWord')} </span>
                {p}
              </Link>
            </li>
          ),
        )}
        {page < lastPage && (
          <li>
            <Link discover="none" to={href(page + 1)} className={linkClass} rel="next">
              <span className="sr-only sm:not-sr-only sm:mr-1">{t('pagination.next')}</span> ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
