/**
 * `npm run build && npx tsx bench/lighthouse.ts [--products 2000] [--port 3996] [--runs 1] [--details]`
 * Lighthouse 12 mobile on home, `/shop`, a product page and a search, on a server of its own (bench/run.ts runs
 * the same measure in `npm run bench`, three runs a page). Issue 14's goal: performance ≥ 98 on each. Prints the
 * score with LCP, TBT, CLS and FCP, and the median score when `--runs` is above 1; `--details` names the LCP
 * element, what shifted, the render-blocking requests, the main thread's work and the long tasks.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltServer } from '../scripts/built-server';
import { LIGHTHOUSE_TABLE_HEAD, benchPages, lighthousePages, lighthouseRow } from './browser-measures';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    port: { type: 'string', default: '3996' },
    runs: { type: 'string', default: '1' },
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
try {
  const pages = await benchPages(server.baseURL);
  console.log(
    `date ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, Lighthouse mobile, performance`,
  );
  for (const line of LIGHTHOUSE_TABLE_HEAD) console.log(line);
  await lighthousePages(server.baseURL, pages, {
    runs: Number(args.runs),
    details: args.details,
    onPage: (page) => console.log(lighthouseRow(page)),
  });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
