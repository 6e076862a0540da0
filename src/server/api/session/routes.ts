import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSummarySchema } from '../../../contracts/accounts';
import type { Services } from '../../../core/services';
import { cartOwnerOf } from '../cart/owner';
import { currentClient } from '../current-client';
import { errorResponses } from '../schemas';

/**
 * The visitor's part of the header, asked for after hydration (issue 9 item 10, issue 10 item 5, decision
 * 005): the client's name and the cart counter in one small call, so public pages stay cached for everyone.
 */
export const sessionRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/session',
      {
        schema: {
          summary: "The visitor's session as the header shows it: the client's name (or null) and the cart counter",
          tags: ['accounts'],
          response: { 200: sessionSummarySchema, 500: errorResponses[500] },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        const client = await currentClient(req);
        const count = await services.cart.count(await cartOwnerOf(req));
        return { client: client && { firstName: client.firstName, lastName: client.lastName }, cart: { count } };
      },
    );
  };
