import type { CardRedirect } from '../../../contracts/payments';
import { randomBytes } from 'node:crypto';
import type { AppLoadContext } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ClientAddress } from '../../../contracts/addresses';
import type { DepotAddress } from '../../../contracts/admin-shipping';
import {
  type CheckoutChoices,
  type CheckoutQuote,
  checkoutChoicesSchema,
  checkoutFormSchema,
  LAST_ORDER_COOKIE,
  preferredAddress,
  shippingCountry,
} from '../../../contracts/checkout';
import { isAppError } from '../../../contracts/errors';
import { type CountryId, ROMANIA } from '../../../contracts/geography';
import type { HumanitarianCase } from '../../../contracts/cases';
import { translator } from '../../i18n/translate';
import { translateMessage } from '../../i18n/validation';
import { addressLookups } from '../addresses/address-pages.server';
import type { AddressLookups } from '../addresses/lookups';
import { cartOwnerOf } from '../cart/cart-owner.server';

/** What the checkout page renders: the server's figures for the shopper's choices and what the form needs. */
export interface CheckoutPageData {
  quote: CheckoutQuote;
  /** The choices the figures are for, besides those the quote resolves (carrier, payment, pickup point). */
  donation: number;
  coupon: string;
  client: { email: string } | null;
  addresses: ClientAddress[];
  prefill: ClientAddress | null;
  lookups: AddressLookups;
  helpCase: HumanitarianCase | null;
  /** The depot's address, as staff keep it (decision 024). */
  depot: DepotAddress;
  /** A fresh key per visit of the page: a double click or a resent form makes one order. */
  idempotencyKey: string;
}

/** What the page action answers when the order is not placed (the page shows it over the kept form). */
export interface CheckoutRefusal {
  result: SubmissionResult<string[]>;
  message: string;
  /** Cart line id → why it cannot be ordered (SPEC §8: stored into the cart lines). */
  lineErrors: Record<string, string>;
  /** The figures for what was sent (a refresh without JavaScript, a changed total). */
  quote: CheckoutQuote | null;
}

async function quoteFor(context: AppLoadContext, request: Request, choices: CheckoutChoices, country: CountryId) {
  return context.services.orders.quote({
    owner: await cartOwnerOf(request, context),
    lang: context.prefs.lang,
    currency: await context.services.currency.view(context.prefs.currency),
    country,
    carrierId: choices.carrier ?? null,
    paymentMethod: choices.payment ?? null,
    locationId: choices.location ?? null,
    donationUnits: choices.donation ?? 0,
    couponCode: choices.coupon || null,
  });
}

/** The page's data: the choices come from its address (`checkoutChoicesSchema`); a logged-in client gets SPEC §6's prefill. */
export async function loadCheckout(context: AppLoadContext, request: Request, url: URL): Promise<CheckoutPageData> {
  const choices = checkoutChoicesSchema.parse(Object.fromEntries(url.searchParams));
  const client = await context.client();
  const [addresses, lookups, helpCase, depot] = await Promise.all([
    client ? context.services.addresses.list(client.id) : Promise.resolve([]),
    addressLookups(context),
    context.services.cases.firstActive(context.prefs.lang),
    context.services.settings.depot(),
  ]);
  const prefill = preferredAddress(addresses);
  const quote = await quoteFor(context, request, choices, choices.country ?? prefill?.country_id ?? ROMANIA);
  return {
    quote,
    donation: choices.donation ?? 0,
    coupon: choices.coupon ?? '',
    client: client ? { email: client.email } : null,
    addresses,
    prefill,
    lookups,
    helpCase,
    depot,
    idempotencyKey: randomBytes(18).toString('base64url'),
  };
}

