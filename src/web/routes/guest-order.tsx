import { AppError } from '../../contracts/errors';
import { OrdersTable } from '../features/orders/orders-table';
import { RetryPaymentForm } from '../features/payments/retry-payment';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { privatePageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/guest-order';

export const handle: I18nHandle = { i18n: ['profile', 'payment'] };

/**
 * A guest's order, from the unguessable link of their confirmation e-mail (issue 11 item 8): the same table
 * as a client's "Comenzile mele". An unknown link is the shop's not-found page.
 */
export const loader = withPageErrors(async ({ params, context }: Route.LoaderArgs) => {
  const order = await context.services.orderHistory.byGuestToken(params.token);
  if (!order) throw new AppError('NOT_FOUND', { detail: 'unknown guest order link' });
  // Issue 12: a card order still waiting for its money can be paid again from here.
  const payable =
    order.payment_method === 'card' &&
    order.status === 'pending' &&
    (order.payment_state === 'awaiting_payment' || order.payment_state === 'failed');
  // The link proved the guest's right to the order; the invoice's download carries the order's signed key.
  const invoiceQuery = order.bills_list.length
    ? `?key=${await context.services.invoices.linkKey(order.id)}`
    : undefined;
  return {
    lang: context.prefs.lang,
    order,
    invoiceQuery,
    retry: payable ? await context.services.orders.receiptToken(order.id) : null,
  };
});

/** About one visitor's order: never cached, never indexed. */
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  const ref = loaded && 'order' in loaded ? loaded.order.order_ref_number : '';
  return [
    { title: `${t('profile.orders.guestTitle', { ref })} | ${t('shop.name')}` },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function GuestOrder({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { order } = loaderData;
  return (
    <>
      <PageHeader title={t('profile.orders.guestTitle', { ref: order.order_ref_number })} />
      <div className="mx-auto max-w-7xl px-4 py-8">
        <OrdersTable
          orders={{ data: [order], total: 1, current_page: 1, last_page: 1 }}
          invoiceQuery={loaderData.invoiceQuery}
        />
        {loaderData.retry && <RetryPaymentForm receipt={loaderData.retry} />}
      </div>
    </>
  );
}
