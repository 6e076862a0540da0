/**
 * Issue 14 goal 3, the part measured in a browser: first-load JavaScript ≤ 130 KB gzip on each of the four pages
 * (in each language) and Lighthouse mobile performance ≥ 98 on each. `npm run bench` checks both (goal 6) with
 * bench/browser-measures.ts; these are the rules it applies, apart so that a unit test holds them.
 */
import { median } from './median';

export const FIRST_LOAD_JS_BUDGET_GZIP_BYTES = 130 * 1024;
export const LIGHTHOUSE_SCORE_GOAL = 98;

/** The pages goal 3 names, by the name the bench prints. */
export type BenchPageName = 'home' | '/shop' | 'product' | 'search';

/** What a missed Lighthouse goal adds to the bench's list, or null when met. */
export function lighthouseMiss(page: BenchPageName, scores: readonly number[]): string | null {
  // A run that gave no score (a metric Lighthouse could not compute on a loaded machine) is not among them.
  if (scores.length === 0) return `Lighthouse ${page}: no run gave a score`;
  const score = median(scores);
  return score >= LIGHTHOUSE_SCORE_GOAL
    ? null
    : `Lighthouse ${page}: performance ${score} < ${LIGHTHOUSE_SCORE_GOAL} (runs: ${scores.join(', ')})`;
}

/**
 * Whether a page wants another Lighthouse run: until `runs` of its runs have measured it (a score, or a metric
 * Lighthouse could not compute), with up to two more runs standing in for runs whose trace Lighthouse could not
 * record (NO_NAVSTART: it measured nothing and asks to be run again; seen on 2 of 3 runs of one page on a fast host).
 */
export function lighthouseRunWanted(made: number, measured: number, runs: number): boolean {
  return measured < runs && made < runs + 2;
}

/** What a missed first-load budget adds to the bench's list, or null when met. */
export function firstLoadMiss(page: BenchPageName, lang: string, gzipBytes: number): string | null {
  return gzipBytes <= FIRST_LOAD_JS_BUDGET_GZIP_BYTES
    ? null
    : `first-load JavaScript ${page} (${lang}): ${gzipBytes} B gzip > ${FIRST_LOAD_JS_BUDGET_GZIP_BYTES} B`;
}
