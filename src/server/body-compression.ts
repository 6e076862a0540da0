import type { FastifyInstance } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES, chooseEncoding, compressBody, varyAlso } from './html-cache';

/** Whole bodies of these types are compressed here; anything else is left to @fastify/compress. */
const WHOLE_BODY_TYPES = ['text/html', 'application/json'];

/**
 * A rendered page or a JSON answer, sent as one string or buffer, compressed in one call on libuv's pool
 * (decisions 037 and 041). @fastify/compress compressed one of up to 8 KB synchronously on the main thread, and a
 * longer one through a chain of streams; it still compresses what this leaves: streams (exports, files, a
 * navigation's data), other types, clients that take only deflate. A global hook: it runs before
 * @fastify/compress's, which leaves a body with a Content-Encoding alone, as are the HTML cache's stored variants.
 */
export function registerBodyCompression(app: FastifyInstance): void {
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
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (encoding === 'identity' || body.length < COMPRESS_THRESHOLD_BYTES) return payload;
    const compressed = await compressBody(body, encoding, 'once');
    reply.header('vary', varyAlso(String(reply.getHeader('vary') ?? ''), ['accept-encoding']));
    // Fastify sets the Content-Length of the body this returns.
    reply.header('content-encoding', encoding);
    return compressed;
  });
}
