import type { FastifyInstance } from 'fastify';
import { illustrationSvg } from '../core/content/illustration-svg';

/** /illustrations/dove-3.svg: the content pages' generated pictures, cached for a day. */
export function registerIllustrations(app: FastifyInstance): void {
  app.get('/illustrations/:file', async (req, reply) => {
    const match = /^([a-z]+)-(\d{1,3})\.svg$/.exec((req.params as { file: string }).file);
    const svg = match ? illustrationSvg(match[1], Number(match[2])) : null;
    if (!svg) return reply.status(404).send();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
