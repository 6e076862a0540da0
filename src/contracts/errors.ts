import { z } from 'zod';

export {
  AppError,
  ERROR_CODES,
  ERROR_STATUS,
  type ErrorCode,
  type FieldErrors,
  isAppError,
} from './app-error';
import { AppError, ERROR_CODES, type ErrorCode, type FieldErrors } from './app-error';

/** DESIGN §4: the one shape of an API error. `message` and `fields` are already translated. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

type TranslateKey = (key: string) => string;
const asKey: TranslateKey = (key) => key;

/**
 * The one mapper from a failed zod parse to field messages: the first issue of each field wins, a
 * whole-object issue is filed under `_`. Messages in the schemas are keys; `translate` turns them
 * into text (left out, the keys are kept, for the pages to translate when they render).
 */
export function fieldMessages(error: z.ZodError, translate: TranslateKey = asKey): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= translate(issue.message);
  }
  return fields;
}

/**
 * The one query parser of pages and API (decision 010): the whole query is valid or it is refused
 * with a VALIDATION AppError naming every bad field; nothing is silently dropped.
 */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldMessages(parsed.error) });
  return parsed.data;
}
