import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type ApiError,
  AppError,
  type ErrorCode,
  ERROR_STATUS,
  fieldMessages,
  isAppError,
} from '../../contracts/errors';
import { translator } from '../../web/i18n/translate';
import { translateMessage } from '../../web/i18n/validation';
import { preferencesOf } from '../ssr';

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large, rate limit…) by status. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
);

/** The API's answer to an AppError, in the caller's language (the `lang` cookie, else Romanian). */
export function apiErrorBody(err: AppError, req: FastifyRequest): ApiError {
  const t = translator(preferencesOf(req).lang);
  const message = translateMessage(t, err.messageKey ?? `apiError.${err.code}`, err.params);
  if (!err.fields) return { error: { code: err.code, message } };
  const fields: Record<string, string> = {};
  for (const [field, key] of Object.entries(err.fields)) fields[field] = translateMessage(t, key);
  return { error: { code: err.code, message, fields } };
}

function toAppError(err: FastifyError): AppError | null {
  if (isAppError(err)) return err;
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  // A body Fastify could not read (bad JSON, unknown content type) is the caller's mistake, never a 500.
  return new AppError(CODE_OF_STATUS[status] ?? 'VALIDATION', { detail: err.message });
}

/** Answers any error in the API's shape: an AppError or Fastify's own 4xx with its status, the rest a logged 500. */
export function sendApiError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(err);
  if (appError?.retryAfterSeconds !== undefined) reply.header('retry-after', String(appError.retryAfterSeconds));
  if (appError) return reply.status(appError.status).send(apiErrorBody(appError, req));
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send(apiErrorBody(new AppError('INTERNAL'), req));
}

/**
 * The API scope's validation and errors (decision 010): route schemas are parsed with zod and a
 * failure is a VALIDATION AppError whose fields are message keys; every AppError, and Fastify's own
 * 4xx errors, are answered with `{ error: { code, message, fields } }` and the code's status;
 * anything else is logged and answered with a generic 500 body.
 */
export function registerApiErrors(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const parsed = schema.safeParse(data);
    if (parsed.success) return { value: parsed.data };
    return { error: new AppError('VALIDATION', { fields: fieldMessages(parsed.error) }) };
  });
  app.setErrorHandler(sendApiError);
  // Every unknown /api path and method is a JSON 404 (not the page catch-all), and no part of the document.
  const notFound = async () => {
    throw new AppError('NOT_FOUND');
  };
  app.all('/*', { schema: { hide: true } }, notFound);
  app.setNotFoundHandler(notFound);
}
