import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/**
 * Romania's address data (docs/decisions/015-romanian-address-data.md), loaded by
 * core/geography/import.ts from RO_ADDRESS_DATA, or the built-in 42 counties and their seats when the
 * files are missing. Every `*_ascii` column is the name folded by `foldText` (no diacritics, lower
 * case), so ș/ş/s and ț/ţ/t match alike; the lookups compare folded text with folded text.
 */
export const geoCounties = pgTable('geo_counties', {
  /** ISO 3166-2:RO code without the prefix: AB … VN, B. */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  nameAscii: text('name_ascii').notNull(),
});

export const geoLocalities = pgTable(
  'geo_localities',
  {
    /** The SIRUTA code; the built-in seats use it too. */
    siruta: integer('siruta').primaryKey(),
    countyCode: text('county_code')
      .notNull()
      .references(() => geoCounties.code),
    name: text('name').notNull(),
    nameAscii: text('name_ascii').notNull(),
    /** The commune or town the village belongs to, shown to tell same-named villages apart. */
    uat: text('uat').notNull(),
    /** Bucharest's sectors are localities of county B; 1–6 there, null elsewhere. */
    sector: integer('sector'),
    /** The locality's postal code (with hasStreets, one representative of many); null when unknown. */
    postalCode: text('postal_code'),
    /** Street-level codes exist (Bucharest and the 47 large cities): look them up in geo_streets. */
    hasStreets: boolean('has_streets').notNull().default(false),
    /** Larger places first among equal matches (urban before rural, then the seat of the UAT). */
    rank: integer('rank').notNull().default(0),
  },
  (t) => [index('geo_localities_county_ascii_idx').on(t.countyCode, t.nameAscii.op('text_pattern_ops'))],
);

/** Street-level postal codes: one row per street and number range. */
export const geoStreets = pgTable(
  'geo_streets',
  {
    id: serial('id').primaryKey(),
    localitySiruta: integer('locality_siruta')
      .notNull()
      .references(() => geoLocalities.siruta),
    sector: integer('sector'),
    /** "Bulevardul Revoluției", "Strada Arhitect Ion Mincu": the display form (SOURCES.md quirks). */
    street: text('street').notNull(),
    /** Folded street name without its type, for the typeahead ("revolutiei", "arhitect ion mincu"). */
    streetAscii: text('street_ascii').notNull(),
    /** The numbers this code covers as Poșta writes them ("nr. 1-21", "bl. 3"); empty = the whole street. */
    numbers: text('numbers').notNull(),
    postalCode: text('postal_code').notNull(),
  },
  (t) => [
    index('geo_streets_locality_ascii_idx').on(t.localitySiruta, t.streetAscii.op('text_pattern_ops')),
    index('geo_streets_postal_code_idx').on(t.postalCode),
  ],
);

/** What the importer loaded last: `source` (official | builtin) and `hash` (of the files it read). */
export const geoMeta = pgTable('geo_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
