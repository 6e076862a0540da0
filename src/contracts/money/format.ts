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

/** A count as each language writes it: "20.000" in Romanian, "20,000" in English. */
export function formatNumber(n: number, lang: Lang): string {
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
  return formatUnits(fromRon(bani, view) / 100, view.code, lang);
}

/** An amount kept in its own currency (a case's sum, SPEC §3), shown without conversion. */
export function formatCurrencyAmount(amount: CurrencyAmount, lang: Lang): string {
  return formatUnits(amount.sum / 100, isDisplayCurrency(amount.currency) ? amount.currency : BASE_CURRENCY, lang);
}

function formatUnits(units: number, code: DisplayCurrency, lang: Lang): string {
  if (code === BASE_CURRENCY) {
    const number = cached(
      `lei|${lang}`,
      () => new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    return `${number.format(units)}\u00a0lei`;
  }
  const money = cached(
    `${code}|${lang}`,
    () => new Intl.NumberFormat(locale(lang), { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }),
  );
  return money.format(units);
}
