import { data } from 'react-router';
import { type AppError, isAppError } from '../contracts/app-error';
import type { Language } from '../contracts/preferences';
import { translator } from './i18n/i18n';
import { translateMessage } from './i18n/validation';

/**
 * What a page's error boundary receives for an AppError: the code and each field's message, already in
 * the shopper's language (loaders run on the server, which holds every message; so the browser never
 * downloads the validation messages for a page that has no form).
 */
export interface PageErrorData {
  code: AppError['code'];
  fields: Record<string, string>;
}

/** The page answer of an AppError: its status, for the error boundary (404 page, 400 page listing the fields). */
function pageErrorResponse(err: AppError, lang: Language) {
  const t = translator(lang);
  const fields = Object.fromEntries(Object.entries(err.fields ?? {}).map(([f, key]) => [f, translateMessage(t, key)]));
  return data<PageErrorData>({ code: err.code, fields }, { status: err.status });
}

/**
 * Wraps a loader or action (decision 010): an AppError thrown by it or by a service becomes the page
 * response of the error's status; anything else stays an unexpected error (500, logged).
 */
export function withPageErrors<A extends { context: { prefs: { lang: Language } } }, R>(
  handler: (args: A) => Promise<R>,
): (args: A) => Promise<R> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (err) {
      if (isAppError(err)) throw pageErrorResponse(err, args.context.prefs.lang);
      throw err;
    }
  };
}
