import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import { changePasswordSchema } from '../../../contracts/accounts';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { useHydrated } from '../../use-hydrated';
import { showToast } from '../../ui/toasts';
import type { ProfileActionData } from './action-data';
import { buttonClass, FieldError, FormNotice, inputClass } from './field-error';
import { inputProps } from '../../ui/input-props';

/**
 * SPEC §2 Schimba parola: old, new and confirmation; 'Actualizeaza' is disabled while the form is invalid
 * (in the browser; without JavaScript the page action answers the same messages). A change ends the
 * client's other sessions.
 */
export function PasswordPanel({ last }: { last: ProfileActionData | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'password';
  const mine = last?.intent === 'password' ? last : null;
  const [form, fields] = useForm({
    id: 'profile-password',
    lastResult: mine?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const valid = changePasswordSchema.safeParse(form.value ?? {}).success;
  const serverMessage = mine?.result.error?.['']?.[0];

  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per answer
  useEffect(() => {
    if (!mine || !hydrated) return;
    if (mine.ok) showToast(t('profile.password.changed'), 'success');
    else showToast(serverMessage ? translateMessage(t, serverMessage) : t('profile.password.failed'), 'error');
  }, [last]);

  const field = (name: 'old_pass' | 'new_pass' | 'new_pass_confirmation', label: string, auto: string) => (
    <div>
      <label htmlFor={fields[name].id} className="font-semibold">
        {label}
      </label>
      <input {...inputProps(fields[name], { type: 'password' })} autoComplete={auto} className={inputClass} />
      <FieldError id={fields[name].errorId} errors={fields[name].errors} />
    </div>
  );

  return (
    <Form discover="none" method="post" {...getFormProps(form)} className="max-w-md space-y-4">
      {!hydrated && mine && (
        <FormNotice ok={mine.ok} text={mine.ok ? t('profile.password.changed') : t('profile.password.failed')} />
      )}
      <input type="hidden" name="intent" value="password" />
      {field('old_pass', t('profile.password.old'), 'current-password')}
      {field('new_pass', t('profile.password.new'), 'new-password')}
      {field('new_pass_confirmation', t('profile.password.confirm'), 'new-password')}
      <button type="submit" disabled={hydrated && (!valid || sending)} className={buttonClass}>
        {sending ? t('profile.password.submitting') : t('profile.password.submit')}
      </button>
    </Form>
  );
}
