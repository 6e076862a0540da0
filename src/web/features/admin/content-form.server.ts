import type { SubmissionResult } from '@conform-to/react';
import { data } from 'react-router';
import { isAppError } from '../../../contracts/errors';

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * A content service's refusal as the form's answer: its field messages on their fields (a taken coupon code),
 * else one message above the form, with the error's 4xx status. Anything else (a bug, a 5xx) is thrown on.
 */
export function refusalReply(submission: Replyable, err: unknown) {
  if (!isAppError(err) || err.status >= 500) throw err;
  const fieldErrors = Object.fromEntries(Object.entries(err.fields ?? {}).map(([name, key]) => [name, [key]]));
  const formErrors = err.fields ? [] : [err.messageKey ?? `apiError.${err.code}`];
  return data({ result: submission.reply({ fieldErrors, formErrors }), preview: null }, { status: err.status });
}
