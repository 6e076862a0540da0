import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductCard } from '../../../contracts/catalogue';
import type { ProductListing, SearchSuggestions } from '../../../contracts/listing';
import { priceHistory, products } from '../../../db/schema';
import { insertBibles, testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

describe.each(testDatabases)('a price or stock change through the service shows at once on $name', ({ url }) => {
  let bibleId: number;
  const { db, shop } = useSeededApp(url, async (test) => {
    [bibleId] = await insertBibles(test.db, ['Biblia Cornilescu', 'Biblia de studiu', 'Biblia pentru copii']);
  });

  async function get<T>(path: string): Promise<T> {
    const res = await shop.app.inject({ url: path });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const inListing = async (path: string) =>
    (await get<ProductListing>(path)).data.find((p: ProductCard) => p.id === bibleId);
  const everywhere = async () => ({
    shop: await inListing('/api/products'),
    category: await inListing('/api/products?selectVal=biblii&sortBy=price-asc'),
    search: await inListing(`/api/products?searchText=${encodeURIComponent('cornilescu')}`),
    suggested: (await get<SearchSuggestions>('/api/search/suggest?q=cornilescu')).products.find((p) => p.id === bibleId)
      ?.price,
    detail: await get<ProductCard>(`/api/products/${bibleId}`),
  });

  it('serves the lists from their caches until a write goes through the service', async () => {
    const before = await everywhere();
    expect(before.shop?.price).toBe(5000);
    // A write behind the services' back is not seen by the cached lists: the caches are in use.
    await db.db.update(products).set({ title: 'Biblia Cornilescu' }).where(eq(products.id, bibleId));
    await db.db.update(products).set({ quantity: 0 }).where(eq(products.id, bibleId));
    expect((await inListing('/api/products'))?.inStock).toBe(true);
    await db.db.update(products).set({ quantity: 10 }).where(eq(products.id, bibleId));
  });

  it('shows a new special price in the listing, a category, search, suggestions and the product at once', async () => {
    await expect(shop.services.catalogue.updateProduct(bibleId, { specialPrice: 3900 })).resolves.toBe(true);
    const after = await everywhere();
    for (const card of [after.shop, after.category, after.search, after.detail]) {
      expect(card).toMatchObject({ price: 3900, oldPrice: 5000, lowestPrice30Days: 5000 });
    }
    expect(after.suggested).toBe(3900);
  });

  it('closes the price in force and opens the new one in the same transaction', async () => {
    const history = await db.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.productId, bibleId))
      .orderBy(asc(priceHistory.id));
    expect(history.map((h) => [h.price, h.validTo === null])).toEqual([
      [5000, false],
      [3900, true],
    ]);
    expect(history[0].validTo).toEqual(history[1].validFrom);
  });

  it('shows a product sold out at once, and in stock again when the stock comes back', async () => {
    await shop.services.catalogue.updateProduct(bibleId, { quantity: 0 });
    expect((await everywhere()).shop?.inStock).toBe(false);
    expect((await get<ProductCard>(`/api/products/${bibleId}`)).inStock).toBe(false);
    const inStockOnly = await get<ProductListing>('/api/products?in_stock=1');
    expect(inStockOnly.data.map((p) => p.id)).not.toContain(bibleId);
    await shop.services.catalogue.updateProduct(bibleId, { quantity: 3 });
    expect((await inListing('/api/products'))?.inStock).toBe(true);
  });

  it('counts a written product in the facets, totals and searches at once (its row is read again)', async () => {
    const lists = () =>
      Promise.all(
        ['/api/products?selectVal=biblii', `/api/products?searchText=${encodeURIComponent('cornilescu')}`].map((path) =>
          get<ProductListing>(path),
        ),
      );
    const before = await lists();
    await shop.services.catalogue.updateProduct(bibleId, { quantity: 0, specialPrice: 1000 });
    const after = await lists();
    for (const [i, list] of after.entries()) {
      expect(list.total).toBe(before[i].total);
      expect(list.facets.inStock).toBe(before[i].facets.inStock - 1);
      expect(list.facets.priceRanges[0].count).toBe(before[i].facets.priceRanges[0].count + 1);
    }
    const inStockOnly = await get<ProductListing>('/api/products?selectVal=biblii&in_stock=1');
    expect(inStockOnly.total).toBe(before[0].facets.inStock - 1);
    await shop.services.catalogue.updateProduct(bibleId, { quantity: 3, specialPrice: null });
    expect((await lists()).map((list) => list.facets.inStock)).toEqual(before.map((list) => list.facets.inStock));
  });

  it('answers false for an unknown product, refuses nonsense, and changes nothing then', async () => {
    await expect(shop.services.catalogue.updateProduct(999_999, { quantity: 1 })).resolves.toBe(false);
    await expect(shop.services.catalogue.updateProduct(bibleId, { sellingPrice: -1 })).rejects.toThrow(RangeError);
    await expect(shop.services.catalogue.updateProduct(bibleId, { quantity: 1.5 })).rejects.toThrow(RangeError);
    await expect(shop.services.catalogue.updateProduct(bibleId, {})).rejects.toThrow(RangeError);
    const [row] = await db.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(and(eq(products.id, bibleId)));
    expect(row.quantity).toBe(3);
  });
});
