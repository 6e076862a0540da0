import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * One card payment attempt of an order at NETOPIA (issue 12): the provider's ids, what was asked, and the
 * last status the shop trusts (a verified notification or its own status call). An order may have several
 * attempts (a failed payment tried again); amounts in bani.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** NETOPIA's transaction id (`payment.ntpID`). */
    ntpId: text('ntp_id').notNull(),
    /** The orderID sent to NETOPIA: the order number, with `-N` for the Nth attempt after the first. */
    providerOrderId: text('provider_order_id').notNull(),
    /** Sent back with the 3-D Secure verification; never shown to anyone. */
    authenticationToken: text('authentication_token'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** NETOPIA's status code as last trusted (DESIGN §6: 3 paid, 5 confirmed, 12 declined, 15 3-D Secure…). */
    status: smallint('status').notNull(),
    /** Set when a notification disagreed with the order (amount or currency): staff must look. */
    flag: text('flag'),
    /** When a verified notification last arrived; the reconciliation job asks about attempts without one. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_ntp_id_key').on(t.ntpId),
    index('payments_order_idx').on(t.orderId),
    index('payments_unnotified_idx').on(t.createdAt).where(sql`notified_at is null`),
  ],
);

/**
 * Every verified notification, once per (ntpID, status) (DESIGN §9): a replay finds its row and changes
 * nothing. The raw body is kept as NETOPIA sent it, for disputes.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    ntpId: text('ntp_id').notNull(),
    status: smallint('status').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount'),
    currency: text('currency'),
    /** 'amount_mismatch' or 'currency_mismatch': recorded, never paid. */
    flag: text('flag'),
    /** 'notification' or 'status' (the shop's own status call). */
    source: text('source').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_ntp_status_key').on(t.ntpId, t.status)],
);
