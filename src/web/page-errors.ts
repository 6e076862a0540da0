import { data } from 'react-router';
import { type AppError, type FieldErrors, isAppError } from '../contracts/errors';

/** What a page's error boundary receives for an AppError: the code and the fields' message keys. */
export interface PageErrorData {
  code: AppError['code'];
  fields: FieldErrors;
}

/** The page answer of an AppError: its status, for the error boundary (404 page, 400 page listing the fields). */
function pageErrorResponse(err: AppError) {
  return data<PageErrorData>({ code: err.code, fields: err.fields ?? {} }, { status: err.status });
}

/**
 * Wraps a loader or action (decision 010): an AppError thrown by it or by a service becomes the page
 * response of the error's status; anything else stays an unexpected error (500, logged).
 */
export function withPageErrors<A, R>(handler: (args: A) => Promise<R>): (args: A) => Promise<R> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (err) {
      if (isAppError(err)) throw pageErrorResponse(err);
      throw err;
    }
  };
}
