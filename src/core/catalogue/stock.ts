import { and, eq, gte, sql } from 'drizzle-orm';
import { products } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction';

/**
 * Takes `quantity` pieces of a product off the shelf; false (and nothing taken) when fewer are left.
 * One conditional UPDATE: the row lock it takes makes a concurrent take wait and then re-check the
 * condition against the new quantity, so concurrent takes never oversell, on either database.
 * Call it inside the transaction that records why the stock went (the order).
 */
export async function takeStock(tx: DbOrTx, productId: number, quantity: number): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}` })
    .where(and(eq(products.id, productId), gte(products.quantity, quantity)))
    .returning({ id: products.id });
  return taken.length === 1;
}

/** Puts pieces back on the shelf (a cancelled order), in the transaction that records why. */
export async function returnStock(tx: DbOrTx, productId: number, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ quantity: sql`${products.quantity} + ${quantity}` })
    .where(eq(products.id, productId));
}
