import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogListQuerySchema } from '../../../contracts/blog';
import { numericIdSchema } from '../../../contracts/pagination';
import type { Services } from '../../../core/services';
import { apiError } from '../errors';

export const blogRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/blogs',
      {
        schema: {
          summary: 'Blog list (SPEC §7): newest first, the rows in `data`',
          tags: ['content'],
          querystring: blogListQuerySchema,
        },
      },
      async (req) => services.blog.list(req.query),
    );

    app.get(
      '/blogs/:id',
      {
        schema: {
          summary: 'One blog post by numeric id, with the previous and next post',
          tags: ['content'],
          params: z.object({ id: numericIdSchema }),
        },
      },
      async (req, reply) => {
        const found = await services.blog.byId(req.params.id);
        if (!found) return reply.status(404).send(apiError('NOT_FOUND', 'Articolul nu există.'));
        return found;
      },
    );
  };
