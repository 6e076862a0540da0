import { z } from 'zod';
import { type OrderStatus, PAYMENT_STATES, type PaymentState } from './checkout';
import { pageNumberSchema } from './pagination';
import type { PaymentMethod } from './shipping';
import { blankAsMissing } from './pagination-values';
import { dayQuerySchema } from './staff';
import { isPlainLine } from './validation';

/**
 * The order's status as the back office moves it (issue 13 item 2): the shop's three (SPEC §3) with the
 * operators' two steps between placing and completing. The shopper sees those two as pending (SPEC §4:
 * statuses beyond pending, completed and canceled are not shown), see `clientOrderStatus`.
 */
export const ADMIN_ORDER_STATUSES = ['pending', 'processing', 'shipped', 'completed', 'canceled'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/**
 * The one table of allowed status changes: pending → processing → shipped → completed, and cancel from
 * pending or processing (the stock returns). The service refuses anything else, the page shows only these.
 */
export const ORDER_TRANSITIONS: Record<AdminOrderStatus, readonly AdminOrderStatus[]> = {
  pending: ['processing', 'canceled'],
  processing: ['shipped', 'canceled'],
  shipped: ['completed'],
  completed: [],
  canceled: [],
};

export function canMoveOrder(from: AdminOrderStatus, to: AdminOrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function isAdminOrderStatus(value: string): value is AdminOrderStatus {
  return (ADMIN_ORDER_STATUSES as readonly string[]).includes(value);
}

/** What the shopper is shown of a back-office status (SPEC §4): the operators' steps read as pending. */
export function clientOrderStatus(status: string): OrderStatus {
  return status === 'completed' || status === 'canceled' ? status : 'pending';
}

/** The back office's order list (issue 13 item 2): 25 a page, filtered, sorted and paged in the database. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** Orders per batch of the CSV export, which never holds more than one batch in memory. */
export const EXPORT_BATCH_SIZE = 500;

/** The columns the list sorts by, each both ways; `-` first is descending. Newest first by default. */
export const ADMIN_ORDER_SORTS = ['-created', 'created', '-total', 'total', '-number', 'number'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsMissing, schema.optional());

/** `/admin/orders`'s query (a GET form and the header links): every filter optional, unknown keys refused. */
export const adminOrderQuerySchema = z
  .object({
    status: optional(z.enum(ADMIN_ORDER_STATUSES, { error: 'validation.admin.orders.status' })),
    payment: optional(z.enum(PAYMENT_STATES, { error: 'validation.admin.orders.payment' })),
    carrier: optional(
      z.coerce
        .number({ error: 'validation.admin.orders.carrier' })
        .int({ error: 'validation.admin.orders.carrier' })
        .min(1, { error: 'validation.admin.orders.carrier' })
        .max(32_767, { error: 'validation.admin.orders.carrier' }),
    ),
    country: optional(z.string().regex(/^[A-Z]{2}$/, { error: 'validation.admin.orders.country' })),
    from: dayQuerySchema,
    to: dayQuerySchema,
    /** Free text over the order number, the e-mail, the names and the phones. */
    q: optional(
      z
        .string()
        .trim()
        .max(100, { error: 'validation.admin.orders.q' })
        .refine(isPlainLine, { error: 'validation.controlCharacters' }),
    ),
    sort: z.preprocess(
      blankAsMissing,
      z.enum(ADMIN_ORDER_SORTS, { error: 'validation.admin.orders.sort' }).default('-created'),
    ),
    page: pageNumberSchema,
  })
  .strict();
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

/** One row of the list. Amounts in bani; `createdAt` ISO (shown in Bucharest time). */
export interface AdminOrderRow {
  id: number;
  number: string;
  createdAt: string;
  customer: string;
  email: string;
  phone: string;
  country: string;
  carrier: string;
  status: AdminOrderStatus;
  paymentState: PaymentState;
  paymentMethod: string;
  total: number;
}

/**
 * Matching orders are counted up to this many (or to the page asked for): counting every one of 100,000
 * orders that match a common name would cost more than the page itself. Past it the list says "more than".
 */
export const ADMIN_ORDERS_COUNT_CAP = 1000;

export interface AdminOrderPage {
  rows: AdminOrderRow[];
  /** How many match, exactly when `more` is false; otherwise at least this many. */
  total: number;
  more: boolean;
  page: number;
  lastPage: number;
  /** The carriers orders name, for the filter's list. */
  carriers: { id: number; name: string }[];
}

/** An AWB as carriers print them: letters, digits and dashes, 4 to 40 of them (spaces typed are dropped). */
export const awbSchema = z
  .string({ error: 'validation.adminOrders.awbRequired' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.adminOrders.awbRequired' })
      .regex(/^[A-Za-z0-9-]{4,40}$/, { error: 'validation.adminOrders.awbFormat' }),
  );

const mailIdSchema = z.coerce
  .number({ error: 'validation.id' })
  .int({ error: 'validation.id' })
  .min(1, { error: 'validation.id' })
  .max(2_147_483_647, { error: 'validation.id' });

/** The order page's forms, one schema with an `intent` per button (each a plain POST). */
export const adminOrderActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('status'),
      status: z.enum(ADMIN_ORDER_STATUSES, { error: 'validation.adminOrders.status' }),
    }),
    z.object({ intent: z.literal('awb'), awb: awbSchema }),
    z.object({ intent: z.literal('confirm-payment') }),
    z.object({ intent: z.literal('issue-invoice') }),
    z.object({ intent: z.literal('resend-mail'), mail: mailIdSchema }),
  ],
  { error: 'validation.admin.intent' },
);
export type AdminOrderAction = z.infer<typeof adminOrderActionSchema>;

