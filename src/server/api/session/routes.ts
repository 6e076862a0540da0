import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSummarySchema } from '../../../contracts/accounts';
import { currentClient } from '../current-client';
import { errorResponses } from '../schemas';

/** The visitor's part of the header, asked for after hydration (issue 9 item 10, decision 005). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/session',
    {
      schema: {
        summary: "The visitor's session as the header shows it: the client's name, or null",
        tags: ['accounts'],
        response: { 200: sessionSummarySchema, 500: errorResponses[500] },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const client = await currentClient(req);
      return { client: client && { firstName: client.firstName, lastName: client.lastName } };
    },
  );
};
