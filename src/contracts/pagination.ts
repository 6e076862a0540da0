import { z } from 'zod';

import { blankAsMissing, MAX_PAGE, MAX_PER_PAGE } from './pagination-values';

export * from './pagination-values';

export const pageNumberSchema = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: 'validation.page' })
    .int({ error: 'validation.page' })
    .min(1, { error: 'validation.page' })
    .max(MAX_PAGE, { error: 'validation.page' })
    .default(1),
);

export function perPageSchema(defaultSize: number) {
  return z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: 'validation.perPage' })
      .int({ error: 'validation.perPage' })
      .min(1, { error: 'validation.perPage' })
      .max(MAX_PER_PAGE, { error: 'validation.perPage' })
      .default(defaultSize),
  );
}

/** A numeric id from a URL ("12"); anything else ("abc", "1.5", "-3", "0") is refused. */
export const numericIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, { error: 'validation.id' })
  .transform(Number);
