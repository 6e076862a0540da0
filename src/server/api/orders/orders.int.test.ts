import { eq, inArray, like } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { importGeography } from '../../../core/geography/import';
import { ARAD_PLACE } from '../../../contracts/addresses.testing';
import { writeAddressFixture } from '../../../core/geography/testing';
import { silentLogger } from '../../../core/logger';
import { coupons, mailOutbox, orderItems, orders, products } from '../../../db/schema';
import { seedShippingData } from '../../../db/seed/shipping-seed';
import { insertBibles, testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

const ORIGIN = 'http://shop.test';
let keys = 0;
const newKey = () => `test-order-key-${Date.now()}-${++keys}`;

const billing = {
  is_company: false,
  first_name: 'Ana',
  last_name: 'Pop',
  phone: '0744 123 456',
  ...ARAD_PLACE,
};

describe.each(testDatabases)('placing an order on $name', ({ url }) => {
  let ids: number[] = [];
  const { db, shop } = useSeededApp(url, async (testDb) => {
    await importGeography(testDb.db, writeAddressFixture(), silentLogger);
    await seedShippingData(testDb.db, { demo: true });
    ids = await insertBibles(testDb.db, ['Biblia A', 'Biblia B', 'Biblia C'], { quantity: 10 });
    await testDb.db.update(products).set({ weightGrams: 700 }).where(inArray(products.id, ids));
    await testDb.db.insert(coupons).values({
      title: 'Toamna',
      logo: '/logo.svg',
      couponCode: 'TOAMNA10',
      endTime: new Date(Date.now() + 86_400_000),
      discountPercentage: 10,
      minimumAmount: 5000,
      productType: 'biblie',
    });
  });
  const inject = (options: InjectOptions) => shop.app.inject(options);

  /** A guest cart with these products (one piece each unless said): its cookie. */
  async function cartWith(lines: [number, number][]): Promise<string> {
    let cookie = '';
    for (const [productId, quantity] of lines) {
      const res: LightMyRequestResponse = await inject({
        method: 'POST',
        url: '/api/cart/lines',
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        payload: { productId, quantity },
      });
      expect(res.statusCode).toBe(200);
      cookie ||= String([res.headers['set-cookie']].flat()[0]).split(';')[0];
    }
    return cookie;
  }
  const place = (cookie: string, body: object, key = newKey()) =>
    inject({
      method: 'POST',
      url: '/api/client-order/create',
      headers: { origin: ORIGIN, cookie, 'idempotency-key': key },
      payload: { client_email: 'ana@example.ro', billing, carrier: 4, payment_method: 'ramburs', terms: true, ...body },
    });
  const stockOf = async (id: number) =>
    (await db.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0].q;

  it('turns a guest cart into an order: the stock taken, the cart emptied, both e-mails queued', async () => {
    const before = await stockOf(ids[0]);
    const cookie = await cartWith([
      [ids[0], 2],
      [ids[1], 1],
    ]);
    const res = await place(cookie, { donation: 10 });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.order_ref_number).toMatch(/^MRN-\d{4}-\d{6}$/);
    // 2 × 50 lei + 60 lei, GLS 19 lei under 200 lei, 10 lei donation.
    expect(data.billing_total_amount).toBe(16_000 + 1900 + 1000);
    expect(data.order).toMatchObject({
      status: 'pending',
      payment_state: 'cash_on_delivery',
      payment_method: 'ramburs',
    });
    expect(data.order.guest_link).toMatch(/\/pages\/comanda\/[A-Za-z0-9_-]{43}$/);
    expect(await stockOf(ids[0])).toBe(before - 2);
    expect((await inject({ url: '/api/cart', headers: { cookie } })).json().lines).toEqual([]);
    const [order] = await db.db.select().from(orders).where(eq(orders.orderRefNumber, data.order_ref_number));
    expect(order).toMatchObject({ orderSource: 'Site', createdFrom: 'Website', numberPackages: 1, donation: 1000 });
    const items = await db.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.productId, i.quantity, i.vatRate, i.discountType])).toEqual([
      [ids[0], 2, 11, 'value'],
      [ids[1], 1, 11, 'value'],
    ]);
    const mails = await db.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, ['ana@example.ro', 'comenzi@librariamaranatha.ro']));
    const mine = mails.filter((m) => m.subject.includes(data.order_ref_number));
    expect(mine.map((m) => m.to).sort()).toEqual(['ana@example.ro', 'comenzi@librariamaranatha.ro']);
    const confirmation = mine.find((m) => m.to === 'ana@example.ro');
    expect(confirmation?.text).toContain('/pages/comanda/');
    expect(confirmation?.text).toContain('/pages/retururi-colete');
    expect(confirmation?.text).toContain('TVA 11 %');
  });

  it('tells a bank transfer’s IBAN and reference, and the 3 working days, in the e-mail', async () => {
    const cookie = await cartWith([[ids[2], 1]]);
    const res = await place(cookie, { payment_method: 'transfer' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.order.payment_state).toBe('awaiting_payment');
    const [mail] = await db.db
      .select()
      .from(mailOutbox)
      .where(
        eq(mailOutbox.subject, `Librăria Creștină Maranatha: comanda ${data.order_ref_number} a fost înregistrată`),
      );
    expect(mail.text).toContain('RO49 AAAA 1B31 0075 9384 0000');
    expect(mail.text).toContain(`referința ${data.order_ref_number}`);
    expect(mail.text).toContain('3 zile lucrătoare');
  });

  it('answers the same order to the same key, also to ten requests at once', async () => {
    const cookie = await cartWith([[ids[2], 1]]);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(cookie, {}, key)));
    const refs = new Set(answers.map((a) => a.json().data?.order_ref_number));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(refs.size).toBe(1);
    expect(await db.db.$count(orders, like(orders.idempotencyKey, `${key}:%`))).toBe(1);
    const again = await place(cookie, {}, key);
    expect(again.json().data.order_ref_number).toBe([...refs][0]);
  });

  it('refuses a total the shopper did not see with 409 and the new total, writing nothing', async () => {
    const cookie = await cartWith([[ids[1], 1]]);
    const stock = await stockOf(ids[1]);
    const count = await db.db.$count(orders);
    const res = await place(cookie, { expected_total: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/acum este 79,00\slei/);
    expect(await db.db.$count(orders)).toBe(count);
    expect(await stockOf(ids[1])).toBe(stock);
    expect((await place(cookie, { expected_total: 7900 })).statusCode).toBe(200);
  });

  it('never sells what is not there: a short line answers 409, the stock and the cart unchanged', async () => {
    const cookie = await cartWith([[ids[0], 3]]);
    await db.db.update(products).set({ quantity: 2 }).where(eq(products.id, ids[0]));
    const count = await db.db.$count(orders);
    const res = await place(cookie, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Nu toate produsele mai sunt în stoc în cantitatea cerută.');
    expect(await stockOf(ids[0])).toBe(2);
    expect(await db.db.$count(orders)).toBe(count);
    expect((await inject({ url: '/api/cart', headers: { cookie } })).json().lines).toHaveLength(1);
    await db.db.update(products).set({ quantity: 10 }).where(eq(products.id, ids[0]));
  });

  it('refuses tampered choices: a method the carrier does not take, a locker or pickup point that is not one', async () => {
    const cookie = await cartWith([[ids[1], 1]]);
    const count = await db.db.$count(orders);
    const refused = [
      { carrier: 7, payment_method: 'ramburs', locker_id: 'RO-1-1' },
      { carrier: 7, payment_method: 'card', locker_id: 'nu-exista' },
      { carrier: 1, payment_method: 'card', carrier_location_id: 1 },
      { donation: -5 },
      { carrier: 5 },
    ];
    for (const body of refused) {
      const res = await place(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect(await db.db.$count(orders)).toBe(count);
  });

  it('applies a coupon to its product type once the cart reaches its minimum, never on top of a better price', async () => {
    const cookie = await cartWith([[ids[2], 1]]);
    const res = await place(cookie, { couponCode: 'toamna10' });
    expect(res.statusCode).toBe(200);
    // 70 lei − 10 % + 19 lei GLS.
    expect(res.json().data.billing_total_amount).toBe(7000 - 700 + 1900);
    const unknown = await place(await cartWith([[ids[2], 1]]), { couponCode: 'NUEXISTA' });
    expect(unknown.json().data.billing_total_amount).toBe(7000 + 1900);
  });

  it('cancels transfer orders unpaid after 3 working days, returning their stock and telling the client', async () => {
    const before = await stockOf(ids[1]);
    const cookie = await cartWith([[ids[1], 2]]);
    const transfer = (await place(cookie, { payment_method: 'transfer' })).json().data;
    const cash = (await place(await cartWith([[ids[1], 1]]), {})).json().data;
    expect(await stockOf(ids[1])).toBe(before - 3);
    // Two days on nothing happens; a week on the transfer order goes, the cash-on-delivery one stays.
    expect(await shop.services.orders.cancelUnpaid(new Date(Date.now() + 2 * 86_400_000))).toBe(0);
    expect(await shop.services.orders.cancelUnpaid(new Date(Date.now() + 7 * 86_400_000))).toBeGreaterThanOrEqual(1);
    const statusOf = async (ref: string) =>
      (await db.db.select().from(orders).where(eq(orders.orderRefNumber, ref)))[0].status;
    expect(await statusOf(transfer.order_ref_number)).toBe('canceled');
    expect(await statusOf(cash.order_ref_number)).toBe('pending');
    expect(await stockOf(ids[1])).toBe(before - 1);
    const mails = await db.db
      .select()
      .from(mailOutbox)
      .where(
        eq(mailOutbox.subject, `Librăria Creștină Maranatha: comanda ${transfer.order_ref_number} a fost anulată`),
      );
    expect(mails).toHaveLength(1);
    // Run again: nothing more.
    expect(await shop.services.orders.cancelUnpaid(new Date(Date.now() + 7 * 86_400_000))).toBe(0);
    expect(await stockOf(ids[1])).toBe(before - 1);
  });

  it('refuses an order without a key, an empty cart, and what the form’s rules refuse', async () => {
    const noKey = await inject({
      method: 'POST',
      url: '/api/client-order/create',
      headers: { origin: ORIGIN },
      payload: { client_email: 'ana@example.ro', billing, carrier: 4, payment_method: 'ramburs', terms: true },
    });
    expect(noKey.statusCode).toBe(400);
    expect((await place('', {})).statusCode).toBe(404);
    const noTerms = await place(await cartWith([[ids[2], 1]]), { terms: false });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().error.fields.terms).toContain('Acest câmp este obligatoriu');
  });
});
