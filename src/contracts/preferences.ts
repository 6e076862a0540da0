import { z } from 'zod';
import { DISPLAY_CURRENCIES } from './money';

export const LANGUAGES = ['ro', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANG_COOKIE = 'lang';
export const CURRENCY_COOKIE = 'currency';

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
