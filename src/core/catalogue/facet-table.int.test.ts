import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestDb, insertBibles, type TestDb, testDatabases } from '../../db/testing';
import { createCacheRegistry } from '../cache/registry';
import { createFacetTable } from './facet-table';

describe.each(testDatabases)('the facet table follows the catalogue on $name', ({ url }) => {
  let db: TestDb;
  let ids: number[];
  let clock = 0;
  const caches = createCacheRegistry();
  let table: ReturnType<typeof createFacetTable>;

  beforeAll(async () => {
    db = await createTestDb(url);
    ids = await insertBibles(db.db, ['Biblia Cornilescu', 'Biblia de studiu', 'Biblia pentru copii']);
    table = createFacetTable(db.db, caches, () => clock);
  });
  afterAll(async () => {
    await db?.close();
  });

  const row = async (id: number) => (await table.rows()).columns.get(id);
  const matches = async (query: string) => (await table.rows()).lexemes.match(query);

  it('reads every listed product with its facet values and search lexemes', async () => {
    expect((await row(ids[0]))?.available).toBe(true);
    expect(await matches("'cornilescu'")).toEqual([ids[0]]);
  });

  it('sees a write made behind the services’ back once the table looks again, not before', async () => {
    await db.db.update(products).set({ quantity: 0, title: 'Biblia Fidela' }).where(eq(products.id, ids[0]));
    expect((await row(ids[0]))?.available).toBe(true);
    clock += 61_000;
    // The look happens in the background: the list that starts it is answered from the table as it was.
    await expect.poll(async () => (await row(ids[0]))?.available).toBe(false);
    expect(await matches("'cornilescu'")).toEqual([]);
    expect(await matches("'fidel'")).toEqual([ids[0]]);
  });

  it('drops a product archived behind its back, and reads a product the services name at once', async () => {
    await db.db.update(products).set({ archivedAt: sql`now()` }).where(eq(products.id, ids[1]));
    clock += 61_000;
    await expect.poll(() => row(ids[1])).toBeUndefined();
    await db.db.update(products).set({ quantity: 0 }).where(eq(products.id, ids[2]));
    caches.invalidate(`product:${ids[2]}`);
    expect((await row(ids[2]))?.available).toBe(false);
  });

  it('stamps every update with the time it was written (migration 0020’s trigger)', async () => {
    const before = await db.db.select({ at: products.changedAt }).from(products).where(eq(products.id, ids[2]));
    await db.db.update(products).set({ quantity: 4 }).where(eq(products.id, ids[2]));
    const after = await db.db.select({ at: products.changedAt }).from(products).where(eq(products.id, ids[2]));
    expect(after[0].at.getTime()).toBeGreaterThan(before[0].at.getTime());
  });
});
