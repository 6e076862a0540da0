import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePrice, priceDisplay, referencePrice } from '../../contracts/money';
import { categories, priceHistory, products } from '../../db/schema';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';

/** One price change, some hours after the previous one. */
const changeArb = fc.record({
  hoursLater: fc.integer({ min: 1, max: 45 * 24 }),
  sellingPrice: fc.integer({ min: 1000, max: 9000 }),
  specialPrice: fc.option(fc.integer({ min: 500, max: 9000 }), { nil: null }),
});

describe.each(testDatabases)('the 30-day reference kept by the database, $name', ({ url }) => {
  let db: TestDb;
  let categoryId: number;
  beforeAll(async () => {
    db = await createTestDb(url);
    [{ id: categoryId }] = await db.db
      .insert(categories)
      .values({ slug: 'carti', name: 'Cărți', nameEn: 'Books' })
      .returning({ id: categories.id });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores on every price change the reference contracts compute from the same history', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(changeArb, { minLength: 1, maxLength: 6 }), async (changes) => {
        run++;
        const [{ id }] = await db.db
          .insert(products)
          .values({
            slug: `p-${run}`,
            sku: `P-${run}`,
            title: 'Carte',
            vatRate: 11,
            sellingPrice: 5000,
            productType: 'carte',
            categoryId,
          })
          .returning({ id: products.id });
        for (const change of changes) {
          // Move the product's past back instead of waiting: the trigger reads now().
          const shift = sql.raw(`interval '${change.hoursLater} hours'`);
          await db.db.execute(sql`update products set created_at = created_at - ${shift} where id = ${id}`);
          await db.db.execute(
            sql`update price_history set valid_from = valid_from - ${shift}, valid_to = valid_to - ${shift} where product_id = ${id}`,
          );
          await db.db
            .update(products)
            .set({ sellingPrice: change.sellingPrice, specialPrice: change.specialPrice })
            .where(eq(products.id, id));
        }
        const [row] = await db.db.select().from(products).where(eq(products.id, id));
        const history = await db.db.select().from(priceHistory).where(eq(priceHistory.productId, id));
        const changed = history.length > 0;
        // A change that left both prices as they were records nothing: then there is no history to compare.
        if (!changed) return;
        expect(row.referencePrice).toBe(referencePrice(history));
        const shown = priceDisplay({ price: effectivePrice(row), reference: row.referencePrice });
        expect(row.onSale).toBe(shown.reference !== null);
      }),
      { numRuns: 15 },
    );
  });
});