/** The figures for a form posted to refresh them (no JavaScript: the coupon's Apply, the update button). */
function choicesOfForm(formData: FormData): { choices: CheckoutChoices; country: CountryId } {
  const text = (name: string) => {
    const v = formData.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const choices = checkoutChoicesSchema.parse({
    carrier: text('carrier'),
    payment: text('payment_method'),
    location: text('carrier_location_id'),
    donation: text('donation'),
    coupon: text('couponCode'),
  });
  const billing = checkoutChoicesSchema.shape.country.parse(text('billing.country_id')) ?? ROMANIA;
  const flag = ['1', 'on', 'true'].includes(text('deliveryAddressFlag') ?? '');
  return { choices, country: shippingCountry(billing, flag, text('delivery.country_id')) };
}

export type CheckoutOutcome =
  | {
      placed: true;
      receipt: string;
      cookie: string;
      /** A card order: where NETOPIA takes the payment, or why the payment did not start (SPEC §8). */
      payment: CardRedirect | { error: CardStartError } | null;
      /** Posted by the hydrated page (its `enhanced` field): it goes to NETOPIA itself, after keeping netopia3ds. */
      enhanced: boolean;
    }
  | { placed: false; status: number; refusal: CheckoutRefusal };

/** SPEC §8 Payment start: no paymentURL ('init'), or the request failed ('failed'). */
export type CardStartError = 'init' | 'failed';

/** The `last_order` cookie: the order's signed receipt, for order-registered and the payment's return. */
export function lastOrderCookie(receipt: string, publicUrl: string): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${LAST_ORDER_COOKIE}=${receipt}; Path=/pages; HttpOnly; SameSite=Lax; Max-Age=86400${secure}`;
}

/**
 * Starts the card payment of the order a receipt names (issue 12): NETOPIA's payment page, or why not. The
 * order stays placed either way; its payment can be tried again from the order.
 */
export async function startCardPayment(
  context: AppLoadContext,
  receipt: string,
): Promise<CardRedirect | { error: CardStartError }> {
  try {
    const started = await context.services.payments.startByReceipt(receipt);
    return {
      url: started.paymentURL,
      netopia3ds: { ntpID: started.ntpID, authenticationToken: started.authenticationToken },
    };
  } catch (err) {
    if (isAppError(err) && err.messageKey === 'apiError.payment.init') return { error: 'init' };
    if (isAppError(err) && err.status < 500 && err.code !== 'CONFLICT') throw err;
    return { error: 'failed' };
  }
}

/**
 * The page's action: `intent=refresh` answers the figures for the posted choices (the form kept); otherwise
 * the form is checked with the one checkout schema and the order placed by the order service.
 */
export async function submitCheckout(context: AppLoadContext, request: Request): Promise<CheckoutOutcome> {
  const formData = await request.formData();
  const t = translator(context.prefs.lang);
  const submission = parseWithZod(formData, { schema: checkoutFormSchema });
  if (formData.get('intent') === 'refresh') {
    const { choices, country } = choicesOfForm(formData);
    return {
      placed: false,
      status: 200,
      refusal: {
        // The form keeps what was typed; its messages wait for the order itself.
        result: { ...submission.reply(), error: {} },
        message: '',
        lineErrors: {},
        quote: await quoteFor(context, request, choices, country),
      },
    };
  }
  if (submission.status !== 'success') {
    const { choices, country } = choicesOfForm(formData);
    return {
      placed: false,
      status: 400,
      refusal: {
        result: submission.reply(),
        message: t('checkout.fillRequired'),
        lineErrors: {},
        quote: await quoteFor(context, request, choices, country),
      },
    };
  }
  const input = submission.value;
  const client = await context.client();
  try {
    const placed = await context.services.orders.place(input, {
      client: client ? { id: client.id, email: client.email } : null,
      cartToken: (await cartOwnerOf(request, context)).token,
      idempotencyKey: input.idempotency_key ?? randomBytes(18).toString('base64url'),
      currency: await context.services.currency.view(context.prefs.currency),
      lang: context.prefs.lang,
    });
    const receipt = await context.services.orders.receiptToken(placed.id);
    // Calls to NETOPIA happen after the order is committed (DESIGN §9); an order already paid (a resent form)
    // goes to its confirmation.
    const payable = placed.payment_method === 'card' && placed.payment_state === 'awaiting_payment';
    return {
      placed: true,
      receipt,
      cookie: lastOrderCookie(receipt, context.publicUrl),
      payment: payable ? await startCardPayment(context, receipt) : null,
      enhanced: formData.get('enhanced') === '1',
    };
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    const fieldErrors: Record<string, string[]> = {};
    const lineErrors: Record<string, string> = {};
    for (const [name, key] of Object.entries(err.fields ?? {})) {
      const text = translateMessage(t, key, err.params);
      if (name.startsWith('line.')) lineErrors[name.slice('line.'.length)] = text;
      else fieldErrors[name] = [key];
    }
    // SPEC §8: a refused order without a more precise message is CHECKOUT.ORDER_ERROR (the field says why).
    const message = err.messageKey ? translateMessage(t, err.messageKey, err.params) : t('checkout.orderError');
    const { choices, country } = choicesOfForm(formData);
    return {
      placed: false,
      status: err.status,
      refusal: {
        result: submission.reply({ fieldErrors, formErrors: [message] }),
        message,
        lineErrors,
        quote: await quoteFor(context, request, choices, country),
      },
    };
  }
}

/** The `last_order` cookie's receipt, and the header that removes it once the page has shown it. */
export function lastOrderOf(request: Request): string | null {
  const match = new RegExp(`(?:^|;\\s*)${LAST_ORDER_COOKIE}=([^;]+)`).exec(request.headers.get('cookie') ?? '');
  return match ? match[1] : null;
}

export const CLEAR_LAST_ORDER = `${LAST_ORDER_COOKIE}=; Path=/pages; HttpOnly; SameSite=Lax; Max-Age=0`;
