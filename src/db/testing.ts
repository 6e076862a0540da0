import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, type DbHandle, openDb } from './client';
import { categories, products } from './schema';
import { migrate } from './migrate';

export interface TestDb extends DbHandle {
  label: string;
}

/**
 * An isolated, migrated database for one test file: an in-memory PGlite, or, when `url` is given,
 * a fresh database on that PostgreSQL server, dropped again by close().
 */
export async function createTestDb(url?: string): Promise<TestDb> {
  if (!url) {
    const handle = await openDb({ pgliteDir: null });
    await migrate(handle);
    return { ...handle, label: 'pglite' };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDb({ url: dbUrl.toString() });
  await migrate(handle);
  return {
    ...handle,
    label: 'postgres',
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      // Dropping with (force) while the pool's connections are still closing makes the server kill
      // them, and node-postgres reports that as an unhandled error: wait for them to go first.
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}`);
          break;
        } catch (err) {
          if (attempt === 50) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  };
}

/** The databases every integration test file runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: { name: string; url?: string }[] = [
  { name: 'pglite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

/**
 * A small hand-made catalogue for tests that need a few products they know: the category "biblii" and
 * one Bible per title (11 % VAT, price 50 lei + 10 lei per position unless given). Answers their ids.
 */
export async function insertBibles(
  db: Db,
  titles: string[],
  options: { quantity?: number; sellingPrice?: number } = {},
): Promise<number[]> {
  const [category] = await db
    .insert(categories)
    .values({ slug: 'biblii', name: 'Biblii', nameEn: 'Bibles' })
    .returning({ id: categories.id });
  const rows = await db
    .insert(products)
    .values(
      titles.map((title, i) => ({
        slug: `biblia-${i}`,
        sku: `B-${i}`,
        title,
        vatRate: 11,
        sellingPrice: options.sellingPrice ?? 5000 + i * 1000,
        quantity: options.quantity ?? 10,
        productType: 'biblie',
        categoryId: category.id,
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}
