import { afterAll, beforeAll } from 'vitest';
import { seedDemoData } from '../db/seed/seed';
import { createTestDb, type TestDb } from '../db/testing';
import type { DbHandle } from '../db/client';
import { buildApp, type ShopApp } from './app';
import { loadConfig } from './config';

/** The API without pages, on the given database, quiet, for fastify.inject tests. */
export async function createTestApp(db: DbHandle): Promise<ShopApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/maranatha-test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    PUBLIC_URL: 'http://shop.test',
  });
  const shop = await buildApp({ config, db });
  await shop.app.ready();
  return shop;
}

export interface SeededApp {
  db: TestDb;
  shop: ShopApp;
}

/** An object that stands for the one `get` returns once it exists (set up in beforeAll, read in tests). */
function late<T extends object>(what: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const real = get();
      if (real === undefined) throw new Error(`useSeededApp: ${what} is read before beforeAll made it`);
      const value: unknown = Reflect.get(real, key);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
}

/**
 * One seeded app for the tests of a `describe.each(testDatabases)` block: a fresh database (PGlite,
 * or PostgreSQL at `url`) with `seed` demo products, or filled by the `seed` function, and the API
 * over it; made before the block's tests and closed after them.
 */
export function useSeededApp(url: string | undefined, seed: number | ((db: TestDb) => Promise<void>)): SeededApp {
  let db: TestDb | undefined;
  let shop: ShopApp | undefined;
  beforeAll(async () => {
    db = await createTestDb(url);
    if (typeof seed === 'number') await seedDemoData(db.db, seed);
    else await seed(db);
    shop = await createTestApp(db);
  });
  afterAll(async () => {
    await shop?.app.close();
    await db?.close();
  });
  return { db: late('db', () => db), shop: late('shop', () => shop) };
}
