import { useEffect } from 'react';
import { data, Link, redirectDocument, useNavigate } from 'react-router';
import { loadPaymentReturn, retryPayment } from '../features/payments/payment-return.server';
import { forgetNetopia3ds } from '../features/payments/card-redirect';
import { RetryPaymentForm } from '../features/payments/retry-payment';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { privatePageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';
import type { Route } from './+types/payment-return';

export const handle: I18nHandle = { i18n: ['payment'] };

/** About one visitor's payment: never cached, never indexed. */
export const headers = privatePageHeaders;

/** SPEC §2 Payment return: verified on the server (works without JavaScript). */
export const loader = withPageErrors(async ({ request, url, context }: Route.LoaderArgs) => ({
  ...(await loadPaymentReturn(context, request, url)),
  lang: context.prefs.lang,
}));

/** "Try again": a new payment for the order, then NETOPIA's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await retryPayment(context, request);
  if ('url' in outcome) throw redirectDocument(outcome.url, { headers: { 'Set-Cookie': outcome.cookie } });
  return data(outcome, { status: outcome.error === 'receipt' ? 400 : 503 });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  const state = loaded && 'state' in loaded ? loaded.state : 'error';
  return [{ title: `${t(STATE_KEY[state])} | ${t('shop.name')}` }, { name: 'robots', content: 'noindex' }];
};

/** SPEC §9: redirect after 3DS success 2 s. */
const REDIRECT_AFTER_MS = 2000;

const STATE_KEY = {
  missing: 'payment.return.missing',
  verified: 'payment.return.success',
  failed: 'payment.return.failed',
  error: 'payment.return.error',
} as const;

export default function PaymentReturn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { state, receipt } = loaderData;
  const success = state === 'verified';
  const navigate = useNavigate();
  // SPEC §4: the order-registered page 2 s after a verified payment. Not a meta refresh (WCAG 2.2.1): without
  // JavaScript the link below leads there.
  // SPEC §4: the 3-D Secure data kept since the start is dropped once the payment is verified (here, by the loader).
  useEffect(() => {
    if (state !== 'missing') forgetNetopia3ds();
  }, [state]);
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate('/pages/order-registered'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <div className="rounded-lg border border-line bg-white p-8 text-center">
        <h1 className={`text-2xl font-bold ${success ? 'text-green-800' : 'text-red-800'}`} data-testid="payment-state">
          {t(STATE_KEY[state])}
        </h1>
        {actionData && 'error' in actionData && (
          <p role="alert" className="mt-4 text-red-800">
            {t(actionData.error === 'init' ? 'payment.start.init' : 'payment.start.failed')}
          </p>
        )}
        {success ? (
          <>
            <p className="mt-4" role="status">
              {t('payment.return.redirecting')}
            </p>
            <Link discover="none" to="/pages/order-registered" className="mt-4 inline-block text-brand underline">
              {t('payment.return.continue')}
            </Link>
          </>
        ) : (
          receipt &&
          state !== 'missing' && (
            <>
              <p className="mt-4">{t('payment.return.notPaidYet')}</p>
              <RetryPaymentForm receipt={receipt} />
            </>
          )
        )}
        <p className="mt-8">
          <Link discover="none" to="/" className="text-brand underline">
            {t('payment.return.home')}
          </Link>
        </p>
      </div>
    </div>
  );
}
