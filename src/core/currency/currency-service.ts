import { sql } from 'drizzle-orm';
import { type CurrencyView, isDisplayCurrency, NO_CONVERSION } from '../../contracts/money';
import type { Db } from '../../db/client';
import { currencyRates } from '../../db/schema';
import type { CacheRegistry } from '../cache/registry';
import { type BnrRates, parseBnrRates } from './bnr-rates';

const CACHE_MS = 5 * 60_000;

export function createCurrencyService(db: Db, caches: CacheRegistry) {
  const cache = caches.ttlCache<Map<string, number>>('currency.rates', ['rates'], { max: 1, ttlMs: CACHE_MS });

  function rates(): Promise<Map<string, number>> {
    return cache.get('rates', async () => {
      const rows = await db.select().from(currencyRates);
      return new Map(rows.map((r) => [r.code, Number(r.ronPerUnit)]));
    });
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
      caches.invalidate('rates');
      return parsed;
    },
    /** Codes with a known rate, RON first. */
    async available(): Promise<string[]> {
      return ['RON', ...[...(await rates()).keys()].filter(isDisplayCurrency).sort()];
    },
  };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;
