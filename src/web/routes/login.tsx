import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { loginSchema, safeRedirectPath } from '../../contracts/accounts';
import { cartTokenFromCookies } from '../../contracts/cart';
import { AccountCard, buttonClass, FormBanner, TextField } from '../features/account/account-form';
import { refusalText } from '../features/account/form-errors.server';
import { privatePageHeaders } from '../http-cache';
import type { I18nHandle } from '../i18n/areas';
import { type MessageKey, translator, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/login';

export const handle: I18nHandle = { i18n: ['account', 'validation'] };
export const headers = privatePageHeaders;

/** What brought the visitor here, shown above the form (`?status=`). */
const STATUS_TEXTS: Record<string, { key: MessageKey; tone: 'error' | 'success' }> = {
  expired: { key: 'account.login.expired', tone: 'error' },
  'logged-out': { key: 'account.login.loggedOut', tone: 'success' },
  reset: { key: 'account.login.resetDone', tone: 'success' },
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'));
  // Someone already logged in has nothing to do here.
  if (await context.client()) throw redirect(redirectTo);
  const status = STATUS_TEXTS[url.searchParams.get('status') ?? ''] ? url.searchParams.get('status') : null;
  return { lang: context.prefs.lang, notice: context.loginNotice, redirectTo, status };
}

/**
 * Checks the rate limit (failed logins per address and per e-mail), logs in (a new session, the old one
 * ends), sets the cookie and goes back where the visitor came from (a path on this site only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const email = submission.value.email;
  try {
    await context.authLimits.check('login', email);
    const session = await context.services.accounts.login(
      submission.value,
      context.session.token,
      cartTokenFromCookies(request.headers.get('cookie')),
    );
    context.session.set(session);
  } catch (err) {
    const { error, text } = refusalText(context, err);
    if (error.code === 'UNAUTHORIZED') await context.authLimits.loginFailed(email);
    const reply = submission.reply({ formErrors: [text], hideFields: ['password'] });
    return data({ result: reply }, { status: error.status });
  }
  const back = formData.get('redirectTo');
  throw redirect(safeRedirectPath(typeof back === 'string' ? back : null));
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('account.login.title')} | ${t('shop.name')}` },
    { name: 'description', content: t('account.login.description') },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const status = loaderData.status ? STATUS_TEXTS[loaderData.status] : null;
  const registerHref =
    loaderData.redirectTo === '/pages/profile'
      ? '/pages/register'
      : `/pages/register?${new URLSearchParams({ redirectTo: loaderData.redirectTo })}`;
  return (
    <>
      <PageHeader title={t('account.login.title')} />
      <AccountCard>
        <div className="space-y-4">
          {loaderData.notice && (
            <p className="rounded border border-line bg-paper p-3 text-sm" data-testid="login-notice">
              {t('account.login.notice')}
            </p>
          )}
          {status && !actionData && <FormBanner tone={status.tone}>{t(status.key)}</FormBanner>}
          <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
            {form.errors?.length ? (
              <FormBanner tone="error" id={form.errorId}>
                {form.errors[0]}
              </FormBanner>
            ) : null}
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <TextField field={fields.email} label={t('account.email')} type="email" autoComplete="email" />
            <TextField
              field={fields.password}
              label={t('account.password')}
              type="password"
              autoComplete="current-password"
            />
            <p className="text-right text-sm">
              <Link discover="none" to="/pages/forgot" className="text-brand underline">
                {t('account.login.forgot')}
              </Link>
            </p>
            <button type="submit" disabled={sending} className={buttonClass}>
              {sending ? t('account.login.submitting') : t('account.login.submit')}
            </button>
          </Form>
          <p className="border-t border-line pt-4 text-center">
            {t('account.login.noAccount')}{' '}
            <Link discover="none" to={registerHref} className="font-semibold text-brand underline">
              {t('account.login.register')}
            </Link>
          </p>
        </div>
      </AccountCard>
    </>
  );
}
