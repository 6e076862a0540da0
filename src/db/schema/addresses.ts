import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './accounts';

/**
 * A client's saved addresses (SPEC §3 Address), billing or delivery. Romanian addresses keep the
 * county code and the locality's SIRUTA code next to the names shown, so checkout can look their
 * postal codes up again; other countries keep free text only (the codes are null).
 */
export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: serial('id').primaryKey(),
    // A client's addresses go with the account.
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    addressType: text('address_type', { enum: ['billing', 'delivery'] }).notNull(),
    isCompany: boolean('is_company').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name'),
    cui: text('cui'),
    companyRegistrationNumber: text('company_registration_number'),
    bank: text('bank'),
    iban: text('iban'),
    /** ISO 3166-1 alpha-2 ("RO", "DE"): SPEC §9's supported countries. */
    countryId: text('country_id').notNull(),
    county: text('county').notNull(),
    countyCode: text('county_code'),
    city: text('city').notNull(),
    localitySiruta: integer('locality_siruta'),
    sector: integer('sector'),
    street: text('street').notNull(),
    number: text('number').notNull(),
    block: text('block'),
    door: text('door'),
    floor: text('floor'),
    apartment: text('apartment'),
    zipCode: text('zip_code').notNull(),
    otherDeliveryDetails: text('other_delivery_details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_addresses_client_idx').on(t.clientId, t.addressType)],
);
