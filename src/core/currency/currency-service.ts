import { sql } from 'drizzle-orm';
import { type CurrencyView, isDisplayCurrency, NO_CONVERSION } from '../../contracts/money';
import type { Db } from '../../db/client';
import { currencyRates } from '../../db/schema';
import { type BnrRates, parseBnrRates } from './bnr-rates';

const CACHE_MS = 5 * 60_000;

export function createCurrencyService(db: Db) {
  let cache: { at: number; rates: Map<string, number> } | null = null;

  async function rates(): Promise<Map<string, number>> {
    if (!cache || Date.now() - cache.at > CACHE_MS) {
      const rows = await db.select().from(currencyRates);
      cache = { at: Date.now(), rates: new Map(rows.map((r) => [r.code, Number(r.ronPerUnit)])) };
    }
    return cache.rates;
  }

  return {
    /** The display currency the shopper asked for, or lei (no conversion) when it has no rate. */
    async view(code: string): Promise<CurrencyView> {
      if (code === 'RON' || !isDisplayCurrency(code)) return NO_CONVERSION;
      const rate = (await rates()).get(code);
      return rate ? { code, ronPerUnit: rate } : NO_CONVERSION;
    },
    /** Stores the rates of BNR's XML with their date (`npm run rates:update`) and answers what was stored. */
    async updateFromBnrXml(xml: string): Promise<BnrRates> {
      const parsed = parseBnrRates(xml);
      await db
        .insert(currencyRates)
        .values(parsed.rates.map((r) => ({ ...r, rateDate: parsed.date, source: 'BNR' })))
        .onConflictDoUpdate({
          target: currencyRates.code,
          set: {
            ronPerUnit: sql`excluded.ron_per_unit`,
            rateDate: sql`excluded.rate_date`,
            source: sql`excluded.source`,
            updatedAt: sql`now()`,
          },
        });
      cache = null;
      return parsed;
    },
    /** Codes with a known rate, RON first. */
    async available(): Promise<string[]> {
      return ['RON', ...[...(await rates()).keys()].filter(isDisplayCurrency).sort()];
    },
  };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;
