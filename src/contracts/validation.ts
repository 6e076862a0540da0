/** SPEC §5 validation rules shared by every form (written once, DESIGN §1.3). */

/** SPEC §5: local@domain with a top-level domain of 2+ characters. Trim before testing. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/**
 * Romanian phone: +40, 0040 or 0, then a 9-digit national number starting with 7 (mobile) or 2/3
 * (landlines), spaces/dashes allowed. SPEC §5 accepted only mobiles 07[2-8] and landlines 25x; issue 9
 * item 8 widens it to every real Romanian number (decision 014).
 */
export const ROMANIAN_PHONE_PATTERN = /^(?:\+40|0040|0)[237]\d{8}$/;

/** SPEC §5 international phone: optional +, a digit 1-9, then 4 to 14 more digits. */
export const INTERNATIONAL_PHONE_PATTERN = /^\+?[1-9]\d{4,14}$/;

const separators = /[\s-]/g;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The phone pattern depends on the country (SPEC §5): Romanian numbers for Romania, international otherwise. */
export function isValidPhone(value: string, country: 'RO' | 'international'): boolean {
  const compact = value.replace(separators, '');
  if (ROMANIAN_PHONE_PATTERN.test(compact)) return true;
  return country === 'international' && INTERNATIONAL_PHONE_PATTERN.test(compact);
}

/**
 * Control characters (NUL, escape, …) have no place in a one-line value such as a search or a
 * filter; PostgreSQL refuses NUL in text outright, so they are refused at the edge (issue 8 item 15).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The same for multi-line text (a message): tab and line breaks are allowed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const TEXT_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function isPlainLine(value: string): boolean {
  return !LINE_CONTROL_CHARACTERS.test(value);
}

export function isPlainText(value: string): boolean {
  return !TEXT_CONTROL_CHARACTERS.test(value);
}
