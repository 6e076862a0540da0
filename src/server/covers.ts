import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { coverSvg } from '../core/catalogue/cover-svg';
import type { Services } from '../core/services';

const params = z.object({ sku: z.string().regex(/^[A-Z0-9-]{1,40}$/), variant: z.enum(['1', '2']) });

/** Generated product covers: /covers/MRN-000123/1.svg (front) and /2.svg (back). */
export function registerCovers(app: FastifyInstance, services: Services): void {
  app.get('/covers/:sku/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const parsed = params.safeParse({ sku: (req.params as { sku: string }).sku, variant: file.replace(/\.svg$/, '') });
    if (!parsed.success || !file.endsWith('.svg')) return reply.status(404).send();
    const info = await services.catalogue.coverInfo(parsed.data.sku);
    if (!info) return reply.status(404).send();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(coverSvg(info, parsed.data.variant === '1' ? 1 : 2));
  });
}
