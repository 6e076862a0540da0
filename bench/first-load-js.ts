/**
 * `npm run build && npx tsx bench/first-load-js.ts [--products 2000] [--port 3998]`
 * First-load JavaScript of the home page, `/shop`, a product page and a search, in Romanian and in English
 * (issue 14's budget: ≤ 130 KB gzip each):
 * starts the built server on a fresh data dir, fetches each page, collects every `<script src>` and
 * `<link rel="modulepreload">` of its HTML, fetches them, and sums their sizes raw, gzip (level 9) and
 * brotli (quality 11). The inline scripts (React Router's hydration data, which holds the loader data)
 * are summed apart, because moving messages into loader data would move bytes there.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startBuiltServer } from '../scripts/built-server';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    port: { type: 'string', default: '3998' },
    /** Also list each page's files with their gzip sizes, largest first. */
    files: { type: 'boolean', default: false },
  },
});

interface Sizes {
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

/** The external script addresses of a page: `<script src>` and `<link rel="modulepreload" href>`, once each. */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    if (!/\brel="modulepreload"/.test(tag)) continue;
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

async function measure(baseURL: string, pagePath: string, lang: 'ro' | 'en') {
  const res = await fetch(`${baseURL}${pagePath}`, { headers: { cookie: `lang=${lang}` } });
  if (!res.ok) throw new Error(`${pagePath} answered ${res.status}`);
  const html = await res.text();
  let external = zero;
  const urls = scriptUrls(html);
  const perFile: [string, number][] = [];
  for (const url of urls) {
    const js = await fetch(new URL(url, baseURL));
    if (!js.ok) throw new Error(`${url} answered ${js.status}`);
    const sizes = sizesOf(Buffer.from(await js.arrayBuffer()));
    perFile.push([url, sizes.gzip]);
    external = add(external, sizes);
  }
  return { html, files: urls.length, perFile, external, inline: sizesOf(Buffer.from(inlineScripts(html))) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'maranatha-firstload-'));
const port = Number(args.port);
const server = await startBuiltServer(
  port,
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
      .join(' ')}`,
  );
  console.log('| page | language | files | raw | gzip | brotli | inline scripts gzip |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, pagePath] of pages) {
    for (const lang of ['ro', 'en'] as const) {
      const m = await measure(server.baseURL, pagePath, lang);
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
