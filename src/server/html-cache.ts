import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { dropBeyond } from '../core/cache/recency-map';

/**
 * Short-lived cache of anonymous, public pages (DESIGN §8), keyed by URL, language and currency
 * (decisions 005 and 018). A page opts in by answering with `Cache-Control: … s-maxage=N`. Each entry
 * keeps the plain bytes and each compressed variant (brotli, gzip) from the first request that takes it,
 * compressed once; every hit sends one of those buffers as it is: the body never changes per response, so its inline scripts are allowed by their
 * sha256 hashes instead of a per-response nonce. Registered with the services' cache registry, which
 * clears it after any write (decision 012).
 */
export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  status: number;
  /**
   * Every header a hit sends but the encoding: the page's and the security headers, its CSP with the
   * nonces replaced by the hashes of the page's own inline scripts and styles, Vary, ETag; no cookie.
   */
  headers: [string, string][];
  /** The plain bytes, and each coding once a request has asked for it (a page asked for once is compressed once). */
  variants: { identity: Buffer } & Partial<Record<Encoding, Buffer>>;
  /** Compressions under way, so requests arriving meanwhile share one. */
  compressing: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Weak: the same for every encoding of the one page. */
  etag: string;
  /** Bytes of all variants together, what the cache's bound counts. */
  bytes: number;
  expiresAt: number;
}

const S_MAXAGE = /s-maxage=(\d+)/;

export function sharedMaxAgeSeconds(cacheControl: string | null): number {
  if (!cacheControl || /private|no-store/.test(cacheControl)) return 0;
  return Number(S_MAXAGE.exec(cacheControl)?.[1] ?? 0);
}

/**
 * Bounded by count and by the bytes of its buffers, so unique URLs (query strings) cannot grow the process.
 * A page is stored from its second request within `admissionWindowMs` (`admits`): the long tail, pages asked
 * for once (a search nobody repeats, a crawler's walk), never enters, so it neither evicts the pages that are
 * asked for again nor churns the process's memory (decision 018, amended).
 */
export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  private size = 0;
  /** Keys asked for once lately, with when that stops counting; oldest first. */
  private readonly seenOnce = new Map<string, number>();
  constructor(
    private readonly maxEntries = 1000,
    private readonly maxBytes = 48 * 1024 * 1024,
    private readonly admissionWindowMs = 10 * 60_000,
    private readonly maxSeenOnce = 20_000,
  ) {}

  /**
   * Whether a render of `key` is to be stored: true when the key was asked for once already within the window
   * (it is then forgotten there), false the first time (it is remembered).
   */
  admits(key: string, now = Date.now()): boolean {
    const until = this.seenOnce.get(key);
    this.seenOnce.delete(key);
    if (until !== undefined && until > now) return true;
    this.seenOnce.set(key, now + this.admissionWindowMs);
    dropBeyond(this.seenOnce, this.maxSeenOnce);
    return false;
  }

  /** What it holds now (bytes: all variants of all entries), for the memory report (server/main.ts). */
  stats(): { entries: number; bytes: number; seenOnce: number } {
    return { entries: this.entries.size, bytes: this.size, seenOnce: this.seenOnce.size };
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.bytes;
    this.entries.delete(key);
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.remove(key);
      return undefined;
    }
    // Re-insert to keep the map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Drops every page: each of them may show what a write changed (the menu, prices, rates). */
  clear(): void {
    this.entries.clear();
    this.size = 0;
  }

  /**
   * The page's bytes in `encoding`, compressed now (off the main thread) when no request asked for that
   * coding before, then kept with the entry and counted in the bound.
   */
  async variant(key: string, page: CachedPage, encoding: Encoding): Promise<Buffer> {
    const held = page.variants[encoding];
    if (held) return held;
    let compressing = page.compressing[encoding];
    if (!compressing) {
      compressing = compressBody(page.variants.identity, encoding, 'stored');
      page.compressing[encoding] = compressing;
      const buffer = await compressing;
      page.variants[encoding] = buffer;
      delete page.compressing[encoding];
      page.bytes += buffer.length;
      if (this.entries.get(key) === page) {
        this.size += buffer.length;
        this.evict();
      }
      return buffer;
    }
    return compressing;
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.size > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  set(key: string, page: CachedPage): void {
    this.remove(key);
    this.entries.set(key, page);
    this.size += page.bytes;
    this.evict();
  }
}

