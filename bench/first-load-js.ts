/**
 * `npm run build && npx tsx bench/first-load-js.ts [--products 2000] [--port 3998] [--files]`
 * First-load JavaScript of the home page, `/shop`, a product page and a search, in Romanian and in English
 * (issue 14's budget: ≤ 130 KB gzip each), on a server of its own (`npm run bench` checks the same on its
 * server): every `<script src>` and module preload of each page's HTML, fetched and summed raw,
 * gzip (level 9) and brotli (quality 11), and the inline scripts apart.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltServer } from '../scripts/built-server';
import { benchPages, measureFirstLoad } from './browser-measures';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    port: { type: 'string', default: '3998' },
    /** Also list each page's files with their gzip sizes, largest first. */
    files: { type: 'boolean', default: false },
  },
});

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maranatha-firstload-'));
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
      .join(' ')}`,
  );
  console.log('| page | language | files | raw | gzip | brotli | inline scripts gzip |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { name, path: pagePath } of pages) {
    for (const lang of ['ro', 'en'] as const) {
      const m = await measureFirstLoad(server.baseURL, pagePath, lang);
      console.log(
        `| ${name} | ${lang} | ${m.files} | ${kb(m.external.raw)} (${m.external.raw} B) | ${kb(m.external.gzip)} (${m.external.gzip} B) | ${kb(m.external.brotli)} (${m.external.brotli} B) | ${kb(m.inline.gzip)} |`,
      );
      if (args.files)
        for (const [url, gzip] of m.perFile.sort((a, b) => b[1] - a[1])) console.log(`|   | ${gzip} B | ${url} |`);
    }
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
