import type { MessageKey, Translate } from './i18n';

/**
 * The text of a message key that came from a schema or an AppError (a string at run time). Zod's
 * own messages, for rules that name no key, read as the generic "invalid value": the translator
 * answers a string it holds no message for with that string itself. Asking the translator, rather
 * than a list of the validation keys, keeps the Romanian catalogue out of every browser bundle that
 * shows a field error (issue 14).
 */
export function translateMessage(t: Translate, key: string, vars?: Record<string, string | number>): string {
  const text = t(key as MessageKey, vars);
  return text === key ? t('validation.invalid') : text;
}
