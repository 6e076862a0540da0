import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATES } from './checkout';
import { pageNumberSchema } from './pagination';
import { blankAsMissing } from './pagination-values';
import { dayQuerySchema } from './staff';
import { isPlainLine } from './validation';

/** The back office's order list (issue 13 item 2): 25 a page, filtered, sorted and paged in the database. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;

/** The columns the list sorts by, each both ways; `-` first is descending. Newest first by default. */
export const ADMIN_ORDER_SORTS = ['-created', 'created', '-total', 'total', '-number', 'number'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsMissing, schema.optional());

/** `/admin/orders`'s query (a GET form and the header links): every filter optional, unknown keys refused. */
export const adminOrderQuerySchema = z
  .object({
    status: optional(z.enum(ORDER_STATUSES, { error: 'validation.admin.orders.status' })),
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
  status: (typeof ORDER_STATUSES)[number];
  paymentState: (typeof PAYMENT_STATES)[number];
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
