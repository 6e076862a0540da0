import { inArray } from 'drizzle-orm';
import {
  HISTORIC_STATISTIC_KEYS,
  type HistoricStatisticKey,
  type StatisticsFormInput,
} from '../../../contracts/admin-content';
import type { Db } from '../../../db/client';
import { historicStatistics } from '../../../db/schema';
import { withTransaction } from '../../../db/transaction';
import { recordAudit } from '../../audit/audit';
import type { CacheRegistry } from '../../cache/registry';

type Values = Record<HistoricStatisticKey, number>;

/** The about page's counts carried over from the old shop (db/schema/about.ts): read and set. */
export function createAdminStatistics(db: Db, caches: CacheRegistry) {
  async function read(tx: Pick<Db, 'select'>): Promise<Values> {
    const rows = await tx
      .select()
      .from(historicStatistics)
      .where(inArray(historicStatistics.key, [...HISTORIC_STATISTIC_KEYS]));
    const values = Object.fromEntries(HISTORIC_STATISTIC_KEYS.map((k) => [k, 0])) as Values;
    for (const row of rows) values[row.key as HistoricStatisticKey] = row.value;
    return values;
  }

  return {
    values: (): Promise<Values> => read(db),

    /** Sets both counts in one transaction with its audit row; the about page shows them at once. */
    async update(staffId: number, input: StatisticsFormInput): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await read(tx);
        for (const key of HISTORIC_STATISTIC_KEYS) {
          await tx
            .insert(historicStatistics)
            .values({ key, value: input[key] })
            .onConflictDoUpdate({ target: historicStatistics.key, set: { value: input[key] } });
        }
        await recordAudit(tx, {
          staffId,
          action: 'statistics.update',
          entity: 'statistics',
          entityId: 'about',
          before,
          after: { ...input },
        });
      });
      caches.invalidate('content:statistics');
    },
  };
}
