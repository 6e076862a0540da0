// Without zod, for pages' browser code (./cases.ts re-exports these with the schemas; issue 14).
/** SPEC §4: statuses in queries are active and closed, shown as 'activ' and 'finalizat'. */
export const CASE_STATUSES = ['active', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** SPEC §9: the case list shows 9 per page by default; the price filter's range is 0 to 6000 lei. */
export const CASE_PAGE_SIZE = 9;
export const CASE_PRICE_RANGE = { min: 0, max: 6000 } as const;
/** SPEC §4: after a status change the list scrolls to the results, 120 px below the top. */
export const CASE_SCROLL_OFFSET = 120;
/** SPEC §9: a case's description is cut at 250 characters where a short version is shown. */
export const CASE_EXCERPT_LENGTH = 250;

export const CASE_SORTS = ['newest', 'urgent', 'sum_asc', 'sum_desc'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];

/** The largest sum, in lei, a case list can be filtered by. */
export const MAX_CASE_SUM_LEI = 10_000_000;
