import { z } from 'zod';
import { foldText } from './listing';
import { isPlainLine } from './validation';

/**
 * SPEC §9's 21 supported countries, by ISO 3166-1 alpha-2 code, with their Romanian and English
 * names. Denmark is "Danemarca" (the old shop labelled it Elvetia by mistake).
 */
export const COUNTRIES = [
  { id: 'AT', ro: 'Austria', en: 'Austria' },
  { id: 'BE', ro: 'Belgia', en: 'Belgium' },
  { id: 'BG', ro: 'Bulgaria', en: 'Bulgaria' },
  { id: 'CZ', ro: 'Cehia', en: 'Czechia' },
  { id: 'DE', ro: 'Germania', en: 'Germany' },
  { id: 'DK', ro: 'Danemarca', en: 'Denmark' },
  { id: 'ES', ro: 'Spania', en: 'Spain' },
  { id: 'FI', ro: 'Finlanda', en: 'Finland' },
  { id: 'FR', ro: 'Franța', en: 'France' },
  { id: 'GR', ro: 'Grecia', en: 'Greece' },
  { id: 'HR', ro: 'Croația', en: 'Croatia' },
  { id: 'HU', ro: 'Ungaria', en: 'Hungary' },
  { id: 'IT', ro: 'Italia', en: 'Italy' },
  { id: 'LU', ro: 'Luxemburg', en: 'Luxembourg' },
  { id: 'NL', ro: 'Țările de Jos', en: 'Netherlands' },
  { id: 'PL', ro: 'Polonia', en: 'Poland' },
  { id: 'PT', ro: 'Portugalia', en: 'Portugal' },
  { id: 'RO', ro: 'România', en: 'Romania' },
  { id: 'RS', ro: 'Serbia', en: 'Serbia' },
  { id: 'SI', ro: 'Slovenia', en: 'Slovenia' },
  { id: 'SK', ro: 'Slovacia', en: 'Slovakia' },
] as const;

export type CountryId = (typeof COUNTRIES)[number]['id'];
export const COUNTRY_IDS = COUNTRIES.map((c) => c.id) as [CountryId, ...CountryId[]];
export const ROMANIA: CountryId = 'RO';

/** SPEC §3 Country: country_id, country_name (in the shopper's language). */
export interface Country {
  country_id: CountryId;
  country_name: string;
}

const sortedCountries: Partial<Record<'ro' | 'en', readonly Country[]>> = {};

/**
 * The supported countries by name in the shopper's language. Sorted once per language: `localeCompare` with a
 * locale builds a collator at every comparison, which showed in the checkout page's profile.
 */
export function countryList(lang: 'ro' | 'en'): Country[] {
  let sorted = sortedCountries[lang];
  if (!sorted) {
    const collator = new Intl.Collator(lang);
    sorted = COUNTRIES.map((c): Country => ({ country_id: c.id, country_name: c[lang] })).sort((a, b) =>
      collator.compare(a.country_name, b.country_name),
    );
    sortedCountries[lang] = sorted;
  }
  return sorted.map((c) => ({ ...c }));
}

export function countryName(id: string, lang: 'ro' | 'en'): string {
  return COUNTRIES.find((c) => c.id === id)?.[lang] ?? id;
}

/** SPEC §3 County: value {Cod, Nume}. */
export interface County {
  Cod: string;
  Nume: string;
}

/** SPEC §3 Locality: Nume, plus what the forms need to tell villages apart and fill the postal code. */
export interface Locality {
  Nume: string;
  siruta: number;
  /** The commune or town a village belongs to ("Nădab, oraș Chișineu-Criș"). */
  uat: string;
  sector: number | null;
  /** The one postal code of the locality; null when codes are per street. */
  zip_code: string | null;
  has_streets: boolean;
}

/** SPEC §3 Street suggestion: street, sector, zip_code (plus the numbers the code covers). */
export interface StreetSuggestion {
  street: string;
  sector: string;
  zip_code: string;
  numbers: string;
}

/** SPEC §7 Verify zip answer. */
export interface VerifyZipResult {
  count: number;
  data: StreetSuggestion[];
}

/** Whether Romania's full data set is loaded; without it the forms take free text (DESIGN §5). */
export interface GeographyStatus {
  source: 'official' | 'builtin';
}

const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.address.tooLong' })
    .refine(isPlainLine, { error: 'validation.controlCharacters' });

export const countyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,2}$/, { error: 'validation.invalid' });

export const localityQuerySchema = z.object({
  q: oneLine(80).optional().default(''),
  limit: z.coerce.number().int().min(1).max(50).optional().default(20),
});

export const streetQuerySchema = z.object({
  county: countyCodeSchema,
  city: oneLine(120).min(1, { error: 'validation.address.required' }),
  sector: z.coerce.number().int().min(1).max(6).optional(),
  q: oneLine(80).min(1, { error: 'validation.address.required' }),
  limit: z.coerce.number().int().min(1).max(50).optional().default(20),
});

/** SPEC §7 Verify zip payload: county, city, sector, street (Bucharest's city may be "Sector-N"). */
export const verifyZipSchema = z.object({
  county: oneLine(60).min(1, { error: 'validation.address.required' }),
  city: oneLine(120).min(1, { error: 'validation.address.required' }),
  sector: z.union([z.string(), z.number()]).optional().nullable(),
  street: oneLine(120).min(1, { error: 'validation.address.required' }),
});
export type VerifyZipInput = z.infer<typeof verifyZipSchema>;

/** Lower case without diacritics, so ș, ş and s (ț, ţ, t; ă, â, a…) compare equal. */
export function foldName(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

/**
 * SPEC §5: Bucharest's city may come as "Sector-N" (or "Sectorul N", "București Sectorul N"); it is
 * split into the city București and sector N. Anything else is left as it is.
 */
export function splitBucharestSector(city: string): { city: string; sector: number | null } {
  const m = /(?:^|\s)sector(?:ul)?\s*-?\s*([1-6])$/i.exec(foldName(city));
  return m ? { city: 'București', sector: Number(m[1]) } : { city, sector: null };
}

/** Romanian postal codes are six digits. */
export const ROMANIAN_ZIP = /^\d{6}$/;
