import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect, useNavigation } from 'react-router';
import { staffLoginSchema } from '../../../contracts/staff';
import { buttonClass, FieldError, FormBanner, inputClass, TextField } from '../../features/account/account-form';
import { refusalText } from '../../features/account/form-errors.server';
import { AdminCard, AdminTitle } from '../../features/admin/admin-form';
import { adminRedirectPath } from '../../features/admin/require-staff.server';
import { translator, useT } from '../../i18n/i18n';
import type { Route } from './+types/login';
import { inputProps } from '../../ui/input-props';

export const handle = { i18n: ['admin', 'account', 'validation'] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const redirectTo = adminRedirectPath(url.searchParams.get('redirectTo'));
  if (await context.staff()) throw redirect(redirectTo);
  return { lang: context.prefs.lang, redirectTo, loggedOut: url.searchParams.get('status') === 'logged-out' };
}

/**
 * The client login's defences apply (docs/accounts.md): failed attempts per address and per e-mail with
 * the same counters, the cross-site check of every post (server/edges.ts). A success rotates the session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: staffLoginSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password', 'code'] }) }, { status: 400 });
  }
  const email = submission.value.email;
  try {
    await context.authLimits.check('login', email);
    const session = await context.services.staff.login(submission.value, context.staffSession.token);
    context.staffSession.set(session);
  } catch (err) {
    const { error, text } = refusalText(context, err);
    if (error.code === 'UNAUTHORIZED') await context.authLimits.loginFailed(email);
    return data(
      { result: submission.reply({ formErrors: [text], hideFields: ['password', 'code'] }) },
      { status: error.status },
    );
  }
  const back = formData.get('redirectTo');
  throw redirect(adminRedirectPath(typeof back === 'string' ? back : null));
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('admin.login.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const sending = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffLoginSchema }),
  });
  const codeProps = inputProps(fields.code, { type: 'text' });
  return (
    <AdminCard>
      <AdminTitle>{t('admin.login.title')}</AdminTitle>
      <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
        {loaderData.loggedOut && !actionData && <FormBanner tone="success">{t('admin.login.loggedOut')}</FormBanner>}
        {form.errors?.length ? (
          <FormBanner tone="error" id={form.errorId}>
            {form.errors[0]}
          </FormBanner>
        ) : null}
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField field={fields.email} label={t('account.email')} type="email" autoComplete="username" />
        <TextField
          field={fields.password}
          label={t('account.password')}
          type="password"
          autoComplete="current-password"
        />
        <div>
          <label htmlFor={fields.code.id} className="font-semibold">
            {t('admin.login.code')}
          </label>
          <input {...codeProps} inputMode="numeric" autoComplete="one-time-code" className={inputClass} />
          <FieldError field={fields.code} />
        </div>
        <button type="submit" disabled={sending} className={buttonClass}>
          {sending ? t('admin.login.submitting') : t('admin.login.submit')}
        </button>
      </Form>
    </AdminCard>
  );
}
