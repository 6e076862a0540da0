import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldText, type ProductListing } from '../../../contracts/listing';
import { queryRows } from '../../../db/raw';
import { products } from '../../../db/schema';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

const PAGE = 24;

/**
 * A search's first stage ranks title matches from `product_titles`, a narrow copy of the listed products
 * (migration 0021): it must stay equal to them whatever writes the products, and rank as the products did.
 */
describe.each(testDatabases)('a search’s title ranking from the narrow copy, $name', ({ url }) => {
  const { db, shop } = useSeededApp(url, 600);

  async function search(query: string): Promise<number[]> {
    const res = await shop.app.inject({ url: `/api/products?${query}&per_page=${PAGE}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ProductListing).data.map((p) => p.id);
  }

  /** The copy and what it copies, row by row. */
  async function copyAndListed() {
    const copy = await queryRows<{ id: number; v: string; a: boolean; s: number }>(
      db.db,
      sql`select product_id as id, title_vector::text as v, is_available as a, sales_count as s
        from product_titles order by product_id`,
    );
    const listed = await queryRows<{ id: number; v: string; a: boolean; s: number }>(
      db.db,
      sql`select id, title_vector::text as v, is_available as a, sales_count as s
        from products where archived_at is null order by id`,
    );
    return { copy, listed };
  }

  /** The titles stage as it was written over the products table, for a tsquery and an extra condition. */
  async function rankedOverProducts(tsquery: string, where = sql`true`): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      db.db,
      sql`select id from products
        where archived_at is null and ${where} and title_vector @@ to_tsquery('public.shop_ro', ${tsquery})
        order by ts_rank(title_vector, to_tsquery('public.shop_ro', ${tsquery})) desc, is_available desc,
          sales_count desc, id desc
        limit ${PAGE}`,
    );
    return rows.map((r) => r.id);
  }

  /** The catalogue's commonest title words: many of them match more products than a page holds. */
  async function commonWords(count: number): Promise<string[]> {
    const titles = await db.db.select({ title: products.title }).from(products);
    const frequency = new Map<string, number>();
    for (const { title } of titles) {
      for (const word of new Set(foldText(title).split(/[^a-z0-9]+/))) {
        if (word.length >= 4) frequency.set(word, (frequency.get(word) ?? 0) + 1);
      }
    }
    return [...frequency]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, count)
      .map(([word]) => word);
  }

  it('holds every listed product’s title vector, stock and sales, and nothing else', async () => {
    const { copy, listed } = await copyAndListed();
    expect(copy.length).toBe(600);
    expect(copy).toEqual(listed);
  });

  it('ranks the title matches of a search as the products table does, with and without filters', async () => {
    const words = await commonWords(30);
    let fullPages = 0;
    for (const word of words) {
      const [{ normalized }] = await queryRows<{ normalized: string }>(
        db.db,
        sql`select to_tsquery('public.shop_ro', ${word})::text as normalized`,
      );
      const want = await rankedOverProducts(normalized);
      if (want.length === PAGE) fullPages++;
      const got = await search(`searchText=${encodeURIComponent(word)}`);
      // Past the title matches come the descriptions' (their own order, tested elsewhere).
      expect(got.slice(0, want.length), word).toEqual(want);
      const inStock = await rankedOverProducts(normalized, sql`is_available`);
      expect(
        (await search(`searchText=${encodeURIComponent(word)}&in_stock=1`)).slice(0, inStock.length),
        word,
      ).toEqual(inStock);
    }
    // The common words fill pages: the ranking, not only the matching, is compared.
    expect(fullPages).toBeGreaterThan(3);
  });

  it('follows sales, stock, a new title, an archive and its undoing, written straight to the products', async () => {
    const [first, second, third] = await queryRows<{ id: number }>(
      db.db,
      sql`select id from products where archived_at is null order by id limit 3`,
    );
    await db.db.update(products).set({ salesCount: 987_654 }).where(eq(products.id, first.id));
    await db.db.update(products).set({ quantity: 0 }).where(eq(products.id, second.id));
    await db.db
      .update(products)
      .set({ title: 'Zgomotulmaicaciudat', authors: ['Ionică Nemaivăzut'] })
      .where(eq(products.id, third.id));
    let { copy, listed } = await copyAndListed();
    expect(copy).toEqual(listed);
    expect(copy.find((r) => r.id === first.id)?.s).toBe(987_654);
    expect(copy.find((r) => r.id === second.id)?.a).toBe(false);
    expect(await search('searchText=zgomotulmaicaciudat')).toEqual([third.id]);

    await db.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, third.id));
    ({ copy, listed } = await copyAndListed());
    expect(copy).toEqual(listed);
    expect(copy.some((r) => r.id === third.id)).toBe(false);

    await db.db.update(products).set({ archivedAt: null }).where(eq(products.id, third.id));
    ({ copy, listed } = await copyAndListed());
    expect(copy).toEqual(listed);
    expect(copy.some((r) => r.id === third.id)).toBe(true);
  });
});
