import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, useNavigation } from 'react-router';
import { forgotPasswordSchema } from '../../contracts/accounts';
import { AccountCard, buttonClass, FormBanner, TextField } from '../features/account/account-form';
import { refusalText } from '../features/account/form-errors.server';
import { privatePageHeaders } from '../http-cache';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/forgot';

export const handle: I18nHandle = { i18n: ['account', 'validation'] };
export const headers = privatePageHeaders;

export function loader({ url, context }: Route.LoaderArgs) {
  const email = (url.searchParams.get('email') ?? '').slice(0, 200);
  // The reset page sends here a link that lacked its token or e-mail (SPEC §2).
  return { lang: context.prefs.lang, email, badLink: url.searchParams.get('link') === 'invalid' };
}

/**
 * Sends the reset e-mail (rate-limited per address and per e-mail). SPEC §8: an e-mail without an account
 * is said so on the field (404); any other refusal above the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== 'success')
    return data({ result: submission.reply(), sent: false, email: '' }, { status: 400 });
  try {
    await context.authLimits.check('forgot', submission.value.email);
    await context.services.accounts.requestPasswordReset(submission.value.email);
  } catch (err) {
    const { error, text } = refusalText(context, err);
    const reply =
      error.code === 'NOT_FOUND'
        ? submission.reply({ fieldErrors: { email: ['apiError.account.emailNotFound'] } })
        : submission.reply({ formErrors: [text] });
    return data({ result: reply, sent: false, email: '' }, { status: error.status });
  }
  return { result: submission.reply(), sent: true, email: submission.value.email };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('account.forgot.title')} | ${t('shop.name')}` },
    { name: 'description', content: t('account.forgot.description') },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function Forgot({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const [form, fields] = useForm({
    lastResult: actionData?.sent ? null : (actionData?.result ?? null),
    defaultValue: { email: loaderData.email },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  if (actionData?.sent) {
    return (
      <>
        <PageHeader title={t('account.forgot.title')} />
        <AccountCard>
          <div role="status" className="space-y-4 text-center">
            <h2 className="font-serif text-2xl font-bold text-leaf">{t('account.forgot.sentTitle')}</h2>
            <p>{t('account.forgot.sent')}</p>
          </div>
          <div className="mt-6 space-y-3 text-center">
            <Link discover="none" to="/pages/login" className={`${buttonClass} inline-block`}>
              {t('account.forgot.toLogin')}
            </Link>
            <p>
              <Link
                discover="none"
                to={`/pages/forgot?${new URLSearchParams({ email: actionData.email })}`}
                className="text-brand underline"
              >
                {t('account.forgot.tryAgain')}
              </Link>
            </p>
          </div>
        </AccountCard>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('account.forgot.title')} />
      <AccountCard>
        <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
          {loaderData.badLink && !actionData && <FormBanner tone="error">{t('account.forgot.badLink')}</FormBanner>}
          {form.errors?.length ? (
            <FormBanner tone="error" id={form.errorId}>
              {form.errors[0]}
            </FormBanner>
          ) : null}
          <p className="text-muted">{t('account.forgot.intro')}</p>
          <TextField field={fields.email} label={t('account.email')} type="email" autoComplete="email" />
          <button type="submit" disabled={sending || !form.valid} className={buttonClass}>
            {sending ? t('account.forgot.sending') : t('account.forgot.submit')}
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
