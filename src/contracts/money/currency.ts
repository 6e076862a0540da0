import { type Bani, divideRounded } from './bani';

export const BASE_CURRENCY = 'RON';
/** Currencies the selector offers: RON, the majors, and those of the countries we ship to (SPEC §9). */
export const DISPLAY_CURRENCIES = [
  'RON',
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'HUF',
  'BGN',
  'CZK',
  'DKK',
  'PLN',
  'RSD',
] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export type ForeignCurrency = Exclude<DisplayCurrency, typeof BASE_CURRENCY>;

export function isDisplayCurrency(code: string): code is DisplayCurrency {
  return (DISPLAY_CURRENCIES as readonly string[]).includes(code);
}

/**
 * The currency amounts are shown in: RON itself (no conversion), or a foreign currency with the BNR rate
 * stored for it. Orders are always charged in RON (DESIGN §1.4); a foreign view is for reading only.
 */
export type CurrencyView = { code: typeof BASE_CURRENCY } | { code: ForeignCurrency; ronPerUnit: number };

/** An amount in hundredths of a stated currency, kept in that currency (SPEC §3 case sums: {sum, currency}). */
export interface CurrencyAmount {
  sum: number;
  currency: string;
}

/** Show amounts in lei, as they are stored. */
export const NO_CONVERSION: CurrencyView = { code: BASE_CURRENCY };

/** Rates are stored with six decimals (numeric(14,6), like BNR's own); integers keep conversions exact. */
const RATE_SCALE = 1_000_000n;

function rateInMillionths(ronPerUnit: number): bigint {
  if (!(ronPerUnit > 0) || !Number.isFinite(ronPerUnit)) throw new RangeError(`bad rate ${ronPerUnit}`);
  return BigInt(Math.round(ronPerUnit * 1_000_000));
}

/** Bani in hundredths of the view's currency, rounded half away from zero (decision 009). */
export function fromRon(bani: Bani, view: CurrencyView): number {
  if (view.code === BASE_CURRENCY) return bani;
  return Number(divideRounded(BigInt(bani) * RATE_SCALE, rateInMillionths(view.ronPerUnit)));
}

/** Hundredths of the view's currency (a donation typed in EUR) in bani, rounded half away from zero. */
export function toRon(hundredths: number, view: CurrencyView): Bani {
  if (view.code === BASE_CURRENCY) return hundredths;
  return Number(divideRounded(BigInt(hundredths) * rateInMillionths(view.ronPerUnit), RATE_SCALE));
}
