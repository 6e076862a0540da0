/**
 * `npm run build && npx tsx bench/lighthouse.ts [--products 2000] [--port 3996] [--runs 1]`
 * Lighthouse 12, mobile preset (the default: Moto G Power emulation, simulated slow 4G and 4× CPU
 * slowdown), performance category only, in Debian's Chromium (/usr/bin/chromium, or CHROME_PATH), on
 * home, `/shop`, a product page and a search. Issue 14's budget: performance ≥ 98 on each. Prints the
 * score with LCP, TBT, CLS and FCP, and the median score when `--runs` is above 1; `--details` names
 * the LCP element and what shifted.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from '../scripts/built-server';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    port: { type: 'string', default: '3996' },
    runs: { type: 'string', default: '1' },
    /** Also print the LCP element and the elements that shifted. */
    details: { type: 'boolean', default: false },
  },
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maranatha-lighthouse-'));
const server = await startBuiltServer(
  Number(args.port),
  {
    DATA_DIR: dataDir,
    DEMO_PRODUCTS: args.products,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // No NETOPIA keys here: the built-in payment simulator, which production takes only when asked.
    NETOPIA_SIMULATOR: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
  },
  180_000,
);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const home = await fetch(`${server.baseURL}/`).then((r) => r.text());
  const productPath = /href="(\/produs\/[^"]+)"/.exec(home)?.[1];
  if (!productPath) throw new Error('No product link on the home page');
  const pages: [string, string][] = [
    ['home', '/'],
    ['/shop', '/shop'],
    ['product', productPath],
    ['search', '/pages/search?searchText=biblia'],
  ];
  console.log(
    `date ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Lighthouse mobile, performance`,
  );
  console.log('| page | score | LCP | TBT | CLS | FCP | host benchmark index |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, pagePath] of pages) {
    const scores: number[] = [];
    const failures: number[] = [];
    // Lighthouse's own measure of the host's speed (higher is faster); its simulated 4× slowdown multiplies
    // the tasks it observed here, so a slow or loaded host lowers TBT's score (seen: 1,600 vs 2,900).
    const benchmarkIndexes: number[] = [];
    let last = '';
    for (let run = 0; run < Number(args.runs); run++) {
      const result = await lighthouse(`${server.baseURL}${pagePath}`, {
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
        console.log(`  ${name} run ${run + 1}: no score (${lhr.runtimeError?.message ?? failed.join('; ')})`);
        failures.push(run + 1);
        continue;
      }
      scores.push(Math.round(score * 100));
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? '–';
      if (args.details) {
        type Items = { items?: { node?: { snippet?: string }; items?: { node?: { snippet?: string } }[] }[] };
        const snippets = (id: string) =>
          ((lhr.audits[id]?.details as Items | undefined)?.items ?? [])
            .flatMap((i) => [i.node?.snippet, ...(i.items ?? []).map((n) => n.node?.snippet)])
            .filter(Boolean);
        console.log(`  ${name} LCP element: ${snippets('largest-contentful-paint-element').join(' ')}`);
        console.log(`  ${name} shifted: ${snippets('layout-shifts').join(' | ') || 'nothing'}`);
        type Blocking = { items?: { url?: string; wastedMs?: number }[] };
        const blocking = ((lhr.audits['render-blocking-resources']?.details as Blocking | undefined)?.items ?? []).map(
          (i) => `${i.url?.replace(server.baseURL, '')} (${Math.round(i.wastedMs ?? 0)} ms)`,
        );
        console.log(`  ${name} render-blocking: ${blocking.join(', ') || 'nothing'}`);
        type Work = { items?: { groupLabel?: string; duration?: number }[] };
        const work = ((lhr.audits['mainthread-work-breakdown']?.details as Work | undefined)?.items ?? [])
          .slice(0, 4)
          .map((i) => `${i.groupLabel} ${Math.round(i.duration ?? 0)} ms`);
        console.log(`  ${name} main thread: ${work.join(', ')}`);
        // What TBT counts: each task over 50 ms on the main thread, with the script it is attributed to.
        type Tasks = { items?: { url?: string; startTime?: number; duration?: number }[] };
        const tasks = ((lhr.audits['long-tasks']?.details as Tasks | undefined)?.items ?? []).map(
          (t) =>
            `${t.url?.replace(server.baseURL, '') || '?'} at ${Math.round(t.startTime ?? 0)} ms: ${Math.round(t.duration ?? 0)} ms`,
        );
        console.log(`  ${name} long tasks: ${tasks.join(', ') || 'none'}`);
      }
      last = `${audit('largest-contentful-paint')} | ${audit('total-blocking-time')} | ${audit('cumulative-layout-shift')} | ${audit('first-contentful-paint')}`;
    }
    const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? '–';
    const runs = scores.length > 1 || failures.length ? ` (runs: ${scores.join(', ')})` : '';
    const failed = failures.length ? ` (run ${failures.join(', ')} gave no score)` : '';
    console.log(
      `| ${name} | ${median}${runs}${failed} | ${last} | ${benchmarkIndexes.map((b) => Math.round(b)).join(', ')} |`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
