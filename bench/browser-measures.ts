/**
 * The browser-side measures of issue 14 goal 3 on a running shop: first-load JavaScript and Lighthouse mobile.
 * Used by `npm run bench` (bench/run.ts, on its own server once the load scenarios are done) and by the two
 * stand-alone commands, bench/first-load-js.ts and bench/lighthouse.ts (on a server of their own).
 */
import { existsSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';
import { type BenchPageName, lighthouseRunWanted } from './browser-budgets';
import { median } from './median';

export interface BenchPage {
  name: BenchPageName;
  path: string;
}

/** Home, `/shop`, the first product the home page links to, and a search. */
export async function benchPages(baseURL: string): Promise<BenchPage[]> {
  const home = await fetch(`${baseURL}/`).then((r) => r.text());
  const productPath = /href="(\/produs\/[^"]+)"/.exec(home)?.[1];
  if (!productPath) throw new Error('No product link on the home page');
  return [
    { name: 'home', path: '/' },
    { name: '/shop', path: '/shop' },
    { name: 'product', path: productPath },
    { name: 'search', path: '/pages/search?searchText=biblia' },
  ];
}

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function add(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

const zero: Sizes = { raw: 0, gzip: 0, brotli: 0 };

/**
 * The external script addresses of a page: `<script src>` and its module preloads, once each. The preloads wait
 * for the cover as `data-after-cover="modulepreload"` (web/scripts-after-cover.server.ts, decision 047).
 */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    if (!/\b(?:rel|data-after-cover)="modulepreload"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) urls.add(href);
  }
  // Module scripts import the route modules too; React Router lists them all as modulepreload links.
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1] as string);
  return [...urls];
}

function inlineScripts(html: string): string {
  let text = '';
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) text += m[1];
  return text;
}

export interface FirstLoad {
  files: number;
  /** Each file's address and gzip size. */
  perFile: [string, number][];
  external: Sizes;
  /**
   * The inline scripts (React Router's hydration data, which holds the loader data), apart: moving messages into
   * loader data would move bytes there.
   */
  inline: Sizes;
}

/**
 * A page's first-load JavaScript in one language: every script and module preload its HTML names, fetched and
 * summed raw, gzip (level 9) and brotli (quality 11).
 */
export async function measureFirstLoad(baseURL: string, pagePath: string, lang: 'ro' | 'en'): Promise<FirstLoad> {
  const res = await fetch(`${baseURL}${pagePath}`, { headers: { cookie: `lang=${lang}` } });
  if (!res.ok) throw new Error(`${pagePath} answered ${res.status}`);
  const html = await res.text();
  let external = zero;
  const urls = scriptUrls(html);
  if (!urls.length) throw new Error(`${pagePath} names no script: the page's markup changed under this measure`);
  const perFile: [string, number][] = [];
  for (const url of urls) {
    const js = await fetch(new URL(url, baseURL));
    if (!js.ok) throw new Error(`${url} answered ${js.status}`);
    const sizes = sizesOf(Buffer.from(await js.arrayBuffer()));
    perFile.push([url, sizes.gzip]);
    external = add(external, sizes);
  }
  return { files: urls.length, perFile, external, inline: sizesOf(Buffer.from(inlineScripts(html))) };
}

export interface LighthousePage {
  name: BenchPageName;
  scores: number[];
  /**
   * The runs (1-based) that gave no score: a metric not computed (`recorded`), or no trace recorded, which the
   * next run replaces.
   */
  failures: { run: number; recorded: boolean }[];
  /** The last scored run's LCP, TBT, CLS and FCP as Lighthouse shows them. */
  metrics: { lcp: string; tbt: string; cls: string; fcp: string };
  /**
   * Lighthouse's own measure of the host's speed (higher is faster); its simulated 4× slowdown multiplies the
   * tasks it observed here, so a slow or loaded host lowers TBT's score (seen: 1,600 vs 2,900).
   */
  benchmarkIndexes: number[];
}

/**
 * Lighthouse 12, mobile preset (Moto G Power emulation, simulated slow 4G and 4× CPU slowdown), performance
 * category only, `runs` times on each page in one Chromium. With `details`, prints each run's LCP element, what
 * shifted, the render-blocking requests, the main thread's work and the long tasks.
 */
