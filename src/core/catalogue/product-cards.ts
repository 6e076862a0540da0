import { inArray } from 'drizzle-orm';
import type { ProductCard } from '../../contracts/catalogue';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { CacheRegistry } from '../cache/registry';
import { cardColumns, toCard } from './product-mappers';

export type CardsInOrder = (ids: readonly number[]) => Promise<ProductCard[]>;

/**
 * The cards of products in an order decided in memory (a list's page, a search's, related products); ids not
 * found are left out. Each card is kept a minute, as the pages made of them are, unless a write through the
 * services clears them sooner (decision 012): a page nobody asked for is mostly cards somebody saw, and the
 * cards a miss leaves are read in one statement.
 */
export function createCardReader(db: Db, caches: CacheRegistry): CardsInOrder {
  const cards = caches.ttlCache<ProductCard | null>('catalogue.cards', ['products'], { max: 5000, ttlMs: 60_000 });
  return async (ids) => {
    const missing: number[] = [];
    let batch: Promise<Map<number, ProductCard>> | null = null;
    const found = await Promise.all(
      ids.map((id) =>
        cards.get(String(id), () => {
          missing.push(id);
          // Every id is asked for before this runs (the map above is synchronous).
          batch ??= Promise.resolve().then(() => readCards(db, missing));
          return batch.then((byId) => byId.get(id) ?? null);
        }),
      ),
    );
    return found.filter((card): card is ProductCard => card !== null);
  };
}

async function readCards(db: Db, ids: readonly number[]): Promise<Map<number, ProductCard>> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, toCard(row)]));
}
