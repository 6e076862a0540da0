import { createHash } from 'node:crypto';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { clientOrderStatus } from '../../contracts/admin-orders';
import type { PaymentState } from '../../contracts/checkout';
import { ORDER_HISTORY_PAGE_SIZE, type OrderHistoryItem, type OrderHistoryPage } from '../../contracts/order-history';
import { isCarrierId, trackingLink } from '../../contracts/shipping';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { InvoiceService } from '../invoices/invoice-service';
import type { ShippingService } from '../shipping/shipping-service';
import type { DeliverySnapshot } from './delivery-snapshot';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The orders a client (or a guest, by the e-mailed link) sees: SPEC §2 "Comenzile mele", §3 Order (history). */
export function createOrderHistory(db: Db, shipping: ShippingService, invoices: InvoiceService) {
  async function toItems(rows: OrderRow[]): Promise<OrderHistoryItem[]> {
    if (!rows.length) return [];
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(orderItems.id);
    const bills = await invoices.billsOf(rows.map((r) => r.id));
    const byOrder = new Map<number, ItemRow[]>();
    for (const item of items) {
      const list = byOrder.get(item.orderId);
      if (list) list.push(item);
      else byOrder.set(item.orderId, [item]);
    }
    return Promise.all(
      rows.map(async (row) => {
        const carrier = isCarrierId(row.carrierId) ? await shipping.carrier(row.carrierId) : null;
        const awb = row.trackingNumbers[0];
        return {
          id: row.id,
          order_ref_number: row.orderRefNumber,
          created_at: row.createdAt.toISOString(),
          delivery_address: (row.deliveryAddress as DeliverySnapshot).line,
          billing_total_amount: row.total,
          // The back office's processing and shipped read as pending to the shopper (SPEC §4).
          status: clientOrderStatus(row.status),
          payment_state: row.paymentState as PaymentState,
          payment_method: row.paymentMethod,
          carrier_name: row.carrierName,
          tracking_number_list: row.trackingNumbers,
          tracking_url: trackingLink(carrier?.trackingUrl, awb),
          bills_list: bills.get(row.id) ?? [],
          order_items: (byOrder.get(row.id) ?? []).map((i) => ({
            product_name: i.productName,
            sku: i.sku,
            quantity: i.quantity,
            billing_special_price: i.billingSpecialPrice,
            billing_selling_price: i.billingSellingPrice,
            personalization_price: i.personalizationPrice,
            discount_percent:
              i.billingSellingPrice > 0 ? Math.round((100 * i.appliedDiscountValue) / i.billingSellingPrice) : 0,
            vat: i.vatRate,
            billing_currency: 'RON' as const,
            url_path: i.urlPath,
            thumbnail: i.thumbnail,
          })),
        };
      }),
    );
  }

  return {
    /** A client's orders, newest first, a page at a time (SPEC §7: `data, total, current_page, last_page`). */
    async list(clientId: number, page: number): Promise<OrderHistoryPage> {
      const [{ n }] = await db.select({ n: count() }).from(orders).where(eq(orders.clientId, clientId));
      const lastPage = Math.max(1, Math.ceil(n / ORDER_HISTORY_PAGE_SIZE));
      const rows = n
        ? await db
            .select()
            .from(orders)
            .where(eq(orders.clientId, clientId))
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(ORDER_HISTORY_PAGE_SIZE)
            .offset((page - 1) * ORDER_HISTORY_PAGE_SIZE)
        : [];
      return { data: await toItems(rows), total: n, current_page: page, last_page: lastPage };
    },

    /** A guest's order from the link in their confirmation e-mail; null for an unknown token. */
    async byGuestToken(token: string): Promise<OrderHistoryItem | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const hash = createHash('sha256').update(token).digest('hex');
      const rows = await db.select().from(orders).where(eq(orders.guestTokenHash, hash));
      return (await toItems(rows))[0] ?? null;
    },
  };
}

export type OrderHistory = ReturnType<typeof createOrderHistory>;
