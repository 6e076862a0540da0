import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './transaction';

/**
 * Rows of a hand-written query, on either driver (both answer `{ rows }`). Cast counts to int in the
 * SQL: PostgreSQL sends bigint as text.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