/** The CSP source of a script's or style's text, its sha256. */
const sha256 = (text: Uint8Array) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The hashes of large inline texts seen lately, by length: the stylesheet (47 KB, decision 029) is the same
 * in every page, and comparing its bytes costs a tenth of hashing them. Small texts (hydration data, which
 * differs per page) are hashed each time.
 */
const MEMO_MIN_BYTES = 4096;
const MEMO_MAX_ENTRIES = 16;
const recentHashes = new Map<number, { text: Buffer; hash: string }>();

function hashOf(text: Buffer): string {
  if (text.length < MEMO_MIN_BYTES) return sha256(text);
  const seen = recentHashes.get(text.length);
  if (seen?.text.equals(text)) return seen.hash;
  const hash = sha256(text);
  if (recentHashes.size >= MEMO_MAX_ENTRIES) recentHashes.clear();
  // A copy: the page's buffer is not kept alive by the memo.
  recentHashes.set(text.length, { text: Buffer.from(text), hash });
  return hash;
}

/** The response's CSP nonces: helmet gives scripts and styles one each. */
export interface PageNonces {
  script: string;
  style: string;
}

const CLOSE_ANGLE = 0x3e;
/** A byte that continues a tag's name (`<scripts` is not `<script`). */
const isNameByte = (b: number | undefined) =>
  b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f);

/**
 * The hashes of the inline scripts and styles that carry their nonce: only the elements the render itself
 * wrote (React Router's hydration data, scroll restoration, the inline stylesheet) know the response's random
 * nonces, so markup that came from content (were any to slip past sanitising) is never allowed by a hash.
 * Read from the page's bytes as they are (sha256 of the UTF-8 text): decoding a 100 KB page into a string and
 * encoding it back cost more than its render's React Router work (bench/profile.ts, ninth session).
 */
export function inlineHashes(html: Buffer, nonces: PageNonces): { scripts: string[]; styles: string[] } {
  const found = { script: new Set<string>(), style: new Set<string>() };
  for (const tag of ['script', 'style'] as const) {
    const nonce = nonces[tag];
    if (!nonce) continue;
    const attribute = ` nonce="${nonce}"`;
    const close = `</${tag}>`;
    for (let at = html.indexOf(`<${tag}`); at !== -1; at = html.indexOf(`<${tag}`, at + 1)) {
      if (isNameByte(html[at + tag.length + 1])) continue;
      const textStart = html.indexOf(CLOSE_ANGLE, at) + 1;
      const textEnd = textStart ? html.indexOf(close, textStart) : -1;
      if (textEnd === -1) break;
      const attributes = html.toString('latin1', at + tag.length + 1, textStart - 1);
      if (attributes.includes(attribute) && !/\ssrc=/.test(attributes)) {
        found[tag].add(hashOf(html.subarray(textStart, textEnd)));
      }
      at = textEnd;
    }
  }
  return { scripts: [...found.script], styles: [...found.style] };
}

/** The page's bytes without any ` nonce="…"` attribute of this response. */
function withoutNonces(html: Buffer, nonces: PageNonces): Buffer {
  const cuts: [number, number][] = [];
  for (const nonce of [nonces.script, nonces.style]) {
    if (!nonce) continue;
    const attribute = Buffer.from(` nonce="${nonce}"`);
    for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, at + attribute.length)) {
      cuts.push([at, at + attribute.length]);
    }
  }
  if (!cuts.length) return Buffer.from(html);
  cuts.sort((a, b) => a[0] - b[0]);
  const parts: Buffer[] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    parts.push(html.subarray(from, start));
    from = end;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

/**
 * The CSP of a cached page: every per-response nonce removed, the hashes added to `script-src` and
 * `style-src`; every other source (no `unsafe-inline` anywhere) is kept as it was.
 */
export function cspWithHashes(csp: string, hashes: { scripts: string[]; styles: string[] }): string {
  return csp
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      const kept = sources.filter((s) => !s.startsWith("'nonce-"));
      if (name === 'script-src') kept.push(...hashes.scripts);
      if (name === 'style-src') kept.push(...hashes.styles);
      return [name, ...kept].join(' ');
    })
    .join(';');
}