/** How the money of a cancelled paid order goes back: a card refund is made in NETOPIA's back office. */
export type RefundDue = 'netopia' | 'manual';

/** A line of the order as sold, with its personalisation as the order item keeps it (SPEC §3). */
export interface AdminOrderLine {
  id: number;
  productId: number;
  title: string;
  sku: string;
  urlPath: string;
  quantity: number;
  /** One piece, personalisation included, before the coupon (bani). */
  unitPrice: number;
  /** The line after the coupon (bani). */
  value: number;
  /** Text answers, and pictures as `data:` URLs, each under the form's label (or its name). */
  personalization: { label: string; value: string; image: boolean }[];
}

/** Everything the order page shows (issue 13 item 2). Instants ISO (shown in Bucharest time), amounts in bani. */
export interface AdminOrderDetail {
  id: number;
  number: string;
  createdAt: string;
  updatedAt: string;
  status: AdminOrderStatus;
  paymentState: PaymentState;
  paymentMethod: PaymentMethod;
  lang: string;
  client: { id: number; name: string; email: string } | null;
  email: string;
  billing: { name: string; company: string | null; cui: string | null; phone: string; line: string };
  delivery: {
    kind: 'home' | 'pickup' | 'locker' | 'agency';
    line: string;
    recipient: string;
    phone: string;
    country: string;
  };
  carrier: { id: number; name: string; trackingUrl: string | null };
  pickupPoint: Record<string, unknown> | null;
  trackingNumbers: string[];
  /** The first AWB's tracking page, when the carrier has one. */
  trackingLink: string | null;
  coupon: string | null;
  comments: string | null;
  totals: { subtotal: number; discount: number; shipping: number; donation: number; total: number };
  lines: AdminOrderLine[];
  payments: {
    id: number;
    ntpId: string;
    amount: number;
    currency: string;
    status: number;
    flag: string | null;
    createdAt: string;
  }[];
  notifications: {
    id: number;
    ntpId: string;
    status: number;
    source: string;
    flag: string | null;
    amount: number | null;
    receivedAt: string;
  }[];
  events: { id: number; at: string; actor: string; kind: string; data: unknown }[];
  mails: {
    id: number;
    to: string;
    subject: string;
    status: 'pending' | 'sent' | 'failed';
    createdAt: string;
    sentAt: string | null;
  }[];
  invoice: { bill: string; issuedAt: string; link: string } | null;
  audit: { id: number; at: string; staffName: string; action: string; before: unknown; after: unknown }[];
  /** Set when a paid order was cancelled: the money still has to be given back, by hand. */
  refundDue: RefundDue | null;
  /** What the buttons may do now (the page shows only these). */
  allowed: {
    statuses: readonly AdminOrderStatus[];
    awb: boolean;
    confirmPayment: boolean;
    issueInvoice: boolean;
  };
}
