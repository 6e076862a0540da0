import { describe, expect, it } from 'vitest';
import { createCacheRegistry } from '../core/cache/registry';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  HtmlCache,
  cacheablePageVary,
  cachedPage,
  chooseEncoding,
  cspWithHashes,
  inlineHashes,
  matchesEtag,
  sharedMaxAgeSeconds,
} from './html-cache';

/** An entry whose size is the body's length, so the byte bound is easy to follow. */
const page = (body: string, expiresAt: number) => ({
  status: 200,
  headers: [],
  variants: { identity: Buffer.from(body) },
  compressing: {},
  etag: 'W/"x"',
  bytes: body.length,
  expiresAt,
});
const body = (p: { variants: { identity: Buffer } } | undefined) => p?.variants.identity.toString();

describe('HtmlCache', () => {
  it('returns fresh entries and forgets expired ones', () => {
    const cache = new HtmlCache();
    cache.set('k', page('x', 1000));
    expect(body(cache.get('k', 999))).toBe('x');
    expect(cache.get('k', 1000)).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its size', () => {
    const cache = new HtmlCache(2);
    cache.set('a', page('a', 10));
    cache.set('b', page('b', 10));
    cache.get('a', 0);
    cache.set('c', page('c', 10));
    expect(cache.get('b', 0)).toBeUndefined();
    expect(body(cache.get('a', 0))).toBe('a');
    expect(body(cache.get('c', 0))).toBe('c');
  });
});

describe('HtmlCache and the cache registry', () => {
  it('drops every page when a product changes, and counts its size from zero again', () => {
    const registry = createCacheRegistry();
    const cache = new HtmlCache(100, 10);
    registry.register('html', ['*'], () => cache.clear());
    cache.set('ro|RON|/produs/biblia', page('12345', 10));
    cache.set('ro|RON|/shop', page('12345', 10));
    expect(registry.invalidate('product:7')).toEqual(['html']);
    expect(cache.get('ro|RON|/produs/biblia', 0)).toBeUndefined();
    expect(cache.get('ro|RON|/shop', 0)).toBeUndefined();
    cache.set('a', page('1234567890', 10));
    expect(body(cache.get('a', 0))).toBe('1234567890');
  });
});

describe('HtmlCache size bound', () => {
  it('evicts the oldest pages once the bytes held pass the bound', () => {
    const cache = new HtmlCache(100, 10);
    cache.set('a', page('12345', 10));
    cache.set('b', page('12345', 10));
    cache.set('c', page('1', 10));
    expect(cache.get('a', 0)).toBeUndefined();
    expect(body(cache.get('b', 0))).toBe('12345');
    expect(body(cache.get('c', 0))).toBe('1');
  });
});

describe('sharedMaxAgeSeconds', () => {
  it('reads s-maxage and refuses private or no-store pages', () => {
    expect(sharedMaxAgeSeconds('public, max-age=0, s-maxage=60')).toBe(60);
    expect(sharedMaxAgeSeconds('private, s-maxage=60')).toBe(0);
    expect(sharedMaxAgeSeconds('no-store')).toBe(0);
    expect(sharedMaxAgeSeconds(null)).toBe(0);
  });
});

const NONCE = '0123456789abcdef0123456789abcdef';
const STYLE_NONCE = 'fedcba9876543210fedcba9876543210';
const NONCES = { script: NONCE, style: STYLE_NONCE };
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const HELMET_CSP = `default-src 'self';script-src 'self' 'nonce-${NONCE}';style-src 'self' 'nonce-${STYLE_NONCE}';object-src 'none'`;
const HTML = [
  '<!DOCTYPE html><html><head>',
  `<style nonce="${STYLE_NONCE}">main>p{color:#111}</style>`,
  // A style carrying the script nonce, or none: not the render's stylesheet.
  `<style nonce="${NONCE}">p{color:red}</style><style>p{color:blue}</style>`,
  `<link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/>`,
  `<script nonce="${NONCE}">window.__ctx = {"ă":"ș"};</script>`,
  `<script type="module" nonce="${NONCE}" src="/assets/b.js"></script>`,
  '</head><body><p>Biblia – ediție revizuită</p>',
  // Came from content: it does not know the response's nonce, so no hash may allow it.
  '<script>alert(1)</script><script nonce="guess">alert(2)</script>',
  `<script type="module" nonce="${NONCE}">import("/assets/c.js");</script>`,
  `<script nonce="${NONCE}">window.__ctx = {"ă":"ș"};</script>`,
  '</body></html>',
].join('');

describe('inlineHashes', () => {
  it('hashes each distinct inline script and style that carries its nonce, and nothing else', () => {
    expect(inlineHashes(Buffer.from(HTML), NONCES)).toEqual({
      scripts: [sha('window.__ctx = {"ă":"ș"};'), sha('import("/assets/c.js");')],
      styles: [sha('main>p{color:#111}')],
    });
    expect(inlineHashes(Buffer.from(HTML), { script: '', style: '' })).toEqual({ scripts: [], styles: [] });
  });
  it('hashes large texts of the same length apart (the stylesheet is remembered by its bytes, not its length)', () => {
    const page = (css: string) =>
      Buffer.from(`<head><style nonce="${STYLE_NONCE}">${css}</style><scripts nonce="${NONCE}">x</scripts></head>`);
    const first = 'a{color:red}'.repeat(500);
    const second = 'b{color:red}'.repeat(500);
    expect(inlineHashes(page(first), NONCES)).toEqual({ scripts: [], styles: [sha(first)] });
    expect(inlineHashes(page(second), NONCES)).toEqual({ scripts: [], styles: [sha(second)] });
    expect(inlineHashes(page(first), NONCES)).toEqual({ scripts: [], styles: [sha(first)] });
  });
});

