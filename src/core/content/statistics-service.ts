import { count } from 'drizzle-orm';
import type { AboutDetails } from '../../contracts/about';
import type { Db } from '../../db/client';
import { historicStatistics, products } from '../../db/schema';
import type { CacheRegistry } from '../cache/registry';

const CACHE_MS = 60_000;

export function createStatisticsService(db: Db, caches: CacheRegistry) {
  const cache = caches.ttlCache<AboutDetails>('content.statistics', ['products', 'content:statistics'], {
    max: 1,
    ttlMs: CACHE_MS,
  });

  async function countAll(): Promise<AboutDetails> {
    const [historic, [catalogue]] = await Promise.all([
      db.select().from(historicStatistics),
      db.select({ n: count() }).from(products),
    ]);
    const value = (key: string) => historic.find((h) => h.key === key)?.value ?? 0;
    return { customers: value('customers'), client_orders: value('client_orders'), products: catalogue.n };
  }

  return {
    /** SPEC §7 about-us details: counts carried over from the old shop plus what this one holds; a minute old at most. */
    aboutDetails(): Promise<AboutDetails> {
      return cache.get('details', countAll);
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
