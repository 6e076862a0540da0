import type { MessageKey, Translate } from './i18n';
import { validationRo } from './validation.ro';

/**
 * The text of a message key that came from a schema or an AppError (a string at run time). Zod's
 * own messages, for rules that name no key, read as the generic "invalid value".
 */
export function translateMessage(t: Translate, key: string, vars?: Record<string, string | number>): string {
  return key in validationRo ? t(key as MessageKey, vars) : t('validation.invalid');
}
