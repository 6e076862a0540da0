import { z } from 'zod';
import { type AddressFields, addressFieldsSchema, checkAddress, formFlagSchema } from './addresses';
import type { CartView } from './cart';
import type { CountryId } from './geography';
import type { Bani, PricedCart } from './money';
import {
  allowedPaymentMethods,
  type CarrierId,
  type CarrierLocation,
  type CarrierOption,
  DELIVERY_OPTION,
  type DeliveryOption,
  isCarrierId,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './shipping';
import { isPlainLine, isPlainText, isValidEmail } from './validation';

/** SPEC §3 Order status, and the payment's own state kept beside it (issue 11 item 6). */
export const ORDER_STATUSES = ['pending', 'completed', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATES = ['awaiting_payment', 'cash_on_delivery', 'paid', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A donation above this many units of the display currency is refused as a typing slip. */
export const MAX_DONATION_UNITS = 100_000;

/** SPEC §9's donation quick picks, in whole units of the display currency. */
export const DONATION_PRESETS = [5, 10, 20, 50] as const;

/** The form's random key (the page renders one; the API may send `Idempotency-Key` instead). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: 'validation.id' }).int({ error: 'validation.id' }).min(1).max(2_147_483_647).optional(),
);

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.address.tooLong' })
    .refine(isPlainLine, { error: 'validation.controlCharacters' })
    .optional()
    .transform((v) => v || null);

/**
 * The delivery address as the form sends it: checked against the address rules only when the order is
 * delivered to it (see checkoutFormSchema), so an unused, half-filled form does not stop an order.
 */
const looseAddress = z.record(z.string(), z.unknown()).optional();

/**
 * The checkout form (SPEC §3 Checkout form, §5 checkout validation), one schema for the page's form
 * (Conform, field names `billing.first_name` …) and `POST /api/client-order/create` (JSON).
 */
export const checkoutFormSchema = z
  .object({
    client_email: z
      .string({ error: 'validation.checkout.emailRequired' })
      .trim()
      .min(1, { error: 'validation.checkout.emailRequired' })
      .max(200, { error: 'validation.checkout.email' })
      // An empty field has its own message (above) only.
      .refine((v) => v === '' || (isValidEmail(v) && isPlainLine(v)), { error: 'validation.checkout.email' }),
    billing: addressFieldsSchema,
    deliveryAddressFlag: formFlagSchema,
    delivery: looseAddress,
    carrier: z.coerce
      .number({ error: 'validation.shipping.carrier' })
      .int({ error: 'validation.shipping.carrier' })
      .refine((id) => isCarrierId(id), { error: 'validation.shipping.carrier' }),
    carrier_location_id: optionalId,
    locker_id: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9_-]*$/, { error: 'validation.checkout.lockerRequired' })
      .optional()
      .transform((v) => v || null),
    payment_method: z.enum(PAYMENT_METHODS, { error: 'validation.checkout.paymentMethod' }),
    /** Whole units of the display currency; 0 = none (SPEC §5: a custom amount is at least 1, step 1). */
    donation: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? 0 : v),
      z.coerce
        .number({ error: 'validation.checkout.donation' })
        .int({ error: 'validation.checkout.donation' })
        .min(0, { error: 'validation.checkout.donation' })
        .max(MAX_DONATION_UNITS, { error: 'validation.checkout.donation' }),
    ),
    couponCode: z
      .string()
      .trim()
      .max(40, { error: 'validation.checkout.coupon' })
      .refine(isPlainLine, { error: 'validation.controlCharacters' })
      .optional()
      .transform((v) => v || null),
    client_comments: optionalLine(1000).refine((v) => v === null || isPlainText(v), {
      error: 'validation.controlCharacters',
    }),
    terms: formFlagSchema,
    saveNewAddress: formFlagSchema,
    selectedAddressId: optionalId,
    selectedDeliveryAddressId: optionalId,
    idempotency_key: z
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN, { error: 'validation.checkout.idempotencyKey' })
      .optional(),
    /** Bani RON: the total the shopper saw; another server total answers 409 with the new one. */
    expected_total: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().min(0).max(1_000_000_000).optional(),
    ),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    checkAddress(input.billing, (path, message) => issue(`billing.${path}`, message), 'name-and-cui');
    // SPEC §5: both messages of the terms checkbox; the key carries both texts.
    if (!input.terms) issue('terms', 'validation.checkout.terms');
    if (!isCarrierId(input.carrier)) return;
    const option = DELIVERY_OPTION[input.carrier];
    if (option === 'locker' && !input.locker_id) issue('locker_id', 'validation.checkout.lockerRequired');
    if (option === 'agency' && !input.carrier_location_id) {
      issue('carrier_location_id', 'validation.checkout.pickupPointRequired');
    }
    if (input.deliveryAddressFlag) {
      const delivery = addressFieldsSchema.safeParse(input.delivery ?? {});
      const home = option === 'home';
      // Away from home (depot, locker, agency) only the recipient's name, phone and country are asked (SPEC §5).
      const contactOnly = new Set(['first_name', 'last_name', 'phone', 'country_id']);
      if (!delivery.success) {
        for (const problem of delivery.error.issues) {
          const field = String(problem.path[0]);
          if (home || contactOnly.has(field)) issue(`delivery.${field}`, problem.message);
        }
      } else if (home) {
        checkAddress(delivery.data, (path, message) => issue(`delivery.${path}`, message), 'name-and-cui');
      }
    }
    if (!allowedPaymentMethods(countryOfParcel(input), input.carrier).includes(input.payment_method)) {
      issue('payment_method', 'validation.checkout.paymentNotAllowed');
    }
  })
  .transform((input) => {
    const home = DELIVERY_OPTION[input.carrier as CarrierId] === 'home';
    const delivery = input.deliveryAddressFlag ? addressFieldsSchema.safeParse(input.delivery ?? {}) : null;
    return {
      ...input,
      carrier: input.carrier as CarrierId,
      /** Where the parcel goes: the separate delivery address's country when one is used, else the billing's. */
      shipping_country: countryOfParcel(input),
      // The separate delivery address when the parcel is delivered to it; null otherwise (then the billing
      // address, the depot, the locker or the pickup point is where it goes).
      delivery: delivery?.success && home ? delivery.data : null,
      /** Who collects it, when a separate delivery address names someone else. */
      deliveryContact: input.deliveryAddressFlag ? contactOf(input.delivery ?? {}) : null,
    };
  });

