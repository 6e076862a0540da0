import { and, asc, count, gte, inArray, ne, sql, sum } from 'drizzle-orm';
import { bucharestDay, bucharestDayStart } from '../../contracts/dates';
import { type DashboardFigures, LOW_STOCK_THRESHOLD } from '../../contracts/staff';
import type { Db } from '../../db/client';
import { orders, products } from '../../db/schema';

const LOW_STOCK_SHOWN = 10;

/**
 * The back office's first page (issue 13): a handful of aggregate queries over orders and products,
 * each served by an index or a small scan; "today" and "this month" are Bucharest's.
 */
export function createDashboardService(db: Db, now: () => Date = () => new Date()) {
  return {
    async figures(): Promise<DashboardFigures> {
      const day = bucharestDay(now());
      const todayStart = bucharestDayStart(day);
      const monthStart = bucharestDayStart(`${day.slice(0, 8)}01`);
      const notCanceled = ne(orders.status, 'canceled');
      const [today, waiting, donations, lowStock] = await Promise.all([
        db
          .select({ orders: count(), revenue: sum(orders.total).mapWith(Number) })
          .from(orders)
          .where(and(gte(orders.createdAt, todayStart), notCanceled)),
        db
          .select({
            awaitingPayment:
              sql<number>`count(*) filter (where ${orders.status} = 'pending' and ${orders.paymentState} = 'awaiting_payment')`.mapWith(
                Number,
              ),
            // Paid or cash on delivery and not yet handed to the carrier: still pending, or being packed.
            awaitingShipping:
              sql<number>`count(*) filter (where ${orders.status} = 'processing' or ${orders.paymentState} in ('paid', 'cash_on_delivery'))`.mapWith(
                Number,
              ),
          })
          .from(orders)
          .where(inArray(orders.status, ['pending', 'processing'])),
        db
          .select({ count: count(), amount: sum(orders.donation).mapWith(Number) })
          .from(orders)
          .where(and(gte(orders.createdAt, monthStart), notCanceled, sql`${orders.donation} > 0`)),
        db
          .select({ id: products.id, title: products.title, sku: products.sku, quantity: products.quantity })
          .from(products)
          .where(and(ne(products.isInStock, 0), sql`${products.quantity} <= ${LOW_STOCK_THRESHOLD}`))
          .orderBy(asc(products.quantity), asc(products.title))
          .limit(LOW_STOCK_SHOWN),
      ]);
      return {
        today: { orders: today[0]?.orders ?? 0, revenue: today[0]?.revenue ?? 0 },
        awaitingPayment: waiting[0]?.awaitingPayment ?? 0,
        awaitingShipping: waiting[0]?.awaitingShipping ?? 0,
        lowStock,
        donationsThisMonth: { count: donations[0]?.count ?? 0, amount: donations[0]?.amount ?? 0 },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
