import { type CurrencyView, isDisplayCurrency } from '../../contracts/money';
import type { Db } from '../../db/client';
import { currencyRates } from '../../db/schema';

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
    /** The display currency the shopper asked for, or RON when it has no rate. */
    async view(code: string): Promise<CurrencyView> {
      if (code === 'RON' || !isDisplayCurrency(code)) return { code: 'RON', ronPerUnit: 1 };
      const rate = (await rates()).get(code);
      return rate ? { code, ronPerUnit: rate } : { code: 'RON', ronPerUnit: 1 };
    },
    /** Codes with a known rate, RON first. */
    async available(): Promise<string[]> {
      return ['RON', ...[...(await rates()).keys()].filter(isDisplayCurrency).sort()];
    },
  };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;