export type CheckoutInput = z.output<typeof checkoutFormSchema>;
export type CheckoutFormValues = z.input<typeof checkoutFormSchema>;

/** The recipient named on a separate delivery address when the parcel goes to a depot, locker or agency. */
export interface DeliveryContact {
  first_name: string;
  last_name: string;
  phone: string;
}

function contactOf(fields: Record<string, unknown>): DeliveryContact | null {
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : '');
  const contact = { first_name: text('first_name'), last_name: text('last_name'), phone: text('phone') };
  return contact.first_name && contact.last_name && contact.phone ? contact : null;
}

/**
 * The country the parcel goes to, which decides carriers and payment methods (the page asks it of the form
 * as the shopper fills it in): the separate delivery address's when one is used, else the billing address's.
 */
export function shippingCountry(billingCountry: CountryId, deliveryFlag: boolean, deliveryCountry: unknown): CountryId {
  const chosen = addressFieldsSchema.shape.country_id.safeParse(deliveryCountry);
  return deliveryFlag && chosen.success ? chosen.data : billingCountry;
}

function countryOfParcel(input: {
  billing: AddressFields;
  deliveryAddressFlag: boolean;
  delivery?: Record<string, unknown>;
}): CountryId {
  return shippingCountry(input.billing.country_id, input.deliveryAddressFlag, input.delivery?.country_id);
}

/** How the parcel travels, from the carrier (SPEC §4's carrier types). */
export function deliveryOptionOf(carrierId: CarrierId): DeliveryOption {
  return DELIVERY_OPTION[carrierId];
}

