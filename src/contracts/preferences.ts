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

/**
 * A `back` path as a path on this site, percent-encoded the way the URL standard serialises it, so no
 * control or non-Latin-1 character reaches a `Location` header and nothing can point to another host.
 */
export function sameSitePath(back: string): string {
  const base = 'http://shop.invalid';
  const url = new URL(back, base);
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === base && !path.startsWith('//') ? path : '/';
}

export const preferencesFormSchema = z.object({
  lang: z.enum(LANGUAGES).optional(),
  currency: z.enum(DISPLAY_CURRENCIES).optional(),
  back: localPathSchema,
});
