import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogListQuerySchema } from '../../../contracts/blog';
import { numericIdSchema } from '../../../contracts/pagination';
import type { Services } from '../../../core/services';
import { blogListSchema, blogPostWithNeighboursSchema, errorResponses } from '../schemas';

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
          response: { 200: blogListSchema, 400: errorResponses[400], 500: errorResponses[500] },
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
          response: { 200: blogPostWithNeighboursSchema, ...errorResponses },
        },
      },
      async (req) => services.blog.byId(req.params.id),
    );
  };
