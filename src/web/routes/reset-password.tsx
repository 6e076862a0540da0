import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { resetPasswordSchema } from '../../contracts/accounts';
import { AccountCard, buttonClass, FormBanner, TextField } from '../features/account/account-form';
import { refusalText } from '../features/account/form-errors.server';
import { privatePageHeaders } from '../http-cache';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/reset-password';

export const handle: I18nHandle = { i18n: ['account', 'validation'] };
export const headers = privatePageHeaders;

/**
 * SPEC §2: a link without its token or e-mail goes to the forgot-password page, which says so; a token
 * that is unknown, used or expired shows the red banner and the submit stays disabled.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token');
  const email = url.searchParams.get('email');
  if (!token || !email) throw redirect('/pages/forgot?link=invalid');
  const tokenValid = await context.services.accounts.resetTokenUsable(email, token);
  return { lang: context.prefs.lang, token, email, tokenValid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hideFields = ['password', 'password_confirmation'];
  if (submission.status !== 'success') {
    const tokenInvalid = Boolean(submission.error?.token || submission.error?.email);
    return data({ result: submission.reply({ hideFields }), tokenInvalid }, { status: 400 });
  }
  try {
    await context.services.accounts.resetPassword(submission.value);
  } catch (err) {
    const { error, text } = refusalText(context, err);
    const tokenInvalid = Boolean(error.fields?.token);
    return data(
      { result: submission.reply({ formErrors: [text], hideFields }), tokenInvalid },
      { status: error.status },
    );
  }
  throw redirect('/pages/login?status=reset');
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('account.reset.title')} | ${t('shop.name')}` },
    { name: 'description', content: t('account.reset.description') },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const tokenInvalid = !loaderData.tokenValid || actionData?.tokenInvalid === true;
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  return (
    <>
      <PageHeader title={t('account.reset.title')} />
      <AccountCard>
        <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
          {tokenInvalid ? (
            <FormBanner tone="error">
              {t('validation.account.tokenInvalid')}{' '}
              <Link
                discover="none"
                to={`/pages/forgot?${new URLSearchParams({ email: loaderData.email.slice(0, 200) })}`}
                className="underline"
              >
                {t('account.reset.newLink')}
              </Link>
            </FormBanner>
          ) : form.errors?.length ? (
            <FormBanner tone="error" id={form.errorId}>
              {form.errors[0]}
            </FormBanner>
          ) : null}
          <input type="hidden" name="token" value={loaderData.token} />
          <input type="hidden" name="email" value={loaderData.email} />
          <TextField
            field={fields.password}
            label={t('account.newPassword')}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            field={fields.password_confirmation}
            label={t('account.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" disabled={sending || tokenInvalid || !form.valid} className={buttonClass}>
            {sending ? t('account.reset.submitting') : t('account.reset.submit')}
          </button>
          <p className="text-center">
            <Link discover="none" to="/pages/login" className="text-brand underline">
              {t('account.backToLogin')}
            </Link>
          </p>
        </Form>
      </AccountCard>
    </>
  );
}
