import { z } from 'zod';
import { COUNTRY_IDS, type CountryId, ROMANIAN_ZIP } from './geography';
import { type Bani, parseLei } from './money';
import { pageNumberSchema } from './pagination';
import { blankAsMissing } from './pagination-values';
import { CARRIER, type CarrierId, isCarrierId } from './shipping';
import { isPlainLine, isPlainText } from './validation';

/**
 * The back office's shipping and money screens (issue 13 item 5): carriers, rates, free-shipping minimums,
 * pickup points and GLS lockers, the depot, the BNR rates and the association's invoice details. One schema
 * per form, read by Conform in the browser and by the route's action on the server.
 */

/** The largest amount a rate or minimum may be: 100,000 lei. */
const MAX_AMOUNT: Bani = 10_000_000;
/** The heaviest weight band: 1,000 kg. */
const MAX_WEIGHT_GRAMS = 1_000_000;

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: 'validation.adminShipping.tooLong' })
    .refine(isPlainLine, { error: 'validation.controlCharacters' });

/** Lei as a person types them ("19", "19,90") into bani; the existing money parser decides what is valid. */
const leiSchema = z
  .string({ error: 'validation.adminShipping.amountRequired' })
  .trim()
  .min(1, { error: 'validation.adminShipping.amountRequired' })
  .transform((value, ctx) => {
    const bani = parseLei(value);
    if (bani === null || bani > MAX_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: 'validation.adminShipping.lei' });
      return z.NEVER;
    }
    return bani;
  });

/** An amount that may be left blank: blank is null (no minimum). */
const optionalLeiSchema = z.preprocess(
  (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
  leiSchema.nullable(),
);

export const carrierIdSchema = z.coerce
  .number({ error: 'validation.adminShipping.carrier' })
  .int({ error: 'validation.adminShipping.carrier' })
  .refine((id) => isCarrierId(id), { error: 'validation.adminShipping.carrier' })
  .transform((id) => id as CarrierId);

const countrySchema = z.enum(COUNTRY_IDS, { error: 'validation.adminShipping.country' });

const rowIdSchema = z.coerce
  .number({ error: 'validation.id' })
  .int({ error: 'validation.id' })
  .min(1, { error: 'validation.id' })
  .max(2_000_000_000, { error: 'validation.id' });

/** A weight band's upper bound in grams; blank is "any weight" (null). */
const maxWeightSchema = z.preprocess(
  (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
  z.coerce
    .number({ error: 'validation.adminShipping.weight' })
    .int({ error: 'validation.adminShipping.weight' })
    .min(1, { error: 'validation.adminShipping.weight' })
    .max(MAX_WEIGHT_GRAMS, { error: 'validation.adminShipping.weight' })
    .nullable(),
);

/** Working days as SPEC §9 writes them: "3" or "1-2"; blank is unknown. */
const deliveryTimeSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .regex(/^\d{1,2}(-\d{1,2})?$/, { error: 'validation.adminShipping.deliveryTime' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
);

/** A tracking page with `{awb}` where the number goes, on https; blank when the carrier has none. */
const trackingUrlSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .max(300, { error: 'validation.adminShipping.tooLong' })
    .refine((v) => /^https:\/\/[^\s]+$/.test(v) && v.includes('{awb}') && URL.canParse(v.replace('{awb}', '1')), {
      error: 'validation.adminShipping.trackingUrl',
    })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
);

/** A checkbox: present ("on") when ticked, absent when not. */
const checkboxSchema = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

const rateFields = {
  carrierId: carrierIdSchema,
  countryId: countrySchema,
  maxWeightGrams: maxWeightSchema,
  price: leiSchema,
  realCost: leiSchema,
  deliveryTime: deliveryTimeSchema,
};

/** `/admin/shipping`'s forms, one schema with an `intent` per button (each works without JavaScript). */
export const shippingActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('carrier'),
      id: carrierIdSchema,
      name: text(80, 'validation.adminShipping.nameRequired'),
      trackingUrl: trackingUrlSchema,
      active: checkboxSchema,
    }),
    z.object({ intent: z.literal('rate-add'), ...rateFields }),
    z.object({ intent: z.literal('rate-edit'), id: rowIdSchema, ...rateFields }),
    z.object({ intent: z.literal('rate-delete'), id: rowIdSchema }),
    z.object({
      intent: z.literal('minimum'),
      carrierId: carrierIdSchema,
      countryId: countrySchema,
      minimum: optionalLeiSchema,
    }),
  ],
  { error: 'validation.adminShipping.intent' },
);
export type ShippingActionInput = z.infer<typeof shippingActionSchema>;
export type RateInput = Omit<Extract<ShippingActionInput, { intent: 'rate-add' }>, 'intent'>;
export type CarrierInput = Omit<Extract<ShippingActionInput, { intent: 'carrier' }>, 'intent' | 'id'>;

