import { useEffect } from 'react';
import { data, Link, redirect } from 'react-router';
import { baniToDecimal } from '../../contracts/money';
import { track } from '../features/analytics/analytics';
import { CLEAR_LAST_ORDER, lastOrderOf } from '../features/checkout/checkout.server';
import { clearDraft } from '../features/checkout/checkout-draft';
import { RetryPaymentForm } from '../features/payments/retry-payment';
import { setCartCount } from '../features/cart/cart-store';
import { useConsent } from '../features/consent/consent';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { privatePageHeaders } from '../http-cache';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/order-registered';

export const handle: I18nHandle = { i18n: ['checkout', 'payment'] };

export const headers = privatePageHeaders;

/**
 * SPEC §2 Order registered: the order the `last_order` cookie names (signed by the shop when it placed it),
 * shown once; the cookie is removed with this answer. Without one, the home page.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const token = lastOrderOf(request);
  const receipt = token ? await context.services.orders.receipt(token) : null;
  if (!receipt || !token) throw redirect('/', token ? { headers: { 'Set-Cookie': CLEAR_LAST_ORDER } } : undefined);
  // SPEC §8: a card payment that did not start is said here, with a way to try again (issue 12).
  const payment = url.searchParams.get('payment');
  const paymentError =
    receipt.payment_method === 'card' && (payment === 'init' || payment === 'failed') ? payment : null;
  return data(
    { receipt, lang: context.prefs.lang, paymentError, retry: paymentError ? token : null },
    { headers: { 'Set-Cookie': CLEAR_LAST_ORDER } },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [{ title: `${t('checkout.registered.title')} | ${t('shop.name')}` }, { name: 'robots', content: 'noindex' }];
};

export default function OrderRegistered({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { receipt } = loaderData;
  const consent = useConsent();
  // The order emptied the cart and ends the draft (SPEC §4).
  useEffect(() => {
    clearDraft();
    setCartCount(0);
  }, []);
  // SPEC §4: the purchase event is sent here, once, after analytics consent.
  useEffect(() => {
    if (consent !== 'analytics') return;
    track('purchase', {
      ecommerce: {
        transaction_id: receipt.order_ref_number,
        currency: 'RON',
        value: Number(baniToDecimal(receipt.total)),
        shipping: Number(baniToDecimal(receipt.shipping)),
        tax: Number(baniToDecimal(receipt.vat)),
        ...(receipt.coupon ? { coupon: receipt.coupon } : {}),
        items: receipt.items.map((i) => ({
          item_id: String(i.product_id),
          item_name: i.name,
          price: Number(baniToDecimal(i.price)),
          quantity: i.quantity,
        })),
      },
    });
  }, [consent, receipt]);
  return (
    <>
      <PageHeader title={t('checkout.registered.title')} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div className="rounded-lg border border-line bg-white p-8 text-center">
          {loaderData.paymentError && loaderData.retry && (
            <div role="alert" className="mb-6 rounded border border-red-700 bg-red-50 p-4 text-red-800">
              <p>{t(loaderData.paymentError === 'init' ? 'payment.start.init' : 'payment.start.failed')}</p>
              <RetryPaymentForm receipt={loaderData.retry} />
            </div>
          )}
          <p className="text-lg">{t('checkout.registered.message')}</p>
          <p className="mt-6 text-sm text-muted">{t('checkout.registered.number')}</p>
          <p className="font-serif text-3xl font-bold" data-testid="order-number">
            {receipt.order_ref_number}
          </p>
          <Link
            discover="none"
            to="/"
            className="mt-8 inline-block rounded bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark"
          >
            {t('checkout.registered.continue')}
          </Link>
        </div>
      </div>
    </>
  );
}
