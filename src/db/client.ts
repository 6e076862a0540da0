import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { keepStatementsParsed } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every service takes, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite's WebAssembly memory in bytes (it grows, never shrinks), for the memory report; none for PostgreSQL. */
  wasmMemoryBytes?(): number;
}

export type DbTarget = { url: string } | { pgliteDir: string | null };

/**
 * PGlite's buffer cache lives in its WebAssembly memory, which never shrinks: PostgreSQL's default of 128 MB
 * is counted in the shop's RSS once touched (issue 14: ≤ 600 MB). The demo shop's whole database is 80 MB
 * (products 57 MB with their indexes); 64 MB holds what pages read, and a miss is a read from the operating
 * system's file cache. Measured: 35–75 MB less RSS than with 128 MB after the same queries (docs/PERFORMANCE.md).
 */
const PGLITE_SHARED_BUFFERS = '64MB';

/** Opens PGlite (a directory, or memory when pgliteDir is null) or a PostgreSQL pool. */
export async function openDb(target: DbTarget): Promise<DbHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (target.pgliteDir) mkdirSync(target.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: target.pgliteDir ?? undefined,
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await keepStatementsParsed(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // `mod` (the Emscripten module) is protected in PGlite's types; its heap view spans the whole memory.
    wasmMemoryBytes: () => (client as unknown as { mod?: { HEAPU8: Uint8Array } }).mod?.HEAPU8.length ?? 0,
  };
}
