import type { SubmissionResult } from '@conform-to/react';
import { isAppError } from '../../../contracts/errors';

/**
 * A service's refusal (AppError below 500) as Conform's reply to the form that was posted: its field messages
 * on the fields, else its message above the form; with the refusal's status. Anything else is thrown again.
 */
export function refusalReply(
  submission: {
    reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>;
  },
  err: unknown,
): { result: SubmissionResult<string[]>; status: number } {
  if (!isAppError(err) || err.status >= 500) throw err;
  const fieldErrors = Object.fromEntries(Object.entries(err.fields ?? {}).map(([name, key]) => [name, [key]]));
  const formErrors = err.fields ? [] : [err.messageKey ?? `apiError.${err.code}`];
  return { result: submission.reply({ fieldErrors, formErrors }), status: err.status };
}
