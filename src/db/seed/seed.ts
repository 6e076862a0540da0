import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, currencyRates, historicStatistics, products } from '../schema';
import { generateCatalogue } from './catalogue-generator';
import { seedContentDemoData } from './content-seed';
import { type CategoryNode, categoryTree } from './category-tree';
import { demoRates } from './demo-rates';

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

/** Loads the demo catalogue in one transaction: all of it or nothing. */
export async function seedDemoData(db: Db, productCount = DEMO_PRODUCT_COUNT): Promise<void> {
  const generated = generateCatalogue(productCount);
  await db.transaction(async (tx) => {
    const categoryIds = await insertCategories(tx as unknown as Db);
    for (let i = 0; i < generated.length; i += BATCH) {
      const rows = generated.slice(i, i + BATCH).map(({ categorySlug, ...product }) => {
        const categoryId = categoryIds.get(categorySlug);
        if (!categoryId) throw new Error(`Demo product in unknown category ${categorySlug}`);
        return { ...product, categoryId };
      });
      await tx.insert(products).values(rows);
    }
    await tx
      .insert(currencyRates)
      .values(demoRates.map((rate) => ({ ...rate, rateDate: '2026-10-30', source: 'demo' })));
    await tx.insert(historicStatistics).values(historicCounts);
    await seedContentDemoData(tx as unknown as Db);
  });
}
