import { data, Link, redirect, redirectDocument, type ShouldRevalidateFunction } from 'react-router';
import { CardRedirectOverlay } from '../features/payments/card-redirect';
import { CheckoutForm } from '../features/checkout/checkout-form';
import { loadCheckout, submitCheckout } from '../features/checkout/checkout.server';
import { InlineLogin } from '../features/checkout/inline-login';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { privatePageHeaders } from '../http-cache';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/checkout';

export const handle: I18nHandle = { i18n: ['checkout', 'cart', 'addresses', 'validation', 'payment'] };

/** The visitor's own cart and addresses: never cached, never indexed. */
export const headers = privatePageHeaders;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return { ...(await loadCheckout(context, request, url)), lang: context.prefs.lang };
}

/** Places the order (or, `intent=refresh` without JavaScript, answers the figures for the posted choices). */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitCheckout(context, request);
  if (outcome.placed) {
    const headers = { 'Set-Cookie': outcome.cookie };
    if (outcome.payment && 'url' in outcome.payment) {
      // The hydrated page keeps SPEC §4's netopia3ds in session storage, then leaves for NETOPIA itself.
      if (outcome.enhanced) return data({ cardRedirect: outcome.payment }, { headers });
      // NETOPIA's page is another site (or the simulator's pages, outside the app): a full navigation.
      throw redirectDocument(outcome.payment.url, { headers });
    }
    const failed = outcome.payment && 'error' in outcome.payment ? `?payment=${outcome.payment.error}` : '';
    throw redirect(`/pages/order-registered${failed}`, { headers });
  }
  return data(outcome.refusal, { status: outcome.status });
}

/** Leaving for NETOPIA: the page stays as it is under the redirect overlay (the emptied cart is not reloaded). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === 'object' && 'cardRedirect' in actionResult ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('checkout.title')} | ${t('shop.name')}` },
    { name: 'description', content: t('checkout.description') },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const empty = loaderData.quote.cart.lines.length === 0;
  return (
    <>
      <PageHeader title={t('checkout.title')} />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        {empty ? (
          <div className="rounded-lg border border-line bg-white p-8 text-center">
            <p className="text-lg">{t('checkout.empty')}</p>
            <Link
              discover="none"
              to="/shop"
              className="mt-4 inline-block rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
            >
              {t('checkout.emptyLink')}
            </Link>
          </div>
        ) : (
          <>
            {!loaderData.client && <InlineLogin />}
            <CheckoutForm data={loaderData} refusal={actionData && 'result' in actionData ? actionData : undefined} />
            {actionData && 'cardRedirect' in actionData && <CardRedirectOverlay redirect={actionData.cardRedirect} />}
          </>
        )}
      </div>
    </>
  );
}
