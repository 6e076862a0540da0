import type { AppLoadContext } from 'react-router';
import { parseQuery } from '../../../contracts/errors';
import { paymentReturnSchema, paymentStartSchema, type VerifyOutcome } from '../../../contracts/payments';
import { type CardStartError, lastOrderCookie, lastOrderOf, startCardPayment } from '../checkout/checkout.server';

/** SPEC §2 Payment return: what the page says. */
export type PaymentReturnState = VerifyOutcome | 'missing';

export interface PaymentReturnData {
  state: PaymentReturnState;
  /** The order's receipt, for "try again" when the payment did not go through. */
  receipt: string | null;
}

/**
 * The return from NETOPIA's pages (issue 12): an `xid` must be in the query, then the 3-D Secure step is
 * verified on the server, so the page tells the truth without JavaScript. It never marks the order paid.
 */
export async function loadPaymentReturn(
  context: AppLoadContext,
  request: Request,
  url: URL,
): Promise<PaymentReturnData> {
  const query = parseQuery(paymentReturnSchema, Object.fromEntries(url.searchParams));
  const receipt = lastOrderOf(request);
  if (!query.xid) return { state: 'missing', receipt };
  const state = await context.services.payments.verifyReturn({ ntpID: query.ntpID, paRes: query.paRes }, receipt);
  return { state, receipt: state === 'verified' ? null : receipt };
}

export type RetryOutcome = { url: string; cookie: string } | { error: CardStartError | 'receipt' };

/** "Try again": a new payment for the order the posted receipt names. */
export async function retryPayment(context: AppLoadContext, request: Request): Promise<RetryOutcome> {
  const parsed = paymentStartSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { error: 'receipt' };
  const started = await startCardPayment(context, parsed.data.receipt);
  if ('error' in started) return started;
  return { url: started.url, cookie: lastOrderCookie(parsed.data.receipt, context.publicUrl) };
}
