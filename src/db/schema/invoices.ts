import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * The last number given in each invoice series. Numbers are taken by incrementing this row inside the
 * transaction that writes the invoice, so the row lock orders concurrent issues and a rollback gives the
 * number back: no gap, no duplicate (issue 12).
 */
export const invoiceSeries = pgTable('invoice_series', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * An order's invoice ('factura', SPEC §3 bills_list): its series and number, when it was issued, and the
 * seller's details as they were then, so the PDF made later from the order's snapshot never changes.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The association's name, CUI, registration, address, bank and IBAN at issue time. */
    seller: jsonb('seller').notNull(),
    /** Goods and shipping with VAT, bani; the donation is outside it (decision 021). */
    total: integer('total').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_order_key').on(t.orderId),
    uniqueIndex('invoices_series_number_key').on(t.series, t.number),
  ],
);