/** `/admin/shipping`'s query: which carrier's rates to one country are shown (GLS in Romania by default). */
export const shippingQuerySchema = z
  .object({
    carrier: z.preprocess(blankAsMissing, carrierIdSchema.optional()).transform((v) => v ?? CARRIER.GLSDomiciliu),
    country: z.preprocess(blankAsMissing, countrySchema.optional()).transform((v): CountryId => v ?? 'RO'),
  })
  .strict();

/** A carrier as the back office shows it. */
export interface AdminCarrier {
  id: CarrierId;
  name: string;
  active: boolean;
  trackingUrl: string | null;
  position: number;
}

/** One weight band of a carrier's rates to a country (amounts in bani). */
export interface AdminRate {
  id: number;
  carrierId: CarrierId;
  countryId: string;
  maxWeightGrams: number | null;
  price: Bani;
  realCost: Bani;
  deliveryTime: string | null;
  freeShippingMinimum: Bani | null;
  isDemo: boolean;
}

// ---- Pickup points and GLS lockers --------------------------------------------------------------------

export const PLACE_KINDS = ['lockers', 'points'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
export const PLACES_PAGE_SIZE = 25;

/** `/admin/shipping/places`'s query: which list, a search text, a page. */
export const placesQuerySchema = z
  .object({
    kind: z.preprocess(
      blankAsMissing,
      z.enum(PLACE_KINDS, { error: 'validation.adminShipping.kind' }).default('lockers'),
    ),
    q: z.preprocess(
      blankAsMissing,
      z
        .string()
        .trim()
        .max(100, { error: 'validation.adminShipping.tooLong' })
        .refine(isPlainLine, { error: 'validation.controlCharacters' })
        .optional(),
    ),
    page: pageNumberSchema,
  })
  .strict();
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

/** The CSV import's header rows, in this order (docs/admin.md). */
export const LOCKER_CSV_COLUMNS = ['locker_id', 'name', 'county', 'city', 'street', 'number', 'zip_code'] as const;
export const POINT_CSV_COLUMNS = ['carrier_id', 'country_id', 'agency', 'contact_info'] as const;
/** At most this many rows in one import (the page's upload limit holds about as much). */
export const MAX_IMPORT_ROWS = 5_000;
/** An import's file: at most 1 MB of text. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/** A GLS locker, one CSV line, checked. */
export const lockerRowSchema = z.object({
  locker_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'validation.adminShipping.lockerId' }),
  name: text(120, 'validation.adminShipping.fieldRequired'),
  county: text(60, 'validation.adminShipping.fieldRequired'),
  city: text(80, 'validation.adminShipping.fieldRequired'),
  street: text(120, 'validation.adminShipping.fieldRequired'),
  number: text(20, 'validation.adminShipping.fieldRequired'),
  zip_code: z.string().trim().regex(ROMANIAN_ZIP, { error: 'validation.adminShipping.zip' }),
});
export type LockerRow = z.infer<typeof lockerRowSchema>;

/** The agencies whose pickup points are listed (SPEC §3 Carrier location). */
export const AGENCY_CARRIERS: readonly CarrierId[] = [CARRIER.TabitaTour, CARRIER.Atlassib, CARRIER.Tarsin];

/** An agency's pickup point, one CSV line, checked. */
export const pointRowSchema = z.object({
  carrier_id: z.coerce
    .number({ error: 'validation.adminShipping.agency' })
    .int({ error: 'validation.adminShipping.agency' })
    .refine((id) => (AGENCY_CARRIERS as number[]).includes(id), { error: 'validation.adminShipping.agency' })
    .transform((id) => id as CarrierId),
  country_id: countrySchema,
  agency: text(120, 'validation.adminShipping.fieldRequired'),
  // An address and phones, on several lines as the checkout shows them.
  contact_info: z
    .string()
    .trim()
    .min(1, { error: 'validation.adminShipping.fieldRequired' })
    .max(500, { error: 'validation.adminShipping.tooLong' })
    .refine(isPlainText, { error: 'validation.controlCharacters' }),
});
export type PointRow = z.infer<typeof pointRowSchema>;

