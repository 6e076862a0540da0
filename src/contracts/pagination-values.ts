// Without zod, for pages' browser code (./pagination.ts re-exports these with the schemas; issue 14).
/** SPEC §3 case list response, also used for the blog list: one page of rows and where it sits. */
export interface Paginated<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  /** Total number of rows matching the filters. */
  last_row: number;
  data: T[];
}

export function paginate<T>(rows: T[], total: number, page: number, perPage: number): Paginated<T> {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    last_row: total,
    data: rows,
  };
}

/** "Showing X–Y of N": the 1-based positions of the first and last row on the page (0–0 when empty). */
export function shownRange(page: Paginated<unknown>): { from: number; to: number; total: number } {
  if (page.data.length === 0) return { from: 0, to: 0, total: page.last_row };
  const from = (page.current_page - 1) * page.per_page + 1;
  return { from, to: from + page.data.length - 1, total: page.last_row };
}

/** Query-string values from HTML forms arrive as strings, and an empty field means "not given". */
export const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** The highest page number any list accepts (20,000 products at 2 a page; higher is a typo or a probe). */
export const MAX_PAGE = 10_000;
export const MAX_PER_PAGE = 60;
