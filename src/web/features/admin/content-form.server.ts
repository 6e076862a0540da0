import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
import { AppError, isAppError } from '../../../contracts/errors';

/**
 * Conform's parse of a content form. Conform reads its own `__intent__` field (the add/remove row buttons)
 * as JSON and throws on anything else: a forged one is the client's mistake, a 400, never a 500.
 */
export function parseContentForm<S extends z.ZodType>(formData: FormData, schema: S) {
  try {
    return parseWithZod(formData, { schema });
  } catch {
    throw new AppError('VALIDATION', { messageKey: 'validation.admin.intent' });
  }
}

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
