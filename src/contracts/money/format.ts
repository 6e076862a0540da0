import type { Bani } from './bani';
import {
  BASE_CURRENCY,
  type CurrencyAmount,
  type CurrencyView,
  type DisplayCurrency,
  fromRon,
  isDisplayCurrency,
} from './currency';

/** The shop's two languages; a plain string so contracts need nothing from the i18n layer. */
type Lang = string;

const formatters = new Map<string, Intl.NumberFormat>();

function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

function locale(lang: Lang): string {
  return lang === 'en' ? 'en-GB' : 'ro-RO';
}

/**
 * Issue 14 goal 3: a browser tab's first Intl number format loads the locale's ICU data, 54–157 ms of
 * Lighthouse's 4× slower phone in Chromium 156, inside the task that hydrates the page (a header count, a
 * price). Whole counts and lei are written by hand instead, with the separators Intl uses for the shop's two
 * locales (money.test.ts compares the two over a range of values); fractions of a count and the other
 * currencies (their symbols and placements) still go to Intl.
 */
const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  ro: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

function separatorsOf(lang: Lang) {
  return SEPARATORS[lang] ?? SEPARATORS.ro;
}

/** A whole number's digits with a separator before every third from the right: "1234567" → "1.234.567". */
function grouped(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

/** Whether `n` is a whole number Intl would write with plain digits (not -0, not beyond exact integers). */
function isPlainWhole(n: number): boolean {
  return Number.isSafeInteger(n) && !Object.is(n, -0);
}

/** A count as each language writes it: "20.000" in Romanian, "20,000" in English. */
export function formatNumber(n: number, lang: Lang): string {
  if (isPlainWhole(n)) return (n < 0 ? '-' : '') + grouped(String(Math.abs(n)), separatorsOf(lang).group);
  return cached(`n|${lang}`, () => new Intl.NumberFormat(locale(lang))).format(n);
}

/**
 * Bani in the shopper's display currency, as the language writes it: "97,50 lei" / "97.50 lei",
 * "97,50 €" / "€97.50". Lei come after the number in both languages (English ICU would write
 * "lei 97.50", which no Romanian shop does), so RON is a decimal number with the unit appended.
 */
export function formatMoney(bani: Bani, view: CurrencyView, lang: Lang): string {
  // fromRon is the one conversion (hundredths, half away from zero); Intl then drops digits a currency
  // does not use (HUF).
  return formatHundredths(fromRon(bani, view), view.code, lang);
}

/** An amount kept in its own currency (a case's sum, SPEC §3), shown without conversion. */
export function formatCurrencyAmount(amount: CurrencyAmount, lang: Lang): string {
  return formatHundredths(amount.sum, isDisplayCurrency(amount.currency) ? amount.currency : BASE_CURRENCY, lang);
}

/** An amount in hundredths of its currency; whole hundredths of a leu are written by hand (see formatNumber). */
function formatHundredths(hundredths: number, code: DisplayCurrency, lang: Lang): string {
  if (code === BASE_CURRENCY) {
    if (isPlainWhole(hundredths)) return `${twoDecimals(hundredths, lang)}\u00a0lei`;
    const number = cached(
      `lei|${lang}`,
      () => new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    return `${number.format(hundredths / 100)}\u00a0lei`;
  }
  const money = cached(
    `${code}|${lang}`,
    () => new Intl.NumberFormat(locale(lang), { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }),
  );
  return money.format(hundredths / 100);
}

/** Whole hundredths as a decimal number with two digits after the separator: -123456 → "-1.234,56". */
function twoDecimals(hundredths: number, lang: Lang): string {
  const { group, decimal } = separatorsOf(lang);
  const digits = String(Math.abs(hundredths)).padStart(3, '0');
  return `${hundredths < 0 ? '-' : ''}${grouped(digits.slice(0, -2), group)}${decimal}${digits.slice(-2)}`;
}