export async function lighthousePages(
  baseURL: string,
  pages: readonly BenchPage[],
  options: {
    runs: number;
    details?: boolean;
    log?: (line: string) => void;
    /** Called with each page once its runs are done. */
    onPage?: (page: LighthousePage) => void;
  },
): Promise<LighthousePage[]> {
  const log = options.log ?? console.log;
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: \`node scripts/ensure-test-tools.mjs\` installs Debian's chromium, or set CHROMIUM_PATH`,
    );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  const results: LighthousePage[] = [];
  try {
    for (const { name, path: pagePath } of pages) {
      const page: LighthousePage = {
        name,
        scores: [],
        failures: [],
        metrics: { lcp: '–', tbt: '–', cls: '–', fcp: '–' },
        benchmarkIndexes: [],
      };
      const measured = () => page.scores.length + page.failures.filter((failure) => failure.recorded).length;
      for (let run = 0; lighthouseRunWanted(run, measured(), options.runs); run++) {
        const result = await lighthouse(`${baseURL}${pagePath}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
        const { lhr } = result;
        const score = lhr.categories.performance.score;
        if (score === null) {
          // A metric Lighthouse could not compute (seen: 2 of 12 runs on a loaded machine): named, not counted as 0.
          const failed = Object.values(lhr.audits)
            .filter((a) => a.scoreDisplayMode === 'error')
            .map((a) => `${a.id}: ${a.errorMessage ?? ''}`);
          log(`  ${name} run ${run + 1}: no score (${lhr.runtimeError?.message ?? failed.join('; ')})`);
          page.failures.push({ run: run + 1, recorded: lhr.runtimeError === undefined });
          continue;
        }
        page.scores.push(Math.round(score * 100));
        page.benchmarkIndexes.push(Math.round(lhr.environment.benchmarkIndex));
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? '–';
        page.metrics = {
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          fcp: audit('first-contentful-paint'),
        };
        if (options.details) logDetails(name, lhr, baseURL, log);
      }
      results.push(page);
      options.onPage?.(page);
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function logDetails(name: string, lhr: Result, baseURL: string, log: (line: string) => void): void {
  type Items = { items?: { node?: { snippet?: string }; items?: { node?: { snippet?: string } }[] }[] };
  const snippets = (id: string) =>
    ((lhr.audits[id]?.details as Items | undefined)?.items ?? [])
      .flatMap((i) => [i.node?.snippet, ...(i.items ?? []).map((n) => n.node?.snippet)])
      .filter(Boolean);
  log(`  ${name} LCP element: ${snippets('largest-contentful-paint-element').join(' ')}`);
  log(`  ${name} shifted: ${snippets('layout-shifts').join(' | ') || 'nothing'}`);
  type Blocking = { items?: { url?: string; wastedMs?: number }[] };
  const blocking = ((lhr.audits['render-blocking-resources']?.details as Blocking | undefined)?.items ?? []).map(
    (i) => `${i.url?.replace(baseURL, '')} (${Math.round(i.wastedMs ?? 0)} ms)`,
  );
  log(`  ${name} render-blocking: ${blocking.join(', ') || 'nothing'}`);
  type Work = { items?: { groupLabel?: string; duration?: number }[] };
  const work = ((lhr.audits['mainthread-work-breakdown']?.details as Work | undefined)?.items ?? [])
    .slice(0, 4)
    .map((i) => `${i.groupLabel} ${Math.round(i.duration ?? 0)} ms`);
  log(`  ${name} main thread: ${work.join(', ')}`);
  // What TBT counts: each task over 50 ms on the main thread, with the script it is attributed to.
  type Tasks = { items?: { url?: string; startTime?: number; duration?: number }[] };
  const tasks = ((lhr.audits['long-tasks']?.details as Tasks | undefined)?.items ?? []).map(
    (t) =>
      `${t.url?.replace(baseURL, '') || '?'} at ${Math.round(t.startTime ?? 0)} ms: ${Math.round(t.duration ?? 0)} ms`,
  );
  log(`  ${name} long tasks: ${tasks.join(', ') || 'none'}`);
}

/** The median of a page's scored runs as printed, or '–' when no run gave a score. */
export function shownMedian(page: LighthousePage): string {
  return page.scores.length ? String(median(page.scores)) : '–';
}

/** A Lighthouse page as a row of the tables the commands print and PERFORMANCE.md keeps. */
export function lighthouseRow(page: LighthousePage): string {
  const runs = page.scores.length > 1 || page.failures.length ? ` (runs: ${page.scores.join(', ')})` : '';
  const failed = page.failures.length
    ? ` (run ${page.failures.map((failure) => failure.run).join(', ')} gave no score)`
    : '';
  const { lcp, tbt, cls, fcp } = page.metrics;
  return `| ${page.name} | ${shownMedian(page)}${runs}${failed} | ${lcp} | ${tbt} | ${cls} | ${fcp} | ${page.benchmarkIndexes.join(', ')} |`;
}

export const LIGHTHOUSE_TABLE_HEAD = [
  '| page | score | LCP | TBT | CLS | FCP | host benchmark index |',
  '|---|---|---|---|---|---|---|',
];
