import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aboutDetailsSchema } from '../../../contracts/about';
import type { Services } from '../../../core/services';
import { errorResponses } from '../schemas';

export const aboutRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/about-us/details',
      {
        schema: {
          summary: 'Shop statistics for the about page (SPEC §7)',
          tags: ['content'],
          response: { 200: aboutDetailsSchema, 500: errorResponses[500] },
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return services.statistics.aboutDetails();
      },
    );
  };