/** What a placed order answers (the page's redirect, SPEC §7's create response). */
export interface PlacedOrder {
  id: number;
  order_ref_number: string;
  /** Bani RON, VAT included: products − discount + shipping + donation. */
  billing_total_amount: Bani;
  payment_method: PaymentMethod;
  status: OrderStatus;
  payment_state: PaymentState;
  /** For a guest: the unguessable link to see the order (also in the confirmation e-mail). */
  guest_link: string | null;
  /** The lines as ordered (the card payment sends them with their own VAT rate, DESIGN §6). */
  products: OrderedProduct[];
}

export interface OrderedProduct {
  products_id: number;
  product: string;
  quantity: number;
  /** Bani per unit, personalisation included, before the coupon. */
  price: Bani;
  vat: number;
}

export type { AddressFields };

/** `GET /api/client-order?page=N` and the profile's `?tab=comenzi&page=N`. */
export const orderHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'validation.page' }).int({ error: 'validation.page' }).min(1).max(100_000).default(1),
});

const ignoreBad = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * The checkout page's choices in its address (`?country=DE&carrier=1&payment=card&donation=10&coupon=X`): the
 * page asks the server for carriers, payment methods and totals with them. A value that is not one is ignored
 * (the server chooses), so a stale or edited address never breaks the page.
 */
export const checkoutChoicesSchema = z.object({
  country: ignoreBad(addressFieldsSchema.shape.country_id),
  carrier: ignoreBad(
    z.coerce
      .number()
      .int()
      .refine((id) => isCarrierId(id)),
  ),
  payment: ignoreBad(z.enum(PAYMENT_METHODS)),
  location: ignoreBad(z.coerce.number().int().min(1).max(2_147_483_647)),
  donation: ignoreBad(z.coerce.number().int().min(0).max(MAX_DONATION_UNITS)),
  coupon: ignoreBad(z.string().trim().max(40).refine(isPlainLine)),
});
export type CheckoutChoices = z.output<typeof checkoutChoicesSchema>;

/** What a coupon code does at checkout: SPEC §9's outcomes and the two a code can have before them. */
export type CheckoutCouponOutcome = 'none' | 'unknown' | 'expired' | 'belowMinimum' | 'notBetter' | 'applied';

/**
 * What the checkout page shows for the shopper's choices, computed by the server only (issue 11 item 5): the
 * cart, the carriers for the parcel's country with the one chosen (SPEC §4: the one asked for while offered,
 * else the first), an agency's pickup points with the one chosen (the first by default), the payment methods
 * the rules allow with the one chosen, the coupon's outcome and the totals in bani RON.
 */
export interface CheckoutQuote {
  cart: CartView;
  country: CountryId;
  carriers: CarrierOption[];
  carrier: CarrierOption | null;
  locations: CarrierLocation[];
  locationId: number | null;
  paymentMethods: PaymentMethod[];
  paymentMethod: PaymentMethod;
  coupon: CheckoutCouponOutcome;
  totals: PricedCart;
}

/** A placed order as the order-registered page shows it and GA4's `purchase` reports it (SPEC §2, §4). */
export interface OrderReceipt {
  order_ref_number: string;
  /** Bani RON. */
  total: Bani;
  shipping: Bani;
  vat: Bani;
  coupon: string | null;
  payment_method: PaymentMethod;
  items: { product_id: number; name: string; price: Bani; quantity: number }[];
}

/** The cookie that carries a placed order's signed receipt to the order-registered page (then removed). */
export const LAST_ORDER_COOKIE = 'last_order';

/**
 * SPEC §6's prefill for a logged-in client's checkout: the latest billing address, else the latest delivery
 * address (the latest is the one added last).
 */
export function preferredAddress<A extends { id: number; address_type: 'billing' | 'delivery' }>(
  addresses: readonly A[],
): A | null {
  const latest = (type: A['address_type']) =>
    addresses.filter((a) => a.address_type === type).sort((a, b) => b.id - a.id)[0] ?? null;
  return latest('billing') ?? latest('delivery');
}
