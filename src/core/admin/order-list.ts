import { and, asc, count, desc, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_ORDERS_COUNT_CAP,
  ADMIN_ORDERS_PAGE_SIZE,
  EXPORT_BATCH_SIZE,
  type AdminOrderPage,
  type AdminOrderQuery,
  type AdminOrderRow,
  type AdminOrderSort,
} from '../../contracts/admin-orders';
import { bucharestDayEnd, bucharestDayStart } from '../../contracts/dates';
import type { Db } from '../../db/client';
import { likeEscaped } from '../../db/like';
import { carriers, orders } from '../../db/schema';

const billing = (field: string) => sql<string>`coalesce(${orders.billingAddress} ->> ${field}, '')`;
const delivery = (field: string) => sql<string>`coalesce(${orders.deliveryAddress} ->> ${field}, '')`;

const ORDER_BY: Record<AdminOrderSort, SQL[]> = {
  '-created': [desc(orders.createdAt), desc(orders.id)],
  created: [asc(orders.createdAt), asc(orders.id)],
  '-total': [desc(orders.total), desc(orders.id)],
  total: [asc(orders.total), asc(orders.id)],
  '-number': [desc(orders.orderRefNumber)],
  number: [asc(orders.orderRefNumber)],
};

/**
 * The back office's order list (issue 13 item 2): the filters become one WHERE, the sort an indexed ORDER BY
 * where one exists, the page a LIMIT/OFFSET, the total a count over the same WHERE, capped
 * (ADMIN_ORDERS_COUNT_CAP); the free text uses the trigram-indexed search columns (db/schema/orders.ts).
 */
export function createAdminOrderList(db: Db) {
  function where(query: AdminOrderQuery): SQL | undefined {
    const parts: SQL[] = [];
    if (query.status) parts.push(eq(orders.status, query.status));
    if (query.payment) parts.push(eq(orders.paymentState, query.payment));
    if (query.carrier) parts.push(eq(orders.carrierId, query.carrier));
    if (query.country) parts.push(sql`${orders.deliveryAddress} ->> 'country_id' = ${query.country}`);
    if (query.from) parts.push(gte(orders.createdAt, bucharestDayStart(query.from)));
    if (query.to) parts.push(lt(orders.createdAt, bucharestDayEnd(query.to)));
    if (query.q) {
      // searchText is lower case without accents (db/schema/orders.ts): the typed text is made the same.
      const text = [sql`${orders.searchText} like '%' || lower(public.shop_unaccent(${likeEscaped(query.q)})) || '%'`];
      // A phone is found however it was typed ("0744 123 456", "+40744123456"): by its digits.
      const digits = query.q.replace(/\D/g, '');
      if (digits.length >= 4) text.push(like(orders.phoneDigits, `%${digits}%`));
      parts.push(or(...text) as SQL);
    }
    return parts.length ? and(...parts) : undefined;
  }

  /** One page of rows in the query's order: the page's ids first (sorting only the sort key and id), then the
   * rows' details, so the JSON fields are read for one page, not for every order that matches. */
  async function rowsOf(condition: SQL | undefined, sort: AdminOrderSort, limit: number, offset: number) {
    const pageIds = db
      .select({ id: orders.id })
      .from(orders)
      .where(condition)
      .orderBy(...ORDER_BY[sort])
      .limit(limit)
      .offset(offset)
      .as('page_ids');
    const rows = await db
      .select({
        id: orders.id,
        number: orders.orderRefNumber,
        createdAt: orders.createdAt,
        firstName: billing('first_name'),
        lastName: billing('last_name'),
        company: billing('company_name'),
        email: orders.clientEmail,
        phone: billing('phone'),
        country: delivery('country_id'),
        carrier: orders.carrierName,
        status: orders.status,
        paymentState: orders.paymentState,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
      })
      .from(orders)
      .innerJoin(pageIds, eq(orders.id, pageIds.id))
      .orderBy(...ORDER_BY[sort]);
    return rows.map(
      (r): AdminOrderRow => ({
        id: r.id,
        number: r.number,
        createdAt: r.createdAt.toISOString(),
        customer: [r.firstName, r.lastName].join(' ').trim() || r.company,
        email: r.email,
        phone: r.phone,
        country: r.country,
        carrier: r.carrier,
        status: r.status as AdminOrderRow['status'],
        paymentState: r.paymentState as AdminOrderRow['paymentState'],
        paymentMethod: r.paymentMethod,
        total: r.total,
      }),
    );
  }

  return {
    async list(query: AdminOrderQuery): Promise<AdminOrderPage> {
      const condition = where(query);
      // Counted up to the cap, or one past the page asked for: enough to know whether a next page exists.
      const countLimit = Math.max(ADMIN_ORDERS_COUNT_CAP, query.page * ADMIN_ORDERS_PAGE_SIZE) + 1;
      const matching = db.select({ one: sql`1` }).from(orders).where(condition).limit(countLimit).as('matching');
      const [[{ counted }], rows, carrierRows] = await Promise.all([
        db.select({ counted: count() }).from(matching),
        rowsOf(condition, query.sort, ADMIN_ORDERS_PAGE_SIZE, (query.page - 1) * ADMIN_ORDERS_PAGE_SIZE),
        db.select({ id: carriers.id, name: carriers.name }).from(carriers).orderBy(asc(carriers.name)),
      ]);
      return {
        rows,
        total: Math.min(counted, countLimit - 1),
        more: counted === countLimit,
        page: query.page,
        lastPage: Math.max(1, Math.ceil(counted / ADMIN_ORDERS_PAGE_SIZE)),
        carriers: carrierRows,
      };
    },

    /**
     * The orders the list's filters match (its `page` ignored), in its order, `size` from `offset`: the CSV
     * export reads them a batch at a time, so a large export never holds more than a batch in memory. A batch
     * shorter than `size` is the last.
     */
    async exportBatch(query: AdminOrderQuery, offset: number, size = EXPORT_BATCH_SIZE): Promise<AdminOrderRow[]> {
      return rowsOf(where(query), query.sort, size, offset);
    },
  };
}

export type AdminOrderList = ReturnType<typeof createAdminOrderList>;
