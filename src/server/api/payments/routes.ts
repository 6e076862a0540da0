import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentStartSchema, verify3dsSchema } from '../../../contracts/payments';
import type { Services } from '../../../core/services';
import { errorResponses } from '../schemas';

const notificationAnswerSchema = z.object({
  errorType: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .describe('0 taken, 1 try again later, 2 refused for good'),
  errorCode: z.string().nullable(),
  errorMessage: z.string(),
});

/** SPEC §7 Start card payment and Verify 3DS, and NETOPIA's notification (issue 12, docs/payments.md). */
export const paymentRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/payment/start',
      {
        schema: {
          summary:
            'Start card payment (SPEC §7): a placed card order goes to NETOPIA; answers where to send the shopper',
          description:
            'The body names the order by its receipt (`receipt`, the signed value the create call and the checkout give). The order must be a pending card order that is not paid. A failed start answers 503.',
          tags: ['payments'],
          body: paymentStartSchema,
          response: {
            200: z.object({ paymentURL: z.string(), authenticationToken: z.string().nullable(), ntpID: z.string() }),
            409: errorResponses[400].describe('The order does not wait for a card payment'),
            503: errorResponses[500].describe('NETOPIA did not start the payment'),
            ...errorResponses,
          },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return services.payments.startByReceipt(req.body.receipt);
      },
    );

    app.post(
      '/payment/verify-3ds',
      {
        schema: {
          summary: 'Verify 3DS (SPEC §7): whether the 3-D Secure step went through, for the shopper only',
          description: 'Never marks an order paid: only a verified notification or the shop’s own status call does.',
          tags: ['payments'],
          body: verify3dsSchema,
          response: { 200: z.object({ status: z.enum(['verified', 'failed', 'error']) }), ...errorResponses },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        const status = await services.payments.verify3ds({
          ntpID: req.body.ntpID,
          authenticationToken: req.body.authenticationToken,
          paRes: req.body.params.paRes ?? '',
        });
        return { status };
      },
    );

    // NETOPIA signs the body's exact bytes: this route reads it as text, whatever its content type.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      raw.post(
        '/payment/ipn',
        {
          schema: {
            summary: 'NETOPIA payment notification (IPN): checked, then applied once',
            description:
              'The `Verification-token` header is a JWT (RS512) by NETOPIA: `iss` "NETOPIA Payments", `aud` the POS signature, `sub` the base64 SHA-512 of the raw body. Answers NETOPIA’s JSON; errorType 1 asks NETOPIA to send it again.',
            tags: ['payments'],
            headers: z.object({ 'verification-token': z.string().optional() }).passthrough(),
            response: {
              200: notificationAnswerSchema,
              400: notificationAnswerSchema,
              401: notificationAnswerSchema,
              503: notificationAnswerSchema,
              // A fault of the shop itself answers the shop's error shape; NETOPIA retries any answer but 200.
              500: errorResponses[500],
            },
          },
        },
        async (req, reply) => {
          const raw = typeof req.body === 'string' ? req.body : '';
          const token = req.headers['verification-token'];
          const { http, answer } = await services.payments.notify(raw, typeof token === 'string' ? token : undefined);
          return reply.status(http).send(answer);
        },
      );
    });
  };
