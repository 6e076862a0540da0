import type { FastifyInstance } from 'fastify';
import type { Services } from '../core/services';

/**
 * Serves the shop's public pictures, `/media/<id>.webp` (decision 023). A picture never changes under its
 * address (a new upload gets a new id), so browsers and shared caches keep it for a year; the type is the
 * one the server wrote, never sniffed.
 */
export function registerMedia(app: FastifyInstance, services: Services): void {
  app.get('/media/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const bytes = file.endsWith('.webp') ? await services.media.read(file.slice(0, -'.webp'.length)) : null;
    if (!bytes) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
}
