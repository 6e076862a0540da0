import { count } from 'drizzle-orm';
import type { AboutDetails } from '../../contracts/about';
import type { Db } from '../../db/client';
import { historicStatistics, products } from '../../db/schema';

export function createStatisticsService(db: Db) {
  return {
    /** SPEC §7 about-us details: counts carried over from the old shop plus what this one holds. */
    async aboutDetails(): Promise<AboutDetails> {
      const [historic, [catalogue]] = await Promise.all([
        db.select().from(historicStatistics),
        db.select({ n: count() }).from(products),
      ]);
      const value = (key: string) => historic.find((h) => h.key === key)?.value ?? 0;
      return { customers: value('customers'), client_orders: value('client_orders'), products: catalogue.n };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
