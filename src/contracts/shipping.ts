import { z } from 'zod';
import { COUNTRY_IDS, type CountryId, ROMANIA } from './geography';
import type { Bani } from './money';

/** SPEC §3's carrier enumeration: the ids are part of the contract (orders and the API carry them). */
export const CARRIER = {
  TabitaTour: 1,
  Atlassib: 2,
  Tarsin: 3,
  GLSDomiciliu: 4,
  PostaInternationala: 5,
  Pickup: 6,
  GLSLocker: 7,
} as const;
export type CarrierId = (typeof CARRIER)[keyof typeof CARRIER];
export const CARRIER_IDS = Object.values(CARRIER) as CarrierId[];

export function isCarrierId(value: number): value is CarrierId {
  return (CARRIER_IDS as number[]).includes(value);
}

/** SPEC §9's payment methods: Ramburs (cash on delivery), Card, Transfer bancar, Revolut. */
/** SPEC §9 and DESIGN §6: shipping is a service at the standard rate (orders and invoices). */
export const SHIPPING_VAT_RATE = 21;

export const PAYMENT_METHODS = ['ramburs', 'card', 'transfer', 'revolut'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * SPEC §4's carrier types: home delivery (GLS, and Poșta Română International abroad), a GLS parcel locker,
 * pickup at the shop's depot, or an agency whose pickup point the shopper chooses from a list.
 */
export type DeliveryOption = 'home' | 'locker' | 'pickup' | 'agency';

export const DELIVERY_OPTION: Record<CarrierId, DeliveryOption> = {
  [CARRIER.TabitaTour]: 'agency',
  [CARRIER.Atlassib]: 'agency',
  [CARRIER.Tarsin]: 'agency',
  [CARRIER.GLSDomiciliu]: 'home',
  [CARRIER.PostaInternationala]: 'home',
  [CARRIER.Pickup]: 'pickup',
  [CARRIER.GLSLocker]: 'locker',
};

/** SPEC §3 Carrier, as offered for one cart and country. Amounts in bani, VAT included. */
export interface CarrierOption {
  id: CarrierId;
  name: string;
  delivery_option: DeliveryOption;
  /** The rate before free shipping. */
  price: Bani;
  /** What the shopper pays for it now: 0 once the cart reaches the free-shipping minimum. */
  shippingCost: Bani;
  /** What the carrier charges the shop. */
  real_delivery_cost: Bani;
  free_shipping_minimum: Bani | null;
  /** How much more the cart needs for free shipping; 0 when reached or when there is no minimum. */
  free_shipping_threshold_remaining: Bani;
  /** The parcel's tracking page, with `{awb}` where the AWB number goes. */
  tracking_url: string | null;
  /** Working days, as SPEC §9 gives them for this country ("1-2", "4-6"); null when unknown. */
  delivery_time: string | null;
}

/** SPEC §3 Carrier location: an agency's pickup point in a country. */
export interface CarrierLocation {
  id: number;
  carrier_id: CarrierId;
  agency: string;
  country_id: CountryId;
  country_name: string;
  location_contact_info: string;
}

/** SPEC §3 GLS locker (display and the checkout form's `glsSelectedLocker`). */
export interface GlsLocker {
  locker_id: string;
  location_name: string;
  country: CountryId;
  county: string;
  city: string;
  street: string;
  number: string;
  zip_code: string;
}

/** SPEC §9: the depot in Arad where a shopper picks the parcel up (the shop's own address; names and phone '-'). */
export const DEPOT_ADDRESS = {
  country_id: ROMANIA,
  county: 'Arad',
  city: 'Arad',
  street: 'Strada Revoluției',
  number: '81',
  zip_code: '310130',
} as const;

/**
 * The payment methods a shopper may choose (SPEC §4, §5, §9), one rule for the page, the API and the order:
 * Ramburs only in Romania; a GLS locker takes Card only; Tarsin is paid at the destination, so neither Card
 * nor Transfer bancar.
 */
export function allowedPaymentMethods(countryId: CountryId, carrierId: CarrierId | null): PaymentMethod[] {
  if (carrierId === CARRIER.GLSLocker) return ['card'];
  return PAYMENT_METHODS.filter((method) => {
    if (method === 'ramburs' && countryId !== ROMANIA) return false;
    if (carrierId === CARRIER.Tarsin && (method === 'card' || method === 'transfer')) return false;
    return true;
  });
}

/**
 * The method to show chosen: the shopper's current one while it is still allowed, else Ramburs in Romania
 * and Card elsewhere (SPEC §4), else the first allowed.
 */
export function defaultPaymentMethod(
  countryId: CountryId,
  carrierId: CarrierId | null,
  current?: PaymentMethod | null,
): PaymentMethod {
  const allowed = allowedPaymentMethods(countryId, carrierId);
  if (current && allowed.includes(current)) return current;
  const preferred: PaymentMethod = countryId === ROMANIA ? 'ramburs' : 'card';
  return allowed.includes(preferred) ? preferred : allowed[0];
}

const jsonId = z.number({ error: 'validation.id' }).int({ error: 'validation.id' }).min(1, { error: 'validation.id' });

/** SPEC §7 "carriers for a country": `POST /api/carriers`. */
export const carriersBodySchema = z.object({
  country_id: z.enum(COUNTRY_IDS, { error: 'validation.address.country' }),
  items: z
    .array(
      z.object({
        product_id: jsonId.max(2_147_483_647, { error: 'validation.id' }),
        required_quantity: z.number().int().min(1).max(99),
      }),
    )
    .max(100),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  /** Bani; the cart's products after discounts, which decides free shipping. */
  cart_total: z.number().int().min(0).max(100_000_000),
});
export type CarriersBody = z.infer<typeof carriersBodySchema>;

/** SPEC §7 "carrier locations": `POST /api/carriers/locations`. */
export const carrierLocationsBodySchema = z.object({
  carrier_id: z
    .number()
    .int()
    .refine((id) => isCarrierId(id), { error: 'validation.shipping.carrier' }),
  country_id: z.enum(COUNTRY_IDS, { error: 'validation.address.country' }),
});

/** The locker dialog's search: a locality or a postal code, as typed. */
export const lockerQuerySchema = z.object({
  q: z.string().trim().max(60).optional().default(''),
});

/** A carrier's tracking page for one AWB: its `{awb}` placeholder filled in; null when the carrier has none. */
export function trackingLink(template: string | null | undefined, awb: string | undefined): string | null {
  return template && awb ? template.replace('{awb}', encodeURIComponent(awb)) : null;
}
