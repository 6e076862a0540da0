import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { products } from './catalogue';

/**
 * Server-side carts (issue 10, decision 016). A guest's cart is found by the SHA-256 of the random token in
 * its `cart` cookie, so a leaked database does not hand out usable cookies; a client's cart by `client_id`.
 */
export const carts = pgTable(
  'carts',
  {
    /** SHA-256 hex of the cookie's token. */
    id: text('id').primaryKey(),
    /** The owner once logged in; the cart goes with the account. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_client_key').on(t.clientId).where(sql`client_id is not null`),
    // The cleanup of abandoned guest carts reads by age.
    index('carts_guest_updated_idx').on(t.updatedAt).where(sql`client_id is null`),
  ],
);

/** Personalisation values of a line: input name → text, or a stored upload id for an image input. */
export type CartLinePersonalization = Record<string, string>;

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: smallint('quantity').notNull(),
    personalization: jsonb('personalization').$type<CartLinePersonalization | null>(),
    /** Canonical form of the values, so the same product with the same personalisation is one line. */
    personalizationKey: text('personalization_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_product_key').on(t.cartId, t.productId, t.personalizationKey),
    check('cart_lines_quantity_check', sql`quantity between 1 and 99`),
  ],
);

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;
