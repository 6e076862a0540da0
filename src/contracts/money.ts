/** Money is integer bani (1/100 RON) everywhere; these helpers are the only edge to display. */

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

export function isDisplayCurrency(code: string): code is DisplayCurrency {
  return (DISPLAY_CURRENCIES as readonly string[]).includes(code);
}

export interface CurrencyView {
  code: DisplayCurrency;
  /** RON per one unit of `code`; 1 for RON. */
  ronPerUnit: number;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ro-RO', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    formatters.set(key, f);
  }
  return f;
}

/** Formats bani in the shopper's display currency (RON shows as "lei"). */
export function formatMoney(bani: number, view: CurrencyView, locale: string): string {
  const amount = view.code === BASE_CURRENCY ? bani / 100 : bani / 100 / view.ronPerUnit;
  return formatter(locale, view.code).format(amount);
}

/** SPEC §3: the price charged is the special price when there is one, else the selling price. */
export function effectivePrice(p: { sellingPrice: number; specialPrice: number | null }): number {
  return p.specialPrice !== null && p.specialPrice < p.sellingPrice ? p.specialPrice : p.sellingPrice;
}
