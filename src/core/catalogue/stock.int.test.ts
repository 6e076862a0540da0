import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeStock } from './stock';
import { queryRows } from '../../db/raw';
import { products } from '../../db/schema';
import { createTestDb, insertBibles, type TestDb, testDatabases } from '../../db/testing';
import { type Tx, withTransaction } from '../../db/transaction';

describe.each(testDatabases)('transactions and locking on $name', ({ url }) => {
  let db: TestDb;
  let productId: number;

  beforeAll(async () => {
    db = await createTestDb(url);
    [productId] = await insertBibles(db.db, ['Biblia de studiu'], { quantity: 5, sellingPrice: 12_000 });
    await db.db.execute(sql`create table test_counters (series text primary key, last integer not null)`);
    await db.db.execute(sql`insert into test_counters values ('MRN', 0)`);
  });
  afterAll(async () => {
    await db?.close();
  });

  const quantity = async () =>
    (await db.db.select({ q: products.quantity }).from(products).where(eq(products.id, productId)))[0].q;
  const setQuantity = (q: number) => db.db.update(products).set({ quantity: q }).where(eq(products.id, productId));

  it('commits what the function wrote when it resolves', async () => {
    await setQuantity(5);
    await expect(withTransaction(db.db, (tx) => takeStock(tx, productId, 2))).resolves.toBe(true);
    expect(await quantity()).toBe(3);
  });

  it('rolls every write back when the function throws, and throws the error again', async () => {
    await setQuantity(5);
    await expect(
      withTransaction(db.db, async (tx) => {
        await takeStock(tx, productId, 2);
        await tx.update(products).set({ title: 'changed' }).where(eq(products.id, productId));
        throw new Error('payment refused');
      }),
    ).rejects.toThrow('payment refused');
    const [row] = await db.db.select().from(products).where(eq(products.id, productId));
    expect(row).toMatchObject({ quantity: 5, title: 'Biblia de studiu' });
  });

  it('nests as a savepoint: an inner failure caught by the caller undoes only the inner writes', async () => {
    await setQuantity(5);
    await withTransaction(db.db, async (tx) => {
      await takeStock(tx, productId, 1);
      await expect(
        withTransaction(tx, async (inner) => {
          await takeStock(inner, productId, 3);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect(await quantity()).toBe(4);
  });

  it('rolls back a committed savepoint with its outer transaction', async () => {
    await setQuantity(5);
    await expect(
      withTransaction(db.db, async (tx) => {
        await withTransaction(tx, (inner) => takeStock(inner, productId, 3));
        throw new Error('outer');
      }),
    ).rejects.toThrow('outer');
    expect(await quantity()).toBe(5);
  });

  it('refuses to take more than is left, and concurrent takes never oversell', async () => {
    await setQuantity(5);
    expect(await takeStock(db.db, productId, 6)).toBe(false);
    expect(await quantity()).toBe(5);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => withTransaction(db.db, (tx) => takeStock(tx, productId, 1))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(5);
    expect(await quantity()).toBe(0);
  });

  it('hands out every number of a counter once when concurrent transactions lock it with FOR UPDATE', async () => {
    // The pattern for invoice numbers: lock the counter row, read it, write it back, in one transaction.
    const nextNumber = (tx: Tx) =>
      withTransaction(tx, async (inner) => {
        const [row] = await queryRows<{ last: number }>(
          inner,
          sql`select last from test_counters where series = 'MRN' for update`,
        );
        // Give a concurrent transaction the chance to read the same value, were the row not locked.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const next = Number(row.last) + 1;
        await inner.execute(sql`update test_counters set last = ${next} where series = 'MRN'`);
        return next;
      });
    const numbers = await Promise.all(Array.from({ length: 10 }, () => withTransaction(db.db, nextNumber)));
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