/** The import form: preview checks the file and shows what would change; apply writes it, all or nothing. */
export const placesImportSchema = z.object({
  intent: z.enum(['preview', 'apply'], { error: 'validation.adminShipping.intent' }),
  kind: z.enum(PLACE_KINDS, { error: 'validation.adminShipping.kind' }),
});

/** A line the import refused: its number in the file (the header is line 1) and why, as a message key. */
export interface ImportProblem {
  line: number;
  field: string | null;
  message: string;
}

/** What an import would do (preview) or did (apply): new, changed and unchanged rows; problems stop it. */
export interface ImportReport {
  kind: PlaceKind;
  rows: number;
  added: number;
  changed: number;
  unchanged: number;
  problems: ImportProblem[];
}

/** One page of a places list (decision 022's shape). */
export interface AdminPlacesPage<T> {
  rows: T[];
  total: number;
  page: number;
  lastPage: number;
}

export interface AdminLocker {
  lockerId: string;
  name: string;
  county: string;
  city: string;
  street: string;
  number: string;
  zipCode: string;
  isDemo: boolean;
}

export interface AdminPoint {
  id: number;
  carrierId: CarrierId;
  carrierName: string;
  countryId: string;
  agency: string;
  contactInfo: string;
  isDemo: boolean;
}

export const placesActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('locker-delete'), lockerId: lockerRowSchema.shape.locker_id }),
    z.object({ intent: z.literal('point-delete'), id: rowIdSchema }),
  ],
  { error: 'validation.adminShipping.intent' },
);

// ---- The depot and the association's invoice details (settings) -----------------------------------------

/** SPEC §9: the depot where a shopper picks the parcel up (in Romania). */
export const depotSchema = z.object({
  county: text(60, 'validation.adminShipping.fieldRequired'),
  city: text(80, 'validation.adminShipping.fieldRequired'),
  street: text(120, 'validation.adminShipping.fieldRequired'),
  number: text(20, 'validation.adminShipping.fieldRequired'),
  zip_code: z
    .string({ error: 'validation.adminShipping.zip' })
    .trim()
    .regex(ROMANIAN_ZIP, { error: 'validation.adminShipping.zip' }),
});
export type DepotAddress = z.infer<typeof depotSchema> & { country_id: 'RO' };
export const depotActionSchema = depotSchema.extend({
  intent: z.literal('depot', { error: 'validation.adminShipping.intent' }),
});

/** The association as its invoices name it, and the series new invoices are numbered in. */
export const invoiceSettingsSchema = z.object({
  name: text(200, 'validation.adminShipping.fieldRequired'),
  cui: z
    .string({ error: 'validation.adminShipping.cui' })
    .trim()
    .regex(/^(RO)?\d{2,10}$/, { error: 'validation.adminShipping.cui' }),
  registration: text(60, 'validation.adminShipping.fieldRequired'),
  address: text(300, 'validation.adminShipping.fieldRequired'),
  bank: text(120, 'validation.adminShipping.fieldRequired'),
  iban: z
    .string({ error: 'validation.adminShipping.iban' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{11,34}$/, { error: 'validation.adminShipping.iban' }),
  series: z
    .string({ error: 'validation.adminShipping.series' })
    .trim()
    .regex(/^[A-Z]{1,10}$/, { error: 'validation.adminShipping.series' }),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

/** `/admin/settings`'s forms: the BNR update button and the invoice details. */
export const settingsActionSchema = z.discriminatedUnion(
  'intent',
  [z.object({ intent: z.literal('rates-update') }), invoiceSettingsSchema.extend({ intent: z.literal('invoice') })],
  { error: 'validation.adminShipping.intent' },
);

/** A stored exchange rate as the settings screen shows it. */
export interface AdminExchangeRate {
  code: string;
  ronPerUnit: string;
  rateDate: string;
  updatedAt: string;
}
