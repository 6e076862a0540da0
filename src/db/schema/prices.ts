import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue';

/**
 * Every price a product has had (DESIGN §6: a discount shows the lowest price of the 30 days before it).
 * The row in force has valid_to null; a database trigger closes it and opens a new one whenever
 * selling_price or special_price change, whatever changes them.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Bani, VAT included. */
    sellingPrice: integer('selling_price').notNull(),
    specialPrice: integer('special_price'),
    /** What the shopper paid while this row was in force, in bani. */
    price: integer('price').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.validTo)],
);

export type PriceHistoryRow = typeof priceHistory.$inferSelect;
