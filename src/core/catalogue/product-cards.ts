import { inArray } from 'drizzle-orm';
import type { ProductCard } from '../../contracts/catalogue';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { dropBeyond, dropExpired } from '../cache/recency-map';
import { type CacheRegistry, productIdOf } from '../cache/registry';
import { cardColumns, toCard } from './product-mappers';

export interface ProductCards {
  /** The cards of these products in the order given (an order decided in memory); ids not found are left out. */
  inOrder(ids: readonly number[]): Promise<ProductCard[]>;
}

/**
 * Product cards by id, kept between requests: a page of a list, a search's results and a product's related
 * products are ids chosen in memory (decision 028), and the same best sellers come back on page after page, so
 * most cards of an uncached page are read once a minute instead of once a page (decision 033). A write through
 * the services drops the cards it names (an order, the cards of what it sold), or all of them; a change made
 * outside them (a script) shows within `ttlMs`, as in the listing's other caches.
 */
export function createProductCards(
  db: Db,
  caches: CacheRegistry,
  options: { max: number; ttlMs: number; now?: () => number },
): ProductCards {
  const now = options.now ?? Date.now;
  /** Least recently used first. */
  const kept = new Map<number, { card: ProductCard; at: number }>();
  /** Bumped by every drop: a read begun before it may hold the old rows, and is answered but not kept. */
  let generation = 0;

  caches.register(
    'catalogue.cards',
    ['products'],
    (tags) => {
      generation++;
      const ids = tags.map(productIdOf);
      if (ids.some((id) => id === null)) kept.clear();
      else for (const id of ids) if (id !== null) kept.delete(id);
    },
    () => kept.size,
  );

  function fresh(id: number, at: number): ProductCard | undefined {
    const entry = kept.get(id);
    if (!entry) return undefined;
    kept.delete(id);
    if (at - entry.at >= options.ttlMs) return undefined;
    kept.set(id, entry);
    return entry.card;
  }

  function keep(card: ProductCard, at: number): void {
    kept.set(card.id, { card, at });
    dropBeyond(kept, options.max);
  }

  return {
    async inOrder(ids) {
      if (!ids.length) return [];
      const at = now();
      const found = new Map<number, ProductCard>();
      const missing: number[] = [];
      for (const id of ids) {
        const card = fresh(id, at);
        if (card) found.set(id, card);
        else missing.push(id);
      }
      if (missing.length) {
        const startedIn = generation;
        const rows = await db.select(cardColumns).from(products).where(inArray(products.id, missing));
        dropExpired(kept, now(), options.ttlMs);
        for (const row of rows) {
          const card = toCard(row);
          found.set(card.id, card);
          if (startedIn === generation) keep(card, at);
        }
      }
      return ids.flatMap((id) => {
        const card = found.get(id);
        return card ? [card] : [];
      });
    },
  };
}