/** Answers smaller than this go out as they are: a coding's framing would take back most of what it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Measured on an 83 KB home page: quality 5 takes 3 ms for 11.3 KB, 9 takes 32 ms for 11.1 KB and 11
// takes 180 ms for 10.1 KB. Every stored page pays it once a minute, so 5; gzip's level 6 is as small as 9.
// A body sent once (not stored) takes 3: on a 98 KB product page 1.1 ms against 1.4 at 4 for 5 % more bytes
// (20.9 against 19.9 KB), on a 157 KB home page 1.1 against 1.7 ms (decision 037, amended).
const BROTLI_QUALITY = { stored: 5, once: 3 };
// gzip for a client without brotli (crawlers, scripts, some proxies): level 6 for a stored page; a body sent once
// takes 3, which costs what brotli's 3 does: on a 98 KB product page 0.66 ms for 22.2 KB against 1.2 ms for
// 20.3 KB at 6 (decision 037, amended 2026-11-28).
export const GZIP_LEVEL = { stored: 6, once: 3 };

/** zlib's output buffer: one that holds the whole result takes one pass between the pool and the main thread. */
const MAX_CHUNK_BYTES = 1 << 20;
const chunkSizeFor = (identity: Buffer) =>
  Math.min(MAX_CHUNK_BYTES, Math.max(constants.Z_DEFAULT_CHUNK, identity.length));

/**
 * A whole body (a rendered page, a JSON answer) in one coding, compressed in one call on libuv's pool: a stream
 * through @fastify/compress cost a 100 KB page 1.4 ms of CPU (0.5 ms of it on the main thread) against 1.0 (0.1).
 * Its output buffer holds the whole body: with zlib's 16 KB default, a 98 KB page came back in two passes, and the
 * main thread's part was 0.57 ms against 0.29 (at quality 3).
 */
export function compressBody(identity: Buffer, encoding: Encoding, use: 'stored' | 'once'): Promise<Buffer> {
  const chunkSize = chunkSizeFor(identity);
  if (encoding === 'br') {
    return brotli(identity, {
      chunkSize,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[use],
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    });
  }
  if (encoding === 'gzip') return gzipAsync(identity, { level: GZIP_LEVEL[use], chunkSize });
  return Promise.resolve(identity);
}

const DROPPED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'content-security-policy',
  'etag',
]);

/** A Vary header's value with the given request headers added, each once (compared case-insensitively). */
export function varyAlso(vary: string | null, names: readonly string[]): string {
  const varies = (vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!varies.some((v) => v.toLowerCase() === name.toLowerCase())) varies.push(name);
  }
  return varies.join(', ');
}

/**
 * The Vary of a cacheable page, whether stored or not: the cache's key holds cookies (language, currency) and
 * its variants follow Accept-Encoding, and shared caches in front of the shop must tell them apart too.
 * Written as @fastify/compress writes it, which adds its own unless it finds this exact spelling.
 */
export const cacheablePageVary = (vary: string | null): string => varyAlso(vary, ['Cookie', 'accept-encoding']);

/**
 * A page ready to be cached: nonces hashed then removed, CSP rewritten; compressed later, per coding,
 * when a request first asks for it (`HtmlCache.variant`).
 */
export function cachedPage(input: {
  status: number;
  headers: Iterable<[string, string]>;
  /** The rendered page's bytes (UTF-8). */
  html: Buffer;
  nonces: PageNonces;
  csp: string;
  expiresAt: number;
}): CachedPage {
  const hashes = inlineHashes(input.html, input.nonces);
  const identity = withoutNonces(input.html, input.nonces);
  const headers = [...input.headers].filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase()));
  const vary = headers.find(([name]) => name.toLowerCase() === 'vary') ?? ['vary', ''];
  if (!vary[1]) headers.push(vary);
  vary[1] = cacheablePageVary(vary[1]);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;
  headers.push(['content-security-policy', cspWithHashes(input.csp, hashes)], ['etag', etag]);
  return {
    status: input.status,
    headers,
    variants: { identity },
    compressing: {},
    etag,
    bytes: identity.length,
    expiresAt: input.expiresAt,
  };
}

/**
 * Which stored variant suits an `Accept-Encoding`: brotli, then gzip, then the plain bytes (which
 * @fastify/compress may still deflate for a client that only takes deflate). `q=0` refuses a coding.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepts = acceptedCodings(acceptEncoding);
  if (accepts('br')) return 'br';
  return accepts('gzip') ? 'gzip' : 'identity';
}

/** Whether an `Accept-Encoding` takes a coding: named or by `*`, with a weight above 0. */
export function acceptedCodings(acceptEncoding: string | undefined): (coding: 'br' | 'gzip') => boolean {
  if (!acceptEncoding) return () => false;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
}

/** Whether an `If-None-Match` names the page's ETag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}
