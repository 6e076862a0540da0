import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_COUNT_CAP, type AdminOrderQuery, adminOrderQuerySchema } from '../../contracts/admin-orders';
import { orders } from '../../db/schema';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { createAdminOrderList } from './order-list';
import { testOrder } from './testing';

const query = (params: Record<string, string> = {}): AdminOrderQuery => adminOrderQuerySchema.parse(params);

describe.each(testDatabases)('the back office order list on $name', ({ url }) => {
  let db: TestDb;
  const numbers = async (params: Record<string, string> = {}) =>
    (await createAdminOrderList(db.db).list(query(params))).rows.map((r) => r.number);

  beforeAll(async () => {
    db = await createTestDb(url);
    const rows = [
      testOrder({
        createdAt: '2026-11-20T10:00:00Z',
        total: 5_000,
        paymentState: 'paid',
        email: 'ana@example.ro',
        firstName: 'Ana',
        lastName: 'Pop',
        phone: '0744 111 222',
      }),
      testOrder({
        createdAt: '2026-11-21T10:00:00Z',
        total: 12_000,
        paymentState: 'cash_on_delivery',
        carrierId: 2,
        carrierName: 'Fan Courier',
        firstName: 'Ștefan',
        lastName: 'Dobre',
      }),
      testOrder({
        createdAt: '2026-11-22T10:00:00Z',
        total: 800,
        paymentState: 'awaiting_payment',
        status: 'canceled',
        country: 'DE',
        phone: '+49 30 1234567',
      }),
      // 22:30 UTC on the 22nd is already the 23rd in Bucharest.
      testOrder({
        createdAt: '2026-11-22T22:30:00Z',
        total: 3_000,
        paymentState: 'paid',
        status: 'completed',
        email: 'per_cent%@example.ro',
      }),
    ];
    await db.db.insert(orders).values(rows);
    // 30 more, so the list has two pages.
    await db.db.insert(orders).values(
      Array.from({ length: 30 }, (_, i) =>
        testOrder({
          createdAt: `2026-10-${String(i + 1).padStart(2, '0')}T08:00:00Z`,
          total: 100 + i,
          paymentState: 'paid',
          status: 'completed',
        }),
      ),
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it('lists newest first, 25 a page, with the total and the carriers for the filter', async () => {
    const first = await createAdminOrderList(db.db).list(query());
    expect(first.total).toBe(34);
    expect(first.lastPage).toBe(2);
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]).toMatchObject({
      customer: 'Maria Ionescu',
      paymentState: 'paid',
      status: 'completed',
      country: 'RO',
    });
    const second = await createAdminOrderList(db.db).list(query({ page: '2' }));
    expect(second.rows).toHaveLength(9);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(34);
  });

  it('filters by status, payment state, carrier, country and Bucharest days', async () => {
    const [ana, dobre, de, late] = (await numbers({ from: '2026-11-20', sort: 'created' })).slice(0, 4);
    expect(await numbers({ status: 'canceled' })).toEqual([de]);
    expect(await numbers({ payment: 'cash_on_delivery' })).toEqual([dobre]);
    expect(await numbers({ carrier: '2' })).toEqual([dobre]);
    expect(await numbers({ country: 'DE' })).toEqual([de]);
    expect(await numbers({ from: '2026-11-23' })).toEqual([late]);
    expect(await numbers({ from: '2026-11-20', to: '2026-11-22', sort: 'created' })).toEqual([ana, dobre, de]);
    expect(await numbers({ status: 'pending', payment: 'paid' })).toEqual([ana]);
  });

  it('finds by number, e-mail, name either way round and phone however typed; % and _ are plain characters', async () => {
    const [ana, dobre, de, late] = (await numbers({ from: '2026-11-20', sort: 'created' })).slice(0, 4);
    expect(await numbers({ q: ana })).toEqual([ana]);
    expect(await numbers({ q: 'ANA@example' })).toEqual([ana]);
    expect(await numbers({ q: 'pop ana' })).toEqual([ana]);
    expect(await numbers({ q: 'Ana Pop' })).toEqual([ana]);
    expect(await numbers({ q: 'dobre' })).toEqual([dobre]);
    // Without accents or with the old cedilla letters, as staff type on a phone.
    expect(await numbers({ q: 'stefan dobre' })).toEqual([dobre]);
    expect(await numbers({ q: 'ŞTEFAN' })).toEqual([dobre]);
    expect(await numbers({ q: '0744111222' })).toEqual([ana]);
    expect(await numbers({ q: '+4930 123' })).toEqual([de]);
    expect(await numbers({ q: 'per_cent%' })).toEqual([late]);
    expect(await numbers({ q: '%' })).toEqual([late]);
    expect(await numbers({ q: '_' })).toEqual([late]);
  });

  it('sorts by total and number both ways', async () => {
    const byTotal = await createAdminOrderList(db.db).list(query({ sort: '-total' }));
    expect(byTotal.rows.slice(0, 2).map((r) => r.total)).toEqual([12_000, 5_000]);
    const cheapest = await createAdminOrderList(db.db).list(query({ sort: 'total' }));
    expect(cheapest.rows[0].total).toBe(100);
    const asc = await numbers({ sort: 'number' });
    expect(asc).toEqual([...asc].sort());
    const desc = await numbers({ sort: '-number' });
    expect(desc).toEqual([...desc].sort().reverse());
  });

  it('refuses unknown filters and values in the query schema', () => {
    for (const params of [
      { status: 'lost' },
      { sort: 'price' },
      { country: 'Romania' },
      { from: '2026-02-30x' },
      { q: 'a\u0000b' },
      { extra: '1' },
    ]) {
      expect(adminOrderQuerySchema.safeParse(params).success, JSON.stringify(params)).toBe(false);
    }
  });
});

describe.each(testDatabases)('the order list count past its cap on $name', ({ url }) => {
  let db: TestDb;
  const list = (params: Record<string, string> = {}) => createAdminOrderList(db.db).list(query(params));

  beforeAll(async () => {
    db = await createTestDb(url);
    const rows = Array.from({ length: ADMIN_ORDERS_COUNT_CAP + 30 }, (_, i) =>
      testOrder({
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        total: 100,
        paymentState: 'paid',
      }),
    );
    await db.db.insert(orders).values(rows);
  });
  afterAll(async () => {
    await db.close();
  });

  it('says "more than" the cap, offers the next page, and counts exactly near the end', async () => {
    const first = await list();
    expect([first.total, first.more, first.lastPage]).toEqual([ADMIN_ORDERS_COUNT_CAP, true, 41]);
    const deep = await list({ page: '41' });
    expect([deep.rows.length, deep.more, deep.lastPage]).toEqual([25, true, 42]);
    const last = await list({ page: '42' });
    expect([last.rows.length, last.total, last.more, last.lastPage]).toEqual([
      5,
      ADMIN_ORDERS_COUNT_CAP + 30,
      false,
      42,
    ]);
  });
});
