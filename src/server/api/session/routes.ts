import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../core/services';
import { cartOwnerOf } from '../cart/owner';
import { errorResponses } from '../schemas';

export const sessionSchema = z.object({
  cart: z.object({ count: z.number().int().describe('Pieces in the visitor’s cart') }),
});

/**
 * What the header shows of the visitor after hydration (issue 10 item 5, decision 005): public pages stay
 * in the HTML cache for everyone, and this one small call fills in the per-visitor part.
 */
export const sessionRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/session',
      {
        schema: {
          summary: 'The visitor’s header data: the cart counter',
          tags: ['session'],
          response: { 200: sessionSchema, 500: errorResponses[500] },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { cart: { count: await services.cart.count(cartOwnerOf(req)) } };
      },
    );
  };
