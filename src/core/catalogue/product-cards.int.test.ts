import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestDb, insertBibles, type TestDb, testDatabases } from '../../db/testing';
import { createCacheRegistry } from '../cache/registry';
import { createProductCards } from './product-cards';

describe.each(testDatabases)('product cards kept between requests on $name', ({ url }) => {
  let db: TestDb;
  let ids: number[];
  let clock = 0;
  const caches = createCacheRegistry();
  let cards: ReturnType<typeof createProductCards>;

  beforeAll(async () => {
    db = await createTestDb(url);
    ids = await insertBibles(db.db, ['Biblia Cornilescu', 'Biblia de studiu', 'Biblia pentru copii']);
    cards = createProductCards(db.db, caches, { max: 2, ttlMs: 60_000, now: () => clock });
  });
  afterAll(async () => {
    await db?.close();
  });

  /** A change the services do not know of: only the cache's own rules make it show. */
  const retitleBehindTheirBack = (id: number, title: string) =>
    db.db.update(products).set({ title }).where(eq(products.id, id));
  const titles = async (wanted: number[]) => (await cards.inOrder(wanted)).map((c) => c.title);

  it('answers in the order asked, leaving out ids that are no product', async () => {
    expect(await titles([ids[1], 999_999, ids[0]])).toEqual(['Biblia de studiu', 'Biblia Cornilescu']);
    expect(await cards.inOrder([])).toEqual([]);
  });

  it('keeps a card it read, until the services name its product or its time is up', async () => {
    await retitleBehindTheirBack(ids[0], 'Biblia Fidelă');
    expect(await titles([ids[0]])).toEqual(['Biblia Cornilescu']);
    caches.invalidate(`product:${ids[0]}`);
    expect(await titles([ids[0]])).toEqual(['Biblia Fidelă']);
    await retitleBehindTheirBack(ids[0], 'Biblia Ortodoxă');
    clock += 60_000;
    expect(await titles([ids[0]])).toEqual(['Biblia Ortodoxă']);
  });

  it('drops only the named products, and every card when all products may have changed', async () => {
    expect(await titles([ids[0], ids[1]])).toEqual(['Biblia Ortodoxă', 'Biblia de studiu']);
    await db.db
      .update(products)
      .set({ quantity: 0 })
      .where(inArray(products.id, [ids[0], ids[1]]));
    caches.invalidate(`product:${ids[1]}`);
    expect((await cards.inOrder([ids[0], ids[1]])).map((c) => c.inStock)).toEqual([true, false]);
    caches.invalidate('products');
    expect((await cards.inOrder([ids[0], ids[1]])).map((c) => c.inStock)).toEqual([false, false]);
  });

  it('keeps at most `max` cards, the least recently used going first', async () => {
    caches.invalidate('products');
    await cards.inOrder([ids[0], ids[1]]);
    await cards.inOrder([ids[0]]);
    await cards.inOrder([ids[2]]);
    await retitleBehindTheirBack(ids[0], 'Kept');
    await retitleBehindTheirBack(ids[1], 'Read again');
    expect(await titles([ids[0], ids[1]])).toEqual(['Biblia Ortodoxă', 'Read again']);
  });

  it('answers with a read that a write overtook, but does not keep it', async () => {
    caches.invalidate('products');
    const reading = cards.inOrder([ids[2]]);
    caches.invalidate(`product:${ids[2]}`);
    expect((await reading).map((c) => c.title)).toEqual(['Biblia pentru copii']);
    await retitleBehindTheirBack(ids[2], 'Biblia pentru tineri');
    expect(await titles([ids[2]])).toEqual(['Biblia pentru tineri']);
  });

  it('forgets the cards whose time is up when it reads others, and counts what it keeps', async () => {
    caches.invalidate('products');
    await cards.inOrder([ids[0], ids[1]]);
    expect(caches.sizes()['catalogue.cards']).toBe(2);
    clock += 60_000;
    await cards.inOrder([ids[2]]);
    expect(caches.sizes()['catalogue.cards']).toBe(1);
  });
});
