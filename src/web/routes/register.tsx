import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { registerSchema, safeRedirectPath } from '../../contracts/accounts';
import { cartTokenFromCookies } from '../../contracts/cart';
import { AccountCard, buttonClass, FieldError, FormBanner, TextField } from '../features/account/account-form';
import { refusalText } from '../features/account/form-errors.server';
import { privatePageHeaders } from '../http-cache';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/register';
import { inputProps } from '../ui/input-props';

export const handle: I18nHandle = { i18n: ['account', 'validation'] };
export const headers = privatePageHeaders;

export async function loader({ url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'));
  if (await context.client()) throw redirect(redirectTo);
  return { lang: context.prefs.lang, redirectTo };
}

/** Registration (rate-limited per address): creates the account, logs it in and goes on to the profile. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema });
  const hideFields = ['password', 'password_confirmation'];
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    await context.authLimits.check('register');
    const session = await context.services.accounts.register(
      submission.value,
      cartTokenFromCookies(request.headers.get('cookie')),
    );
    context.session.set(session);
  } catch (err) {
    const { error, text } = refusalText(context, err);
    const reply = error.fields
      ? submission.reply({ fieldErrors: Object.fromEntries(Object.entries(error.fields).map(([f, k]) => [f, [k]])) })
      : submission.reply({ formErrors: [text], hideFields });
    return data({ result: reply }, { status: error.status });
  }
  const back = formData.get('redirectTo');
  throw redirect(safeRedirectPath(typeof back === 'string' ? back : null));
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('account.register.title')} | ${t('shop.name')}` },
    { name: 'description', content: t('account.register.description') },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  const terms = inputProps(fields.terms, { type: 'checkbox', value: 'on' });
  return (
    <>
      <PageHeader title={t('account.register.title')} />
      <AccountCard>
        <h2 className="font-serif text-2xl font-bold">{t('account.register.intro')}</h2>
        <p className="mt-1 mb-6 text-muted">
          {t('account.register.haveAccount')}{' '}
          <Link discover="none" to="/pages/login" className="font-semibold text-brand underline">
            {t('account.register.login')}
          </Link>
        </p>
        <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
          {form.errors?.length ? (
            <FormBanner tone="error" id={form.errorId}>
              {form.errors[0]}
            </FormBanner>
          ) : null}
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.first_name} label={t('account.firstName')} type="text" autoComplete="given-name" />
            <TextField field={fields.last_name} label={t('account.lastName')} type="text" autoComplete="family-name" />
          </div>
          <TextField field={fields.email} label={t('account.email')} type="email" autoComplete="email" />
          <TextField field={fields.phone} label={t('account.phone')} type="tel" autoComplete="tel" />
          <TextField
            field={fields.password}
            label={t('account.password')}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            field={fields.password_confirmation}
            label={t('account.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
          />
          <div>
            <div className="flex items-start gap-2">
              <input {...terms} className="mt-1 size-4 accent-brand" />
              <label htmlFor={fields.terms.id}>
                {t('account.register.termsBefore')}
                <Link discover="none" to="/pages/termeni-si-conditii" className="text-brand underline" target="_blank">
                  {t('account.register.terms')}
                </Link>
                {t('account.register.termsBetween')}
                <Link discover="none" to="/pages/confidentialitate" className="text-brand underline" target="_blank">
                  {t('account.register.privacy')}
                </Link>
                {t('account.register.termsAfter')} <span aria-hidden="true">*</span>
              </label>
            </div>
            <FieldError field={fields.terms} />
          </div>
          <p className="text-sm text-muted">{t('account.required')}</p>
          <button type="submit" disabled={sending} className={buttonClass}>
            {sending ? t('account.register.submitting') : t('account.register.submit')}
          </button>
        </Form>
      </AccountCard>
    </>
  );
}
