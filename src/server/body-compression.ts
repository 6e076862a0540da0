import type { FastifyInstance } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES, acceptedCodings, compressBody, varyAlso } from './html-cache';
import { createStylesheetGzip } from './stylesheet-gzip';

/** Whole bodies of these types are compressed here; anything else is left to @fastify/compress. */
const WHOLE_BODY_TYPES = ['text/html', 'application/json'];

/**
 * A rendered page or a JSON answer, sent as one string or buffer, compressed in one call on libuv's pool
 * (decisions 037 and 041). @fastify/compress compressed one of up to 8 KB synchronously on the main thread, and a
 * longer one through a chain of streams; it still compresses what this leaves: streams (exports, files, a
 * navigation's data), other types, clients that take only deflate. A global hook: it runs before
 * @fastify/compress's, which leaves a body with a Content-Encoding alone, as are the HTML cache's stored variants.
 * A page whose head holds the shop's stylesheet goes as gzip around the stylesheet deflated once (decision 044).
 */
export function registerBodyCompression(app: FastifyInstance): void {
  const stylesheetGzip = createStylesheetGzip();
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!WHOLE_BODY_TYPES.some((whole) => type.startsWith(whole))) return payload;
    if (
      reply.hasHeader('content-encoding') ||
      reply.statusCode === 206 ||
      req.headers['x-no-compression'] !== undefined
    ) {
      return payload;
    }
    const accepts = acceptedCodings(req.headers['accept-encoding']);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (!(accepts('br') || accepts('gzip')) || body.length < COMPRESS_THRESHOLD_BYTES) return payload;
    // A page with the shop's stylesheet goes as gzip around its stylesheet deflated once (decision 044), even to
    // a client that takes brotli: 0.28 ms against 0.60 for a 98 KB product page, for 2 % more bytes.
    const spliced = accepts('gzip') && type.startsWith('text/html') ? stylesheetGzip(body) : null;
    const encoding = spliced ? 'gzip' : accepts('br') ? 'br' : 'gzip';
    const compressed = await (spliced ?? compressBody(body, encoding, 'once'));
    reply.header('vary', varyAlso(String(reply.getHeader('vary') ?? ''), ['accept-encoding']));
    // Fastify sets the Content-Length of the body this returns.
    reply.header('content-encoding', encoding);
    return compressed;
  });
}
