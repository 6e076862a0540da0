import type { FastifyInstance } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES, chooseEncoding, compressBody, varyAlso } from './html-cache';

/**
 * JSON answers compressed in one call on libuv's pool (decision 041), as rendered pages are (decision 037).
 * @fastify/compress compressed one of up to 8 KB synchronously on the main thread, and a longer one through a
 * chain of streams; it still compresses what this leaves: streams (exports, files), other types, deflate.
 * A global hook: it runs before @fastify/compress's, which leaves a body with a Content-Encoding alone.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
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
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
}
