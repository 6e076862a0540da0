import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientData,
  clientDataSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../contracts/accounts';
import { apiErrorSchema, isAppError } from '../../../contracts/errors';
import type { Services } from '../../../core/services';
import { translator } from '../../../web/i18n/translate';
import type { AuthLimits } from '../../auth-limits';
import { sessionToken } from '../../session';
import { preferencesOf } from '../../ssr';
import { cartTokenOf } from '../cart/owner';
import { apiSessionCookies } from '../current-client';
import { errorResponses } from '../schemas';

const messageSchema = z.object({ message: z.string() });
const tooMany = apiErrorSchema.describe('Too many attempts: RATE_LIMITED, the message says when to try again');
const forbidden = apiErrorSchema.describe('Cross-origin request: FORBIDDEN');

/**
 * SPEC §7 account calls (issue 9 item 9, auth part): register, login, logout, forgot-password and
 * reset-password. Login and register set the `sid` cookie; the same services and rate limits as the pages.
 */
export const authRoutes =
  (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async (app) => {
    const { accounts } = services;

    app.post(
      '/auth/register',
      {
        schema: {
          summary: 'Creates a client account and logs it in (sets the session cookie)',
          tags: ['accounts'],
          body: registerSchema,
          response: {
            201: z.object({ client_data: clientDataSchema }),
            400: errorResponses[400],
            403: forbidden,
            409: apiErrorSchema.describe('The e-mail already has an account: CONFLICT, fields.email'),
            429: tooMany,
            500: errorResponses[500],
          },
        },
      },
      async (req, reply) => {
        await limits.check('register', req.ip);
        const session = await accounts.register(req.body, cartTokenOf(req));
        apiSessionCookies(req, reply).set(session);
        return reply.status(201).send({ client_data: clientData(session.client) });
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          summary: 'Logs in with e-mail and password (a new session cookie; the previous session ends)',
          tags: ['accounts'],
          body: loginSchema,
          response: {
            200: z.object({ client_data: clientDataSchema }),
            400: errorResponses[400],
            401: apiErrorSchema.describe('Wrong e-mail or password: UNAUTHORIZED'),
            403: forbidden,
            429: tooMany,
            500: errorResponses[500],
          },
        },
      },
      async (req, reply) => {
        await limits.check('login', req.ip, req.body.email);
        try {
          const session = await accounts.login(req.body, sessionToken(req), cartTokenOf(req));
          apiSessionCookies(req, reply).set(session);
          return { client_data: clientData(session.client) };
        } catch (err) {
          if (isAppError(err) && err.code === 'UNAUTHORIZED') await limits.loginFailed(req.ip, req.body.email);
          throw err;
        }
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          summary: 'Ends the current session (deletes it) and clears the cookie',
          tags: ['accounts'],
          response: { 204: z.null().describe('Logged out'), 403: forbidden, 500: errorResponses[500] },
        },
      },
      async (req, reply) => {
        await accounts.logout(sessionToken(req));
        apiSessionCookies(req, reply).clear();
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          summary: 'E-mails a password-reset link valid for 60 minutes (SPEC §2)',
          tags: ['accounts'],
          body: forgotPasswordSchema,
          response: {
            200: messageSchema,
            400: errorResponses[400],
            403: forbidden,
            404: apiErrorSchema.describe('No account has this e-mail (SPEC §8): NOT_FOUND'),
            429: tooMany,
            500: errorResponses[500],
          },
        },
      },
      async (req) => {
        await limits.check('forgot', req.ip, req.body.email);
        await accounts.requestPasswordReset(req.body.email);
        return { message: translator(preferencesOf(req).lang)('account.forgot.sent') };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        schema: {
          summary: 'Sets a new password with the e-mailed token (SPEC §3 payload); every session of the client ends',
          tags: ['accounts'],
          body: resetPasswordSchema,
          response: {
            200: messageSchema,
            400: apiErrorSchema.describe('Invalid fields, or a token that is unknown, used or expired (fields.token)'),
            403: forbidden,
            500: errorResponses[500],
          },
        },
      },
      async (req) => {
        await accounts.resetPassword(req.body);
        return { message: translator(preferencesOf(req).lang)('account.login.resetDone') };
      },
    );
  };
