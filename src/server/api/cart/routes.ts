import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addLineBodySchema,
  cartViewSchema,
  lineIdParamsSchema,
  setQuantityBodySchema,
  stockCheckBodySchema,
  stockProblemSchema,
} from '../../../contracts/cart';
import { apiErrorSchema } from '../../../contracts/errors';
import { personalizationValuesSchema } from '../../../contracts/personalization';
import type { Services } from '../../../core/services';
import { errorResponses } from '../schemas';
import { cartOwnerOf, issueCartCookie } from './owner';

const langQuery = z.object({ lang: z.enum(['ro', 'en']).optional() });
const writeErrors = {
  400: errorResponses[400],
  403: apiErrorSchema.describe('Not sent from the shop’s own origin'),
  404: errorResponses[404],
  500: errorResponses[500],
};

/**
 * The cart as JSON (issue 10 item 2): the same operations as the cart action of the pages, on the same core
 * service. Lines are priced from the catalogue on every read; the answer of each write is the whole cart.
 */
export const cartRoutes =
  (services: Services, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/cart',
      {
        schema: {
          summary: 'The visitor’s cart, priced from the catalogue',
          tags: ['cart'],
          querystring: langQuery,
          response: { 200: cartViewSchema, 400: errorResponses[400], 500: errorResponses[500] },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return services.cart.view(await cartOwnerOf(req), req.query.lang ?? 'ro');
      },
    );

    app.post(
      '/cart/lines',
      {
        schema: {
          summary: 'Adds pieces of a product (same product and personalisation add up, capped by stock and 99)',
          tags: ['cart'],
          body: addLineBodySchema.extend({ personalization: personalizationValuesSchema.optional() }),
          response: { 200: cartViewSchema, ...writeErrors },
        },
      },
      async (req, reply) => {
        const owner = await cartOwnerOf(req);
        const { issuedToken } = await services.personalization.addToCart(owner, req.body);
        issueCartCookie(reply, issuedToken, publicUrl);
        reply.header('cache-control', 'private, no-store');
        return services.cart.view({ ...owner, token: issuedToken ?? owner.token });
      },
    );

    app.patch(
      '/cart/lines/:id',
      {
        schema: {
          summary: 'Sets the quantity of a cart line (1–99, at most the stock)',
          tags: ['cart'],
          params: lineIdParamsSchema,
          body: setQuantityBodySchema,
          response: { 200: cartViewSchema, ...writeErrors },
        },
      },
      async (req, reply) => {
        const owner = await cartOwnerOf(req);
        await services.cart.setQuantity(owner, req.params.id, req.body.quantity);
        reply.header('cache-control', 'private, no-store');
        return services.cart.view(owner);
      },
    );

    app.delete(
      '/cart/lines/:id',
      {
        schema: {
          summary: 'Removes a line from the cart',
          tags: ['cart'],
          params: lineIdParamsSchema,
          response: { 200: cartViewSchema, ...writeErrors },
        },
      },
      async (req, reply) => {
        const owner = await cartOwnerOf(req);
        await services.cart.removeLine(owner, req.params.id);
        reply.header('cache-control', 'private, no-store');
        return services.cart.view(owner);
      },
    );

    app.post(
      '/client-order/check-products-stock',
      {
        schema: {
          summary: 'SPEC §7 stock check: the items short on stock (empty when all are in stock)',
          tags: ['cart'],
          body: stockCheckBodySchema,
          response: {
            200: z.array(stockProblemSchema),
            400: errorResponses[400],
            403: writeErrors[403],
            500: errorResponses[500],
          },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return services.cart.checkStock(req.body.items);
      },
    );
  };
