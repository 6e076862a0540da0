import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * An order as it was placed (DESIGN §9: orders are snapshots): prices, VAT, addresses, carrier and the rates
 * used are copied, so later catalogue or address changes never alter it. Amounts in bani RON.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The human number shown to the shopper ("MRN-2026-000123"). */
    orderRefNumber: text('order_ref_number').notNull(),
    /** The checkout form's key (or the API's Idempotency-Key): the same key is the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    clientEmail: text('client_email').notNull(),
    status: text('status').notNull().default('pending'),
    paymentState: text('payment_state').notNull(),
    paymentMethod: text('payment_method').notNull(),
    carrierId: smallint('carrier_id').notNull(),
    carrierName: text('carrier_name').notNull(),
    /** The agency's pickup point or the GLS locker chosen, as shown then; null for home delivery and depot. */
    pickupPoint: jsonb('pickup_point'),
    billingAddress: jsonb('billing_address').notNull(),
    /** Where the parcel goes, as a one-line text and its parts (home, depot, locker or pickup point). */
    deliveryAddress: jsonb('delivery_address').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    shippingCost: integer('shipping_cost').notNull(),
    /** What the carrier charges the shop (SPEC §3 real_delivery_cost). */
    realDeliveryCost: integer('real_delivery_cost').notNull(),
    donation: integer('donation').notNull(),
    total: integer('total').notNull(),
    /** VAT per rate, the shipping's included (contracts/money priceCart). */
    vat: jsonb('vat').notNull(),
    couponCode: text('coupon_code'),
    /** The shopper's display currency then and the RON rates used (SPEC §3 currencies_conversion_rates). */
    currency: text('currency').notNull(),
    currencyRates: jsonb('currency_rates').notNull(),
    /** The humanitarian case the donation went to. */
    caseId: integer('case_id'),
    lang: text('lang').notNull(),
    orderSource: text('order_source').notNull().default('Site'),
    createdFrom: text('created_from').notNull().default('Website'),
    numberPackages: smallint('number_packages').notNull().default(1),
    clientComments: text('client_comments'),
    /** SHA-256 of the guest's link token (the confirmation e-mail holds the token). */
    guestTokenHash: text('guest_token_hash'),
    trackingNumbers: text('tracking_numbers').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the back office's free text looks in (core/admin/order-list.ts): number, e-mail, the billing name
     * both ways round, company and recipient, without accents and in lower case, fields apart by ' | '.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(public.shop_unaccent(order_ref_number || ' | ' || client_email || ' | '
        || coalesce(billing_address ->> 'first_name', '') || ' ' || coalesce(billing_address ->> 'last_name', '') || ' | '
        || coalesce(billing_address ->> 'last_name', '') || ' ' || coalesce(billing_address ->> 'first_name', '') || ' | '
        || coalesce(billing_address ->> 'company_name', '') || ' | ' || coalesce(delivery_address ->> 'recipient', '')))`,
    ),
    /** The billing and delivery phones' digits, apart by '|', for a phone typed any way ("0744 123 456"). */
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      sql`regexp_replace(coalesce(billing_address ->> 'phone', '') || '|' || coalesce(delivery_address ->> 'phone', ''), '[^0-9|]', '', 'g')`,
    ),
  },
  (t) => [
    uniqueIndex('orders_ref_key').on(t.orderRefNumber),
    // Trigram indexes: a LIKE '%…%' over 100,000 orders reads the matching rows only.
    index('orders_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('orders_phone_digits_idx').using('gin', sql`${t.phoneDigits} gin_trgm_ops`),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('orders_guest_token_key').on(t.guestTokenHash),
    index('orders_client_created_idx').on(t.clientId, t.createdAt),
    // The back office (docs/admin.md): its order list's default order and date filters, the dashboard's "today".
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_total_idx').on(t.total, t.id),
    // The list filtered by one state, either way in time: the matching orders in order, not every order.
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_payment_created_idx').on(t.paymentState, t.createdAt, t.id),
    index('orders_unpaid_idx').on(t.paymentState, t.createdAt).where(sql`status = 'pending'`),
    check('orders_status_check', sql`${t.status} in ('pending', 'completed', 'canceled')`),
    check(
      'orders_payment_state_check',
      sql`${t.paymentState} in ('awaiting_payment', 'cash_on_delivery', 'paid', 'failed')`,
    ),
    check(
      'orders_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.shippingCost} >= 0 and ${t.donation} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

/** SPEC §3 Order item payload: each line as it was sold. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    urlPath: text('url_path').notNull(),
    thumbnail: text('thumbnail').notNull(),
    quantity: integer('quantity').notNull(),
    /** Last purchase price then (SPEC aquisition_price), bani; null when unknown. */
    acquisitionPrice: integer('acquisition_price'),
    billingSellingPrice: integer('billing_selling_price').notNull(),
    billingSpecialPrice: integer('billing_special_price'),
    personalizationPrice: integer('personalization_price').notNull().default(0),
    /** The personalisation as a JSON string, its pictures' content in place of their ids (SPEC §3). */
    personalizationForm: text('personalization_form'),
    hasPersonalization: boolean('has_personalization').notNull().default(false),
    /** Selling minus special price, per unit (SPEC applied_discount_value); discount_type is 'value'. */
    appliedDiscountValue: integer('applied_discount_value').notNull().default(0),
    discountType: text('discount_type').notNull().default('value'),
    /** The coupon's share of this line, bani. */
    couponDiscount: integer('coupon_discount').notNull().default(0),
    vatRate: smallint('vat_rate').notNull(),
    /** What the line costs after the coupon, VAT included. */
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity_check', sql`${t.quantity} >= 1`)],
);

/** What happened to an order, appended (DESIGN §9): who, when, what. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'client', 'guest', 'system' or a staff member. */
    actor: text('actor').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

/** The last order number of each year, taken under a row lock in the order's transaction (gap-free). */
export const orderCounters = pgTable('order_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
});
