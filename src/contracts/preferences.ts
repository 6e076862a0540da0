import { z } from 'zod';
import { DISPLAY_CURRENCIES } from './money';

import { LANGUAGES } from './languages';

export { CURRENCY_COOKIE, LANG_COOKIE, LANGUAGES, type Language } from './languages';

/** A path on this site only, so the redirect after a preference change cannot leave the shop. */
export const localPathSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?!\/)[^\s\\]*$/)
  .catch('/');

export const preferencesFormSchema = z.object({
  lang: z.enum(LANGUAGES).optional(),
  currency: z.enum(DISPLAY_CURRENCIES).optional(),
  back: localPathSchema,
});