describe('cspWithHashes', () => {
  it('replaces the nonces by the hashes and keeps every other source', () => {
    expect(cspWithHashes(HELMET_CSP, { scripts: ["'sha256-a'", "'sha256-b'"], styles: [] })).toBe(
      "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';style-src 'self';object-src 'none'",
    );
  });
});

describe('cachedPage', () => {
  it('stores one nonce-free body, compressed once per coding when first asked for, with a CSP of hashes', async () => {
    const entry = cachedPage({
      status: 200,
      headers: [
        ['content-type', 'text/html; charset=utf-8'],
        ['vary', 'Cookie'],
        ['set-cookie', 'a=1'],
        ['content-length', '1'],
      ],
      html: Buffer.from(HTML),
      nonces: NONCES,
      csp: HELMET_CSP,
      expiresAt: 10,
    });
    const plain = entry.variants.identity.toString('utf8');
    expect(plain).toBe(HTML.replaceAll(` nonce="${NONCE}"`, '').replaceAll(` nonce="${STYLE_NONCE}"`, ''));
    expect(plain).not.toContain(NONCE);
    expect(plain).not.toContain(STYLE_NONCE);
    expect(entry.variants.br).toBeUndefined();
    const cache = new HtmlCache();
    cache.set('k', entry);
    const [br, brAgain] = await Promise.all([cache.variant('k', entry, 'br'), cache.variant('k', entry, 'br')]);
    expect(brAgain).toBe(br);
    const gz = await cache.variant('k', entry, 'gzip');
    expect(await cache.variant('k', entry, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(plain);
    expect(gunzipSync(gz).toString('utf8')).toBe(plain);
    expect(entry.bytes).toBe(br.length + gz.length + entry.variants.identity.length);
    expect(cache.stats().bytes).toBe(entry.bytes);
    const csp = entry.headers.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
    expect(entry.headers).toEqual([
      ['content-type', 'text/html; charset=utf-8'],
      ['vary', 'Cookie, accept-encoding'],
      ['content-security-policy', csp],
      ['etag', entry.etag],
    ]);
    expect(csp).not.toContain('nonce');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`script-src 'self' ${sha('window.__ctx = {"ă":"ș"};')} ${sha('import("/assets/c.js");')};`);
    expect(csp).toContain(`style-src 'self' ${sha('main>p{color:#111}')};`);
    expect(entry.etag).toMatch(/^W\/"[\w-]{32}"$/);
  });
});

describe('cacheablePageVary', () => {
  it.each([
    [null, 'Cookie, accept-encoding'],
    ['', 'Cookie, accept-encoding'],
    ['Origin', 'Origin, Cookie, accept-encoding'],
    ['cookie, Accept-Encoding', 'cookie, Accept-Encoding'],
    ['Cookie', 'Cookie, accept-encoding'],
  ])('%s → %s', (vary, expected) => {
    expect(cacheablePageVary(vary)).toBe(expected);
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['gzip;q=0', 'identity'],
  ])('%s → %s', (accept, expected) => {
    expect(chooseEncoding(accept)).toBe(expected);
  });
});

describe('matchesEtag', () => {
  it('compares weakly and takes lists and *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('HtmlCache admission', () => {
  it('admits a page on its second request within the window, and not on its first', () => {
    const cache = new HtmlCache(100, 1000, 1000);
    expect(cache.admits('ro|RON|ask|/produs/a', 0)).toBe(false);
    expect(cache.admits('ro|RON|ask|/produs/b', 10)).toBe(false);
    expect(cache.admits('ro|RON|ask|/produs/a', 999)).toBe(true);
    // Admitted once: the next render of it (after it expired, say) starts counting again.
    expect(cache.admits('ro|RON|ask|/produs/a', 1000)).toBe(false);
  });

  it('forgets a first request once the window has passed', () => {
    const cache = new HtmlCache(100, 1000, 1000);
    expect(cache.admits('k', 0)).toBe(false);
    expect(cache.admits('k', 1000)).toBe(false);
    expect(cache.admits('k', 1500)).toBe(true);
  });

  it('remembers a bounded number of first requests, forgetting the oldest', () => {
    const cache = new HtmlCache(100, 1000, 60_000, 2);
    cache.admits('a', 0);
    cache.admits('b', 0);
    cache.admits('c', 0);
    expect(cache.admits('a', 1)).toBe(false);
    expect(cache.admits('c', 1)).toBe(true);
  });

  it('reports its pages, their bytes and the first requests it remembers', () => {
    const cache = new HtmlCache(100, 1000, 60_000);
    cache.admits('a', 0);
    cache.admits('b', 0);
    cache.set('c', page('twelve bytes', 10));
    expect(cache.stats()).toEqual({ entries: 1, bytes: 12, seenOnce: 2 });
  });
});
