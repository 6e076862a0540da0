import { asc, sql } from 'drizzle-orm';
import type { AdminExchangeRate } from '../../contracts/admin-shipping';
import { AppError, isAppError } from '../../contracts/errors';
import { type CurrencyView, isDisplayCurrency, NO_CONVERSION } from '../../contracts/money';
import type { Db } from '../../db/client';
import { currencyRates } from '../../db/schema';
import { type DbOrTx, withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/audit';
import type { CacheRegistry } from '../cache/registry';
import { BNR_RATES_URL, type BnrRates, BnrFormatError, parseBnrRates } from './bnr-rates';

const CACHE_MS = 5 * 60_000;
/** The back office's "update now" waits this long for BNR before saying it could not. */
const DOWNLOAD_MS = 15_000;

export interface CurrencyOptions {
  /** BNR's daily file (BNR_RATES_URL). */
  ratesUrl?: string;
  /** The HTTP client (tests answer from the app itself). */
  fetch?: typeof fetch;
}

async function store(on: DbOrTx, parsed: BnrRates): Promise<void> {
  await on
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
}

export function createCurrencyService(db: Db, caches: CacheRegistry, options: CurrencyOptions = {}) {
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
      await store(db, parsed);
      caches.invalidate('rates');
      return parsed;
    },
    /** The stored rates with their date, for the settings screen. */
    async stored(): Promise<AdminExchangeRate[]> {
      const rows = await db.select().from(currencyRates).orderBy(asc(currencyRates.code));
      return rows.map((r) => ({
        code: r.code,
        ronPerUnit: r.ronPerUnit,
        rateDate: r.rateDate,
        updatedAt: r.updatedAt.toISOString(),
      }));
    },
    /**
     * The back office's "update now": downloads BNR's file, stores its rates with the staff member's audit row
     * in one transaction. BNR out of reach, answering an error or a file that is not its rates: UNAVAILABLE
     * with the reason as its message, and nothing changed.
     */
    async updateNow(staffId: number): Promise<BnrRates> {
      const url = options.ratesUrl ?? BNR_RATES_URL;
      let xml: string;
      try {
        const res = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(DOWNLOAD_MS) });
        if (!res.ok) {
          throw new AppError('UNAVAILABLE', {
            messageKey: 'adminShipping.bnr.failedStatus',
            params: { status: res.status },
          });
        }
        xml = await res.text();
      } catch (err) {
        if (isAppError(err)) throw err;
        throw new AppError('UNAVAILABLE', { messageKey: 'adminShipping.bnr.failedNetwork', detail: String(err) });
      }
      let parsed: BnrRates;
      try {
        parsed = parseBnrRates(xml);
      } catch (err) {
        if (!(err instanceof BnrFormatError)) throw err;
        throw new AppError('UNAVAILABLE', { messageKey: 'adminShipping.bnr.failedFormat', detail: err.message });
      }
      await withTransaction(db, async (tx) => {
        const before = await tx.select().from(currencyRates).orderBy(asc(currencyRates.code));
        await store(tx, parsed);
        await recordAudit(tx, {
          staffId,
          action: 'rates.update',
          entity: 'rates',
          entityId: parsed.date,
          before: Object.fromEntries(before.map((r) => [r.code, { ronPerUnit: r.ronPerUnit, rateDate: r.rateDate }])),
          after: Object.fromEntries(
            parsed.rates.map((r) => [r.code, { ronPerUnit: r.ronPerUnit, rateDate: parsed.date }]),
          ),
        });
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
