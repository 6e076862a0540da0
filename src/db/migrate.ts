import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle, Schema } from './client';

/** Committed drizzle-kit migrations: beside this file in the sources, build/migrations in the bundled server. */
const besideSource = fileURLToPath(new URL('./migrations', import.meta.url));
export const migrationsFolder = existsSync(besideSource)
  ? besideSource
  : fileURLToPath(new URL('../migrations', import.meta.url));

export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  }
}
