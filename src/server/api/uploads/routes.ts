import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, apiErrorSchema } from '../../../contracts/errors';
import { storedUploadSchema, uploadBodySchema } from '../../../contracts/uploads';
import type { Services } from '../../../core/services';
import { UPLOAD_BODY_LIMIT_BYTES } from '../../edges';
import { errorResponses } from '../schemas';

/**
 * Reads a multipart body into `{ file }` for the route's zod schema: exactly one file, in the field
 * `file`; a file under another name or a second file is refused, text fields are ignored.
 */
async function multipartFile(contentType: string, body: Buffer): Promise<{ file?: File }> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('VALIDATION', {
      fields: { file: 'validation.upload.missing' },
      detail: 'multipart does not parse',
    });
  }
  const files = [...form.entries()].filter((entry): entry is [string, File] => entry[1] instanceof File);
  if (files.length > 1) throw new AppError('VALIDATION', { fields: { file: 'validation.upload.count' } });
  const [entry] = files;
  return entry && entry[0] === 'file' ? { file: entry[1] } : {};
}

/** Personalisation pictures (issue 10 item 3, decision 017): `POST /api/uploads/personalization`. */
export const uploadRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(rateLimit, { global: false });
    // Only this scope reads multipart; the rest of the API takes JSON alone.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (req, body, done) => {
      multipartFile(String(req.headers['content-type']), body as Buffer).then(
        (parsed) => done(null, parsed),
        (err: Error) => done(err),
      );
    });
    app.post(
      '/uploads/personalization',
      {
        bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
        // JSON is the API's other body type: here it is the wrong one, said before anything is read.
        onRequest: async (req) => {
          const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
          if (type !== 'multipart/form-data') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: 'Stores a picture for a personalisation',
          description:
            'multipart/form-data with one file in the field `file`: a JPEG, PNG or WebP picture of at most 5 MB, ' +
            'checked by its content and re-encoded. Give the answer’s `id` as the image input’s value when adding ' +
            'to the cart. Pictures no cart line uses are removed after 90 days.',
          tags: ['cart'],
          consumes: ['multipart/form-data'],
          body: uploadBodySchema,
          response: {
            201: storedUploadSchema.describe('Stored'),
            400: apiErrorSchema.describe('No file in `file`, more than one file, or not a JPEG/PNG/WebP picture'),
            413: apiErrorSchema.describe('Over 5 MB'),
            415: apiErrorSchema.describe('Not multipart/form-data'),
            429: apiErrorSchema.describe('More than 20 pictures a minute from this address: RATE_LIMITED'),
            500: errorResponses[500],
          },
        },
      },
      async (req, reply) => {
        const stored = await services.uploads.store(new Uint8Array(await req.body.file.arrayBuffer()));
        return reply.status(201).send(stored);
      },
    );
  };
