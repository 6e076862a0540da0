import { count, sql } from 'drizzle-orm';
import { referencePrice } from '../../contracts/money';
import type { Db } from '../client';
import { categories, currencyRates, historicStatistics, priceHistory, products } from '../schema';
import { DEMO_SEED, type GeneratedProduct, generateProducts } from './catalogue-generator';
import { seedContentDemoData } from './content-seed';
import { type CategoryNode, categoryTree } from './category-tree';
import { demoRates } from './demo-rates';
import { demoPriceHistory } from './price-history';
import { Random } from './random';

export const DEMO_PRODUCT_COUNT = 20_000;
const BATCH = 1000;

/** Customers and orders of the shop this one replaces (2012 onwards); demo figures. */
const historicCounts = [
  { key: 'customers', value: 38_460 },
  { key: 'client_orders', value: 112_730 },
];

async function insertCategories(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const walk = async (nodes: CategoryNode[], parentId: number | null) => {
    for (const [position, node] of nodes.entries()) {
      const [row] = await db
        .insert(categories)
        .values({ slug: node.slug, name: node.name, nameEn: node.nameEn, parentId, position })
        .returning({ id: categories.id });
      ids.set(node.slug, row.id);
      if (node.children) await walk(node.children, row.id);
    }
  };
  await walk(categoryTree, null);
  return ids;
}

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return row.n === 0;
}

/**
 * Loads the demo catalogue in one transaction: all of it or nothing. Products are generated and
 * inserted a batch at a time, with their price history, so 200,000 products load without holding
 * them all in memory. The tables are vacuumed and analysed afterwards.
 */
export async function seedDemoData(db: Db, productCount = DEMO_PRODUCT_COUNT): Promise<void> {
  const historyRandom = new Random(DEMO_SEED + 1);
  await db.transaction(async (tx) => {
    const categoryIds = await insertCategories(tx);
    const insertBatch = async (batch: GeneratedProduct[]) => {
      const histories = batch.map((product) => demoPriceHistory(product, historyRandom));
      const rows = batch.map(({ categorySlug, ...product }, i) => {
        const categoryId = categoryIds.get(categorySlug);
        if (!categoryId) throw new Error(`Demo product in unknown category ${categorySlug}`);
        // What the price-history trigger stores when a price changes, here from the generated history.
        return { ...product, categoryId, referencePrice: referencePrice(histories[i]) };
      });
      const inserted = await tx.insert(products).values(rows).returning({ id: products.id, sku: products.sku });
      const idBySku = new Map(inserted.map((row) => [row.sku, row.id]));
      const history = batch.flatMap((product, i) =>
        histories[i].map((price) => ({ ...price, productId: idBySku.get(product.sku)! })),
      );
      await tx.insert(priceHistory).values(history);
    };
    let batch: GeneratedProduct[] = [];
    for (const product of generateProducts(productCount)) {
      batch.push(product);
      if (batch.length === BATCH) {
        await insertBatch(batch);
        batch = [];
      }
    }
    if (batch.length) await insertBatch(batch);
    await tx
      .insert(currencyRates)
      .values(demoRates.map((rate) => ({ ...rate, rateDate: '2026-10-30', source: 'demo' })));
    await tx.insert(historicStatistics).values(historicCounts);
    await seedContentDemoData(tx);
  });
  // Fresh statistics for the planner, and a visibility map so that covering indexes serve index-only scans.
  await db.execute(sql`vacuum analyze`);
}
