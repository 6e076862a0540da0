import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientLogSchema } from '../../../contracts/client-log';
import { apiErrorSchema } from '../../../contracts/errors';
import { errorResponses } from '../schemas';

/**
 * SPEC §8 "logged only" failures that happen in the browser (a refused clipboard write) are reported
 * here and written to the server log; the page shows nothing. Limited per address so it cannot flood the log.
 */
export const clientLogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, { global: false });
  app.post(
    '/client-log',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Logs a browser-side failure',
        tags: ['content'],
        body: clientLogSchema,
        response: {
          204: z.null().describe('Logged'),
          400: errorResponses[400],
          413: apiErrorSchema.describe('Body too large'),
          415: apiErrorSchema.describe('Not JSON'),
          429: apiErrorSchema.describe('More than 30 reports a minute from this address: RATE_LIMITED'),
          500: errorResponses[500],
        },
      },
    },
    async (req, reply) => {
      req.log.warn({ clientEvent: req.body.event, detail: req.body.detail, page: req.body.path }, 'browser reported');
      return reply.status(204).send(null);
    },
  );
};
