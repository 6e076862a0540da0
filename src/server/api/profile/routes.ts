import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema } from '../../../contracts/accounts';
import { AppError, apiErrorSchema } from '../../../contracts/errors';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  clientData,
  clientDataSchema,
  notificationsUpdateSchema,
  profileUpdateSchema,
} from '../../../contracts/profile';
import type { Services } from '../../../core/services';
import { translator } from '../../../web/i18n/translate';
import { sessionToken } from '../../session';
import { preferencesOf } from '../../ssr';
import { requireClient } from '../current-client';
import { errorResponses } from '../schemas';

const unauthorized = apiErrorSchema.describe('No session, or it has expired: UNAUTHORIZED (log in again)');
const profileAnswer = z.object({ client_data: clientDataSchema });
const answers = { 401: unauthorized, 500: errorResponses[500] };
/** The same client's data after a change, as SPEC §7's update answers it. */
const withBody = {
  400: errorResponses[400],
  401: unauthorized,
  415: apiErrorSchema.describe('Not JSON'),
  500: errorResponses[500],
};

/**
 * The logged-in client's own profile (SPEC §7): read and update it, change the password, the notifications
 * switch and the photo. Every route acts on the session's client only: no id in any path or body.
 */
export const profileRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    // The photo arrives as its raw bytes; what they are is checked by the service, never the declared type.
    app.addContentTypeParser(
      [...AVATAR_TYPES, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    // Who asks is settled before what they sent: without a session every route is a 401, even with a bad body.
    app.addHook('preValidation', async (req) => {
      await requireClient(req);
    });
    // Answers about one person: never stored by a browser or a proxy.
    app.addHook('onSend', async (_req, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/auth/profile',
      {
        schema: {
          summary: "The logged-in client's profile (SPEC §7 profile fetch)",
          tags: ['accounts'],
          response: { 200: profileAnswer, ...answers },
        },
      },
      async (req) => ({ client_data: clientData(await services.profile.get((await requireClient(req)).id)) }),
    );

    app.patch(
      '/auth/profile',
      {
        schema: {
          summary: 'Updates the name ({first_name, last_name}) or the phone ({phone}) (SPEC §7)',
          tags: ['accounts'],
          body: profileUpdateSchema,
          response: { 200: profileAnswer, ...withBody },
        },
      },
      async (req) => {
        const client = await requireClient(req);
        return { client_data: clientData(await services.profile.update(client.id, req.body)) };
      },
    );

    app.post(
      '/auth/change-password',
      {
        schema: {
          summary: "Changes the password (SPEC §7); the client's other sessions end",
          tags: ['accounts'],
          body: changePasswordSchema,
          response: { 200: z.object({ message: z.string() }), ...withBody },
        },
      },
      async (req) => {
        const client = await requireClient(req);
        await services.accounts.changePassword(client.id, req.body, sessionToken(req));
        return { message: translator(preferencesOf(req).lang)('profile.password.changed') };
      },
    );

    app.put(
      '/auth/notifications',
      {
        schema: {
          summary: 'Turns the notifications about new products on or off (SPEC §2 Notificari)',
          tags: ['accounts'],
          body: notificationsUpdateSchema,
          response: { 200: profileAnswer, ...withBody },
        },
      },
      async (req) => {
        const client = await requireClient(req);
        return { client_data: clientData(await services.profile.setNotifications(client.id, req.body.notifications)) };
      },
    );

    app.put(
      '/auth/avatar',
      {
        schema: {
          summary: 'Sets the profile photo: the image itself as the body (JPEG, PNG or WebP, at most 2 MB)',
          description: 'Re-encoded to a 256 px square WebP; the content decides, not the Content-Type.',
          tags: ['accounts'],
          response: {
            200: profileAnswer,
            400: errorResponses[400],
            401: unauthorized,
            413: apiErrorSchema.describe('Larger than 2 MB'),
            415: apiErrorSchema.describe('Not sent as image/jpeg, image/png, image/webp or application/octet-stream'),
            500: errorResponses[500],
          },
        },
      },
      async (req) => {
        const client = await requireClient(req);
        // JSON and text have parsers of their own in this scope; a photo only comes as bytes.
        if (!Buffer.isBuffer(req.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        return { client_data: clientData(await services.profile.setAvatar(client.id, req.body)) };
      },
    );

    app.delete(
      '/auth/avatar',
      {
        schema: {
          summary: 'Removes the profile photo (the initials are shown again)',
          tags: ['accounts'],
          response: { 200: profileAnswer, ...answers },
        },
      },
      async (req) => {
        const client = await requireClient(req);
        return { client_data: clientData(await services.profile.removeAvatar(client.id)) };
      },
    );

    app.get(
      '/auth/avatar',
      {
        schema: {
          summary: "The logged-in client's own photo (WebP); 404 when they have none",
          tags: ['accounts'],
          querystring: z.object({ v: z.string().max(100).optional().describe('the photo version, for caching') }),
          response: {
            200: z.any().describe('image/webp'),
            400: errorResponses[400],
            401: unauthorized,
            404: errorResponses[404],
            500: errorResponses[500],
          },
        },
      },
      async (req, reply) => {
        const client = await requireClient(req);
        const image = await services.profile.avatar(client.id);
        if (!image) throw new AppError('NOT_FOUND');
        // The URL names the photo's version, so the browser may keep it; no shared cache may.
        return reply.type('image/webp').header('cache-control', 'private, max-age=86400').send(image);
      },
    );
  };
