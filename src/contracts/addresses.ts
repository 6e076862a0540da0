import { z } from 'zod';
import { COUNTRY_IDS, type CountryId, ROMANIA, ROMANIAN_ZIP } from './geography';
import { isPlainLine, isPlainText, isValidPhone } from './validation';

export const ADDRESS_TYPES = ['billing', 'delivery'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** SPEC §3 Address, as the API answers it and the cards show it. */
export interface ClientAddress {
  id: number;
  address_type: AddressType;
  is_company: boolean;
  first_name: string;
  last_name: string;
  phone: string;
  company_name: string | null;
  cui: string | null;
  company_registration_number: string | null;
  bank: string | null;
  iban: string | null;
  country_id: CountryId;
  country: string;
  county: string;
  county_code: string | null;
  city: string;
  locality_siruta: number | null;
  sector: number | null;
  street: string;
  number: string;
  block: string | null;
  door: string | null;
  floor: string | null;
  apartment: string | null;
  zip_code: string;
  other_delivery_details: string | null;
}

/** A one-line text field; empty arrives as undefined from a form (Conform), so required ones say so. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.address.tooLong' })
    .refine(isPlainLine, { error: 'validation.controlCharacters' });
const required = (max: number) =>
  z
    .string({ error: 'validation.address.required' })
    .trim()
    .min(1, { error: 'validation.address.required' })
    .max(max, { error: 'validation.address.tooLong' })
    .refine(isPlainLine, { error: 'validation.controlCharacters' });
const optional = (max: number) =>
  line(max)
    .optional()
    .nullable()
    .transform((v) => v || null);

/** A form's radio or checkbox ("1", "0", "true", "on") or the API's boolean. */
export const formFlagSchema = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on'])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on');

/** Romanian fiscal code (CUI/CIF): optional "RO", then 2 to 10 digits. */
export const CUI_PATTERN = /^(RO)?\d{2,10}$/;

/**
 * A Romanian fiscal code whose last digit is its check digit: the other digits, right-aligned under the key
 * 753217532, are multiplied and summed; the sum × 10 mod 11 (10 counting as 0) is the check digit.
 */
export function isValidCui(value: string): boolean {
  const cui = value.replace(/\s+/g, '').toUpperCase();
  if (!CUI_PATTERN.test(cui)) return false;
  const digits = cui.replace(/^RO/, '');
  const body = digits.slice(0, -1).padStart(9, '0');
  const key = '753217532';
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * Number(key[i]);
  return ((sum * 10) % 11) % 10 === Number(digits.at(-1));
}

/** An IBAN: country, check digits, 11–30 letters or digits, and the ISO 13616 mod-97 check. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/**
 * The fields of an address (SPEC §3 Address), shared by the address modal and the checkout's billing and
 * delivery addresses; `checkAddress` adds the rules between them.
 */
export const addressFieldsSchema = z.object({
  is_company: formFlagSchema,
  first_name: required(100),
  last_name: required(100),
  // Any real number here, so the message shows as soon as the field is left; Romania's stricter
  // pattern is checked with the country below.
  phone: z
    .string({ error: 'validation.address.required' })
    .trim()
    .min(1, { error: 'validation.address.required' })
    .max(30, { error: 'validation.address.phone' })
    .refine((v) => isValidPhone(v, 'international'), { error: 'validation.address.phone' }),
  company_name: optional(200),
  cui: optional(20),
  company_registration_number: optional(40),
  bank: optional(100),
  iban: optional(42),
  country_id: z.enum(COUNTRY_IDS, { error: 'validation.address.country' }),
  county: optional(60),
  city: required(120),
  locality_siruta: z.coerce.number().int().positive().max(999_999).optional().nullable().catch(null),
  sector: z.coerce.number().int().min(1).max(6).optional().nullable().catch(null),
  street: optional(150),
  number: required(20),
  block: optional(20),
  door: optional(20),
  floor: optional(20),
  apartment: optional(20),
  zip_code: required(12),
  other_delivery_details: line(500)
    .optional()
    .nullable()
    .transform((v) => v || null)
    .refine((v) => v === null || isPlainText(v), { error: 'validation.controlCharacters' }),
});
export type AddressFields = z.output<typeof addressFieldsSchema>;

/**
 * The rules between an address's fields: Romania's phone pattern, county and six-digit postal code; a
 * company's fields. `companyDetails`: 'all' (the address modal, SPEC §5: every company field required) or
 * 'name-and-cui' (the checkout, SPEC §5: registration number, bank and IBAN optional).
 */
export function checkAddress(
  a: AddressFields,
  issue: (path: string, message: string) => void,
  companyDetails: 'all' | 'name-and-cui',
): void {
  const romania = a.country_id === ROMANIA;
  if (romania && !isValidPhone(a.phone, 'RO')) issue('phone', 'validation.address.phone');
  if (romania && !a.county) issue('county', 'validation.address.required');
  if (romania && !ROMANIAN_ZIP.test(a.zip_code)) issue('zip_code', 'validation.address.zipFormat');
  if (!romania && !/^[A-Za-z0-9 -]{2,12}$/.test(a.zip_code)) issue('zip_code', 'validation.address.zipFormat');
  if (!a.is_company) return;
  const required =
    companyDetails === 'all'
      ? (['company_name', 'cui', 'company_registration_number', 'bank', 'iban'] as const)
      : (['company_name', 'cui'] as const);
  for (const field of required) {
    if (!a[field]) issue(field, 'validation.address.required');
  }
  if (a.cui && !isValidCui(a.cui)) issue('cui', 'validation.address.cui');
  if (a.iban && !isValidIban(a.iban)) issue('iban', 'validation.address.iban');
}

/**
 * The address modal's and the API's payload (SPEC §5 "Address modal", §7 Create/Update address),
 * one schema for the browser (Conform) and the server. Company fields are required only for a
 * company (juridica); county only for Romania; postal codes are six digits in Romania. Whether the
 * locality and postal code exist and belong together is checked by the address service against
 * the loaded data.
 */
export const addressInputSchema = addressFieldsSchema
  .extend({ address_type: z.enum(ADDRESS_TYPES, { error: 'validation.address.type' }) })
  .superRefine((a, ctx) =>
    checkAddress(a, (path, message) => ctx.addIssue({ code: 'custom', path: [path], message }), 'all'),
  );

export type AddressInput = z.output<typeof addressInputSchema>;

/** An address on one line, as an order keeps it and an invoice prints it; `country` is its name, shown last. */
export function addressLine(
  a: Pick<AddressFields, 'street' | 'number' | 'block' | 'apartment' | 'city' | 'zip_code' | 'county'>,
  country: string,
): string {
  return [
    [a.street, a.number].filter(Boolean).join(' '),
    [a.block && `bl. ${a.block}`, a.apartment && `ap. ${a.apartment}`].filter(Boolean).join(', '),
    `${a.city} ${a.zip_code}`,
    a.county ? `jud. ${a.county}` : '',
    country,
  ]
    .filter(Boolean)
    .join(', ');
}
