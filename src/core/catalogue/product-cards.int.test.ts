import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { seedDemoData } from '../../db/seed/seed';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { createCacheRegistry } from '../cache/registry';
import { createCardReader } from './product-cards';

describe.each(testDatabases)('product cards read by id and kept, $name', ({ url }) => {
  let db: TestDb;
  const caches = createCacheRegistry();
  let cardsInOrder: ReturnType<typeof createCardReader>;
  let ids: number[];

  beforeAll(async () => {
    db = await createTestDb(url);
    await seedDemoData(db.db, 40);
    cardsInOrder = createCardReader(db.db, caches);
    const rows = await db.db
      .select({ id: products.id })
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(asc(products.id))
      .limit(5);
    ids = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers the cards in the order asked, leaving out ids that are no product', async () => {
    const order = [ids[3], 999_999, ids[0], ids[4]];
    const cards = await cardsInOrder(order);
    expect(cards.map((c) => c.id)).toEqual([ids[3], ids[0], ids[4]]);
    expect(cards[0]).toMatchObject({ slug: expect.any(String), title: expect.any(String), price: expect.any(Number) });
    // Half of them kept, half new: one answer, still in order.
    expect((await cardsInOrder([ids[1], ids[0], ids[2], ids[3]])).map((c) => c.id)).toEqual([
      ids[1],
      ids[0],
      ids[2],
      ids[3],
    ]);
  });

  it('keeps a card until a write names its product, then reads it again', async () => {
    const [before] = await cardsInOrder([ids[2]]);
    await db.db
      .update(products)
      .set({ sellingPrice: before.price + 1234, specialPrice: null })
      .where(eq(products.id, ids[2]));
    // Written behind the services' back: the kept card stands (a minute at most, as the pages do).
    expect((await cardsInOrder([ids[2]]))[0].price).toBe(before.price);
    caches.invalidate(`product:${ids[2]}`);
    expect((await cardsInOrder([ids[2]]))[0].price).toBe(before.price + 1234);
  });
});
