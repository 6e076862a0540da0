import { type Bani, scaleBani } from './bani';

/** VAT rates in force since 1 August 2025 (Law 141/2025, DESIGN §6): reduced for books and Bibles, standard for the rest. */
export const VAT_RATES = [11, 21] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Narrows a product's stored rate (a smallint) to the rates priceCart accepts. */
export function isVatRate(rate: number): rate is VatRate {
  return (VAT_RATES as readonly number[]).includes(rate);
}

export interface VatSplit {
  gross: Bani;
  net: Bani;
  vat: Bani;
}

/**
 * A price with VAT included split into net and VAT: VAT = gross × rate / (100 + rate), rounded half away
 * from zero, and net is what is left, so net + VAT is the gross the shopper pays (decision 009).
 */
export function splitVat(gross: Bani, rate: VatRate): VatSplit {
  const vat = scaleBani(gross, rate, 100 + rate);
  return { gross, net: gross - vat, vat };
}
