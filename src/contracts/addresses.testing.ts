/**
 * A place in Romania for tests, as the address forms and APIs take it: a street of the address fixture's lines
 * (`core/geography/testing.ts`, Arad, postal code 310130), so it passes the checks against the full data too.
 */
export const ARAD_PLACE = {
  country_id: 'RO',
  county: 'Arad',
  city: 'Arad',
  street: 'Bulevardul Revoluției',
  number: '81',
  zip_code: '310130',
};
