import { Link } from 'react-router';
import type { Paginated } from '../../contracts/pagination';
import { useT } from '../i18n/i18n';

/** The page numbers to offer: the first, the last, and two either side of the current one. */
function pageNumbers(current: number, last: number): (number | 'gap')[] {
  const wanted = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const [i, p] of pages.entries()) {
    if (i > 0 && p - pages[i - 1] > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

const item = 'flex min-w-10 items-center justify-center rounded border px-3 py-2 text-sm';

/** Previous, numbers, next; plain links, so it works without JavaScript. Hidden for a single page. */
export function Pagination({ page, hrefFor }: { page: Paginated<unknown>; hrefFor: (n: number) => string }) {
  const t = useT();
  const { current_page: current, last_page: last } = page;
  if (last <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {current > 1 && (
          <li>
            <Link to={hrefFor(current - 1)} className={`${item} border-line bg-white hover:border-brand`} rel="prev">
              {t('pagination.previous')}
            </Link>
          </li>
        )}
        {pageNumbers(current, last).map((p, i) =>
          p === 'gap' ? (
            // Gaps have no identity of their own; their position is stable for a given page.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === current ? 'page' : undefined}
                aria-label={t('pagination.page', { n: p })}
                className={`${item} ${p === current ? 'border-brand bg-brand text-white' : 'border-line bg-white hover:border-brand'}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {current < last && (
          <li>
            <Link to={hrefFor(current + 1)} className={`${item} border-line bg-white hover:border-brand`} rel="next">
              {t('pagination.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The same URL with some query parameters replaced (undefined removes one). */
export function withParams(search: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : '?';
}
