/**
 * Issue 14 goal 3, the part measured in a browser: first-load JavaScript ≤ 130 KB gzip on each of the four pages
 * (in each language) and Lighthouse mobile performance ≥ 98 on each. `npm run bench` checks both (goal 6) with
 * bench/browser-measures.ts; these are the rules it applies, apart so that a unit test holds them.
 */

export const FIRST_LOAD_JS_BUDGET_GZIP_BYTES = 130 * 1024;
export const LIGHTHOUSE_SCORE_GOAL = 98;

/** The pages goal 3 names, by the name the bench prints. */
export type BenchPageName = 'home' | '/shop' | 'product' | 'search';

/**
 * The median of a page's Lighthouse scores (the upper one of an even count). A run that gave no score (a metric
 * Lighthouse could not compute on a loaded machine) is not among them; with none at all there is no median.
 */
export function medianScore(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  return [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? null;
}

/** What a missed Lighthouse goal adds to the bench's list, or null when met. */
export function lighthouseMiss(page: BenchPageName, scores: readonly number[]): string | null {
  const median = medianScore(scores);
  if (median === null) return `Lighthouse ${page}: no run gave a score`;
  return median >= LIGHTHOUSE_SCORE_GOAL
    ? null
    : `Lighthouse ${page}: performance ${median} < ${LIGHTHOUSE_SCORE_GOAL} (runs: ${scores.join(', ')})`;
}

/** What a missed first-load budget adds to the bench's list, or null when met. */
export function firstLoadMiss(page: BenchPageName, lang: string, gzipBytes: number): string | null {
  return gzipBytes <= FIRST_LOAD_JS_BUDGET_GZIP_BYTES
    ? null
    : `first-load JavaScript ${page} (${lang}): ${gzipBytes} B gzip > ${FIRST_LOAD_JS_BUDGET_GZIP_BYTES} B`;
}
