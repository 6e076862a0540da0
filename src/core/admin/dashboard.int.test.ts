import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema';
import { createTestDb, insertBibles, type TestDb, testDatabases } from '../../db/testing';
import { createDashboardService } from './dashboard';
import { testOrder } from './testing';

const eqId = (id: number) => eq(products.id, id);
const order = testOrder;

describe.each(testDatabases)('the dashboard on $name', ({ url }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(url);
  });
  afterAll(async () => {
    await db.close();
  });

  it("counts today's orders and revenue by Bucharest's day, orders waiting, low stock and this month's donations", async () => {
    const ids = await insertBibles(db.db, ['Biblia A', 'Biblia B', 'Biblia C', 'Biblia D']);
    await db.db.update(products).set({ quantity: 2 }).where(eqId(ids[0]));
    await db.db.update(products).set({ quantity: 0 }).where(eqId(ids[1]));
    // Marked out of stock on purpose: not "low", it is not sold at all.
    await db.db.update(products).set({ quantity: 1, isInStock: 0 }).where(eqId(ids[2]));
    await db.db.insert(orders).values([
      // 22:30 UTC on 24 November is 00:30 on the 25th in Bucharest (UTC+2): today.
      order({ createdAt: '2026-11-24T22:30:00Z', total: 10_000, paymentState: 'cash_on_delivery' }),
      order({ createdAt: '2026-11-25T09:00:00Z', total: 5_050, donation: 1_000, paymentState: 'paid' }),
      order({ createdAt: '2026-11-25T10:00:00Z', total: 7_000, paymentState: 'awaiting_payment' }),
      // Canceled: neither revenue nor waiting.
      order({
        createdAt: '2026-11-25T11:00:00Z',
        total: 99_900,
        donation: 5_000,
        status: 'canceled',
        paymentState: 'failed',
      }),
      // 21:30 UTC on the 24th is 23:30 in Bucharest: yesterday, but this month (donation counted).
      order({
        createdAt: '2026-11-24T21:30:00Z',
        total: 3_000,
        donation: 2_000,
        status: 'completed',
        paymentState: 'paid',
      }),
      // 31 October 22:30 UTC is already 1 November (00:30) in Bucharest: this month.
      order({
        createdAt: '2026-10-31T22:30:00Z',
        total: 1_000,
        donation: 500,
        status: 'completed',
        paymentState: 'paid',
      }),
      // Being packed: still to ship. Already with the carrier: not.
      order({
        createdAt: '2026-11-20T10:00:00Z',
        total: 2_000,
        status: 'processing',
        paymentState: 'cash_on_delivery',
      }),
      order({ createdAt: '2026-11-20T11:00:00Z', total: 2_000, status: 'shipped', paymentState: 'paid' }),
      // 31 October 21:30 UTC is 23:30 in Bucharest: October.
      order({
        createdAt: '2026-10-31T21:30:00Z',
        total: 1_000,
        donation: 700,
        status: 'completed',
        paymentState: 'paid',
      }),
    ]);
    const dashboard = createDashboardService(db.db, () => new Date('2026-11-25T12:00:00Z'));
    const figures = await dashboard.figures();
    expect(figures.today).toEqual({ orders: 3, revenue: 22_050 });
    expect(figures.awaitingPayment).toBe(1);
    expect(figures.awaitingShipping).toBe(3);
    expect(figures.donationsThisMonth).toEqual({ count: 3, amount: 3_500 });
    expect(figures.lowStock.map((p) => [p.title, p.quantity])).toEqual([
      ['Biblia B', 0],
      ['Biblia A', 2],
    ]);
  });

  it('answers zeros on an empty day', async () => {
    const figures = await createDashboardService(db.db, () => new Date('2027-03-01T12:00:00Z')).figures();
    expect(figures.today).toEqual({ orders: 0, revenue: 0 });
    expect(figures.donationsThisMonth).toEqual({ count: 0, amount: 0 });
  });
});
