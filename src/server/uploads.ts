import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../core/services';

/**
 * Serves personalisation pictures: /uploads/personalization/<id> and …/<id>/thumb (decision 017). The id is
 * 128 random bits, so only whoever uploaded a picture (or was shown its cart line) knows its address; there
 * is no listing. The type is the one the server wrote, never sniffed; the picture is private to a visitor,
 * never cached by shared caches, and not indexed.
 */
export function registerUploads(app: FastifyInstance, services: Services): void {
  // Pictures no cart line uses go after 90 days (decision 017); the sweep runs while the server does.
  app.addHook('onReady', async () => services.personalization.startSweep());
  app.addHook('onClose', async () => services.personalization.stopSweep());
  const send = async (reply: FastifyReply, id: string, variant: 'full' | 'thumb') => {
    const file = await services.uploads.read(id, variant);
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.bytes);
  };
  app.get('/uploads/personalization/:id', async (req, reply) => send(reply, (req.params as { id: string }).id, 'full'));
  app.get('/uploads/personalization/:id/thumb', async (req, reply) =>
    send(reply, (req.params as { id: string }).id, 'thumb'),
  );
}
