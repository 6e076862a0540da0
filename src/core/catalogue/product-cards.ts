import { inArray } from 'drizzle-orm';
import type { ProductCard } from '../../contracts/catalogue';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { cardColumns, toCard } from './product-mappers';

/** The cards of these products in the order given (an order decided in memory); ids not found are left out. */
export async function cardsInOrder(db: Db, ids: readonly number[]): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row)] : [];
  });
}
