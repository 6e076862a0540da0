import path from 'node:path';
import { type Db, openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';

/**
 * Runs `work` on the server's PGlite, migrated, before the server opens it (PGlite has one process), and closes it.
 */
export async function withServerDb<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    return await work(db.db);
  } finally {
    await db.close();
  }
}
