import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * SPEC §3's seven carriers (ids 1–7 fixed by the contract). What a carrier costs and where it goes are rows,
 * not code, so the back office can change them (issue 13).
 */
export const carriers = pgTable(
  'carriers',
  {
    id: smallint('id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** The parcel's tracking page, `{awb}` where the number goes; null when the carrier has none. */
    trackingUrl: text('tracking_url'),
    /** The order the checkout lists them in. */
    position: smallint('position').notNull().default(0),
  },
  (t) => [check('carriers_id_check', sql`${t.id} between 1 and 7`)],
);

/**
 * What a carrier charges for a parcel to a country, by weight band: the band with the smallest
 * `max_weight_grams` that holds the parcel applies; null = any weight. A country without a row is not served.
 */
export const carrierRates = pgTable(
  'carrier_rates',
  {
    id: serial('id').primaryKey(),
    carrierId: smallint('carrier_id')
      .notNull()
      .references(() => carriers.id),
    /** ISO 3166-1 alpha-2 (contracts/geography COUNTRIES). */
    countryId: text('country_id').notNull(),
    maxWeightGrams: integer('max_weight_grams'),
    /** Bani, VAT included: what the shopper pays. */
    price: integer('price').notNull(),
    /** Bani: what the carrier charges the shop. */
    realCost: integer('real_cost').notNull(),
    /** Working days as SPEC §9 gives them ("1-2", "4-6"); null when not known. */
    deliveryTime: text('delivery_time'),
    /** Bani; free shipping to this country from this cart total (SPEC §9: GLS in Romania), null = never free. */
    freeShippingMinimum: integer('free_shipping_minimum'),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('carrier_rates_band_key').on(t.carrierId, t.countryId, t.maxWeightGrams),
    check('carrier_rates_price_check', sql`${t.price} >= 0 and ${t.realCost} >= 0`),
  ],
);

/** SPEC §3 Carrier location: an agency's pickup points per country (Tabita Tour, Atlassib, Tarsin). */
export const carrierLocations = pgTable(
  'carrier_locations',
  {
    id: serial('id').primaryKey(),
    carrierId: smallint('carrier_id')
      .notNull()
      .references(() => carriers.id),
    countryId: text('country_id').notNull(),
    agency: text('agency').notNull(),
    contactInfo: text('contact_info').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [index('carrier_locations_carrier_country_idx').on(t.carrierId, t.countryId)],
);

/** GLS parcel lockers in Romania (SPEC §3 GLS locker). */
export const glsLockers = pgTable('gls_lockers', {
  lockerId: text('locker_id').primaryKey(),
  name: text('name').notNull(),
  county: text('county').notNull(),
  city: text('city').notNull(),
  street: text('street').notNull(),
  number: text('number').notNull(),
  zipCode: text('zip_code').notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
});
