import { type AppError, isAppError } from '../../../contracts/errors';
import { translator } from '../../i18n/translate';
import { translateMessage } from '../../i18n/validation';
import type { ShopLoadContext } from '../../load-context';

/**
 * The text of an account service's refusal for the form's banner, in the visitor's language (a rate
 * limit says when to try again). Anything that is not an AppError is a bug and is thrown on.
 */
export function refusalText(context: ShopLoadContext, err: unknown): { error: AppError; text: string } {
  if (!isAppError(err)) throw err;
  const t = translator(context.prefs.lang);
  return { error: err, text: translateMessage(t, err.messageKey ?? `apiError.${err.code}`, err.params) };
}
