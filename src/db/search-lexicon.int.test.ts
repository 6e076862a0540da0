import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, searchNames, searchWords } from './schema';
import { createTestDb, insertBibles, type TestDb, testDatabases } from './testing';

describe.each(testDatabases)('the search lexicon follows the products’ words on $name', ({ url }) => {
  let db: TestDb;
  let ids: number[];
  beforeAll(async () => {
    db = await createTestDb(url);
    ids = await insertBibles(db.db, ['Biblia Cornilescu', 'Biblia Fidela']);
  });
  afterAll(async () => {
    await db?.close();
  });

  const known = async (words: string[]) =>
    (await db.db.select({ word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words)))
      .map((row) => row.word)
      .sort();

  it('learns the words of inserted products', async () => {
    expect(await known(['biblia', 'cornilescu', 'fidela'])).toEqual(['biblia', 'cornilescu', 'fidela']);
  });

  it('leaves the lexicon alone when an update changes no words: a stock take, a price, the sales count', async () => {
    // A word the lexicon forgot shows whether the trigger read the row's words again.
    await db.db.delete(searchWords).where(eq(searchWords.word, 'cornilescu'));
    await db.db
      .update(products)
      .set({ quantity: sql`${products.quantity} - 1` })
      .where(eq(products.id, ids[0]));
    await db.db.update(products).set({ sellingPrice: 6100, salesCount: 3 }).where(eq(products.id, ids[0]));
    // The same words written again are no change either.
    await db.db.update(products).set({ title: 'Biblia Cornilescu' }).where(eq(products.id, ids[0]));
    expect(await known(['cornilescu'])).toEqual([]);
  });

  it('learns the new words of an update that changes a title, a description or the authors', async () => {
    await db.db.update(products).set({ title: 'Biblia Cornilescu revizuita' }).where(eq(products.id, ids[0]));
    expect(await known(['cornilescu', 'revizuita'])).toEqual(['cornilescu', 'revizuita']);
    // One statement over both products, only one of whose words change.
    await db.db
      .update(products)
      .set({
        description: sql`case when ${products.id} = ${ids[1]} then '<p>Traducere fidelă, ediție nouă</p>' else ${products.description} end`,
      })
      .where(inArray(products.id, ids));
    expect(await known(['editie', 'traducere'])).toEqual(['editie', 'traducere']);
    await db.db
      .update(products)
      .set({ authors: ['Dumitru Cornilescu'] })
      .where(eq(products.id, ids[1]));
    const authors = await db.db
      .select({ name: searchNames.name })
      .from(searchNames)
      .where(eq(searchNames.kind, 'author'));
    expect(authors.map((a) => a.name)).toContain('Dumitru Cornilescu');
    expect(await known(['dumitru'])).toEqual(['dumitru']);
  });
});
