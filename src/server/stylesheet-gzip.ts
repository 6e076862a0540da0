import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { GZIP_LEVEL } from './html-cache';

/**
 * gzip of a page sent once, with its inline stylesheet deflated once for all pages (decision 044).
 *
 * Every page carries the shop's whole stylesheet in its head (47 KB of 98 on a product page, `inline-stylesheet.tsx`),
 * and compressing it again for every uncached page was half of that page's compression: on a 98 KB product page
 * brotli 3 took 0.60 ms, of which the stylesheet 0.37. Deflate streams can be joined: a part that ends with a sync
 * flush is byte-aligned and not final, and a part compressed on its own refers to nothing before it. So the page is
 * sent as one gzip member of three deflate parts: the bytes before the stylesheet's text, compressed now; the
 * stylesheet's text, deflated once (level 9) and kept while the next page carries the same text; the rest,
 * compressed now. The CRC-32 and length are the whole page's, so the client checks all of it. The parts are the
 * page's own bytes, split and joined again, so what the client decodes is the page whatever the `<style>` holds;
 * only the keeping is skipped when the text differs from the kept one, and it is compared byte for byte.
 */

const deflateRawAsync = promisify(deflateRaw);

/** A stylesheet smaller than this is compressed with the page: keeping it saves less than an extra part costs. */
export const KEPT_STYLESHEET_MIN_BYTES = 8 * 1024;
/** The kept stylesheet is deflated once per process: 0.7 ms at 9 for 9.0 KB, against 10.0 KB at 3. */
const KEPT_LEVEL = 9;

/** gzip's member header: deflate, no name, no time, Unix (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

const OPEN_TAG = Buffer.from('<style');
const CLOSE_TAG = Buffer.from('</style>');

/** Where the text of the page's first `<style>` element lies, if it is long enough to keep. */
export function stylesheetSpan(page: Buffer): { start: number; end: number } | null {
  const open = page.indexOf(OPEN_TAG);
  if (open < 0) return null;
  const start = page.indexOf(0x3e /* > */, open + OPEN_TAG.length) + 1;
  if (start === 0) return null;
  const end = page.indexOf(CLOSE_TAG, start);
  if (end < 0 || end - start < KEPT_STYLESHEET_MIN_BYTES) return null;
  return { start, end };
}

export type StylesheetGzip = (page: Buffer) => Promise<Buffer> | null;

/**
 * A gzip coder that keeps one stylesheet's deflated text: the shop has one stylesheet, so a second text replaces
 * the first (a new build's, or a test's). Returns null for a page without a stylesheet long enough to keep.
 */
export function createStylesheetGzip(): StylesheetGzip {
  let kept: { text: Buffer; deflated: Promise<Buffer> } | undefined;

  const deflatedText = (text: Buffer): Promise<Buffer> => {
    if (kept?.text.equals(text)) return kept.deflated;
    const copy = Buffer.from(text);
    const deflated = deflateRawAsync(copy, { level: KEPT_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
    const entry = { text: copy, deflated };
    kept = entry;
    // A failed deflate is not kept: the next page tries again (and this one answers the error to its caller).
    deflated.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return deflated;
  };

  return (page) => {
    const span = stylesheetSpan(page);
    if (!span) return null;
    const text = deflatedText(page.subarray(span.start, span.end));
    // The head before the stylesheet (about 5 KB) costs less compressed here than its hand-over to libuv's pool
    // (0.025 ms against 0.05 of the main thread's time); the rest of the page goes to the pool.
    const before = deflateRawSync(page.subarray(0, span.start), {
      level: GZIP_LEVEL.once,
      finishFlush: constants.Z_SYNC_FLUSH,
    });
    const after = deflateRawAsync(page.subarray(span.end), { level: GZIP_LEVEL.once });
    return Promise.all([text, after]).then(([stylesheet, rest]) => {
      const trailer = Buffer.allocUnsafe(8);
      trailer.writeUInt32LE(crc32(page), 0);
      trailer.writeUInt32LE(page.length >>> 0, 4);
      return Buffer.concat([GZIP_HEADER, before, stylesheet, rest, trailer]);
    });
  };
}
