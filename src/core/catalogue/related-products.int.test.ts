import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { products } from '../../db/schema';
import { seedDemoData } from '../../db/seed/seed';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { createCacheRegistry } from '../cache/registry';
import { createCatalogueService } from './catalogue-service';

const RELATED = 4;

describe.each(testDatabases)('a product page’s related products on $name', ({ url }) => {
  let db: TestDb;
  const caches = createCacheRegistry();
  let catalogue: ReturnType<typeof createCatalogueService>;

  beforeAll(async () => {
    db = await createTestDb(url);
    await seedDemoData(db.db, 300);
    catalogue = createCatalogueService(db.db, caches);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** What the database says the related products are: the same authors' best sellers, then the category's. */
  async function expected(id: number): Promise<number[]> {
    const byAuthor = await queryRows<{ id: number }>(
      db.db,
      sql`select p.id from products p, products o
        where o.id = ${id} and p.id <> o.id and p.archived_at is null and p.authors && o.authors
        order by p.sales_count desc, p.id desc limit ${RELATED}`,
    );
    const sameCategory = await queryRows<{ id: number }>(
      db.db,
      sql`select p.id from products p, products o
        where o.id = ${id} and p.id <> o.id and p.archived_at is null and p.category_id = o.category_id
        order by p.sales_count desc, p.id desc limit ${RELATED * 2}`,
    );
    const ids = byAuthor.map((r) => r.id);
    return [...ids, ...sameCategory.map((r) => r.id).filter((other) => !ids.includes(other))].slice(0, RELATED);
  }

  const related = async (id: number) => (await catalogue.relatedProducts({ id })).map((card) => card.id);

  it('are the same authors’ best sellers, then the category’s, for every product of the catalogue', async () => {
    const all = await db.db.select({ id: products.id, authors: products.authors }).from(products);
    let withAuthorsRelated = 0;
    for (const { id } of all) {
      const want = await expected(id);
      expect(await related(id), `product ${id}`).toEqual(want);
      const [first] = await queryRows<{ shared: boolean }>(
        db.db,
        sql`select p.authors && o.authors as shared from products p, products o where p.id = ${want[0] ?? 0} and o.id = ${id}`,
      );
      if (first?.shared) withAuthorsRelated++;
    }
    // The demo catalogue has authors with several books: the first rule is exercised, not only the second.
    expect(withAuthorsRelated).toBeGreaterThan(20);
  });

  it('come as cards, and follow a sales count changed through the services', async () => {
    // A product without authors: its related products are all its category's, in order of sales.
    const [{ id }] = await db.db
      .select({ id: products.id })
      .from(products)
      .where(
        sql`cardinality(${products.authors}) = 0 and ${products.archivedAt} is null
          and (select count(*) from products o where o.category_id = ${products.categoryId}) > ${RELATED}`,
      )
      .limit(1);
    const before = await catalogue.relatedProducts({ id });
    expect(before).toHaveLength(RELATED);
    expect(before[0]).toMatchObject({ slug: expect.any(String), title: expect.any(String), price: expect.any(Number) });
    const last = before[RELATED - 1].id;
    await db.db.update(products).set({ salesCount: 1_000_000 }).where(eq(products.id, last));
    caches.invalidate(`product:${last}`);
    expect((await related(id))[0]).toBe(last);
    expect(await related(id)).toEqual(await expected(id));
  });

  it('come with the product in one call of the product page, which answers NOT_FOUND for an unknown slug', async () => {
    const [{ id, slug }] = await db.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(sql`${products.archivedAt} is null`)
      .limit(1);
    const page = await catalogue.productPage(slug, 'en');
    expect(page.product).toMatchObject({ id, slug });
    expect(page.product.category.name).toBeTruthy();
    expect(page.related).toEqual(await catalogue.relatedProducts({ id }));
    await expect(catalogue.productPage('no-such-product', 'ro')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('leave out an archived product', async () => {
    const [{ id }] = await db.db.select({ id: products.id }).from(products).limit(1);
    const [gone] = await related(id);
    await db.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone));
    caches.invalidate(`product:${gone}`);
    expect(await related(id)).not.toContain(gone);
    expect(await related(id)).toEqual(await expected(id));
  });
});
