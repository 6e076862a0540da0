import { generateKeyPairSync } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { importGeography } from '../../../core/geography/import';
import { ARAD_PLACE } from '../../../contracts/addresses.testing';
import { writeAddressFixture } from '../../../core/geography/testing';
import { silentLogger } from '../../../core/logger';
import { mailOutbox, orderEvents, orders, paymentNotifications, payments, products } from '../../../db/schema';
import { seedShippingData } from '../../../db/seed/shipping-seed';
import { insertBibles, testDatabases } from '../../../db/testing';
import { SIM_CARDS, signNotification } from '../../netopia-simulator/simulator';
import { useSeededApp } from '../../testing';

const ORIGIN = 'http://shop.test';
let keys = 0;
const newKey = () => `test-pay-key-${Date.now()}-${++keys}`;

const billing = {
  is_company: false,
  first_name: 'Ana',
  last_name: 'Pop',
  phone: '0744 123 456',
  ...ARAD_PLACE,
};

describe.each(testDatabases)('card payments on $name', ({ url }) => {
  let ids: number[] = [];
  const { db, shop } = useSeededApp(url, async (testDb) => {
    await importGeography(testDb.db, writeAddressFixture(), silentLogger);
    await seedShippingData(testDb.db, { demo: true });
    ids = await insertBibles(testDb.db, ['Biblia A', 'Biblia B'], { quantity: 100 });
    await testDb.db.update(products).set({ weightGrams: 700 }).where(inArray(products.id, ids));
  });
  const inject = (options: InjectOptions) => shop.app.inject(options);

  /** A placed guest card order: its id, total and receipt. */
  async function cardOrder(): Promise<{ id: number; total: number; receipt: string }> {
    const add: LightMyRequestResponse = await inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: ORIGIN },
      payload: { productId: ids[0], quantity: 1 },
    });
    expect(add.statusCode).toBe(200);
    const cookie = String([add.headers['set-cookie']].flat()[0]).split(';')[0];
    const res = await inject({
      method: 'POST',
      url: '/api/client-order/create',
      headers: { origin: ORIGIN, cookie, 'idempotency-key': newKey() },
      payload: { client_email: 'ana@example.ro', billing, carrier: 4, payment_method: 'card', terms: true },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.order.payment_state).toBe('awaiting_payment');
    return { id: data.order.id, total: data.billing_total_amount, receipt: data.order.receipt };
  }

  async function startPayment(receipt: string) {
    const res = await inject({
      method: 'POST',
      url: '/api/payment/start',
      headers: { origin: ORIGIN },
      payload: { receipt },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { paymentURL: string; authenticationToken: string; ntpID: string };
  }

  const orderRow = async (id: number) => (await db.db.select().from(orders).where(eq(orders.id, id)))[0];
  const notificationsOf = (ntpID: string) =>
    db.db.select().from(paymentNotifications).where(eq(paymentNotifications.ntpId, ntpID));
  const eventsOf = (id: number) => db.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));

  /** The shopper on the simulator's pages: the card form, then (unless declined) the 3-D Secure choice. */
  async function payOnSimulator(paymentURL: string, card: string, decision: 'approve' | 'reject' = 'approve') {
    const path = new URL(paymentURL).pathname;
    const page = await inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('MEDIU DE TEST');
    const form = new URLSearchParams({ card, expiry: '12/39', cvc: '123', name: 'Ana Pop' }).toString();
    const submitted = await inject({
      method: 'POST',
      url: path,
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(submitted.statusCode).toBe(303);
    let location = String(submitted.headers.location);
    if (location.startsWith('/netopia-sim/3ds/')) {
      const threeDs = await inject({ method: 'GET', url: location });
      expect(threeDs.statusCode).toBe(200);
      const decided = await inject({
        method: 'POST',
        url: location,
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `decision=${decision}`,
      });
      expect(decided.statusCode).toBe(303);
      location = String(decided.headers.location);
    }
    return new URL(location);
  }

  /** A notification as NETOPIA sends it, signed with the simulator's key unless told otherwise. */
  function notification(ntpID: string, orderID: string, status: number, amountLei: number, currency = 'RON') {
    return JSON.stringify({
      order: { orderID },
      payment: { method: 1, ntpID, status, amount: amountLei, currency, code: '00' },
    });
  }
  const simKey = () => shop.config.payments.simulatorPrivateKeyPem as string;
  const pos = () => shop.config.payments.posSignature;
  const ipn = (body: string, token?: string) =>
    inject({
      method: 'POST',
      url: '/api/payment/ipn',
      headers: { 'content-type': 'application/json', ...(token ? { 'verification-token': token } : {}) },
      payload: body,
    });
  const providerOrderId = async (ntpID: string) =>
    (await db.db.select().from(payments).where(eq(payments.ntpId, ntpID)))[0].providerOrderId;

  it('pays an order through the simulator: card, 3-D Secure, return, and the signed notification marks it paid', async () => {
    const order = await cardOrder();
    const started = await startPayment(order.receipt);
    expect(started.paymentURL).toMatch(/\/netopia-sim\/pay\/[0-9a-f]{32}$/);
    const back = await payOnSimulator(started.paymentURL, SIM_CARDS.success);
    expect(back.pathname).toBe('/pages/payment-return');
    expect(back.searchParams.get('xid')).toBeTruthy();
    await expect.poll(async () => (await orderRow(order.id)).paymentState).toBe('paid');
    const [payment] = await db.db.select().from(payments).where(eq(payments.ntpId, started.ntpID));
    expect(payment).toMatchObject({ status: 3, amount: order.total, flag: null });
    expect(payment.notifiedAt).not.toBeNull();
    const mails = await db.db.select().from(mailOutbox);
    expect(mails.some((m) => m.subject.includes('plata pentru comanda'))).toBe(true);
    // The 3-D Secure verification now says verified, and changes nothing.
    const verify = await inject({
      method: 'POST',
      url: '/api/payment/verify-3ds',
      headers: { origin: ORIGIN },
      payload: {
        ntpID: started.ntpID,
        authenticationToken: started.authenticationToken,
        params: Object.fromEntries(back.searchParams),
      },
    });
    expect(verify.json()).toEqual({ status: 'verified' });
  });

  it('leaves a declined payment unpaid (failed), and a new attempt can start from the order', async () => {
    const order = await cardOrder();
    const started = await startPayment(order.receipt);
    const back = await payOnSimulator(started.paymentURL, SIM_CARDS.declined);
    expect(back.searchParams.get('xid')).toBeTruthy();
    await expect.poll(async () => (await orderRow(order.id)).paymentState).toBe('failed');
    const again = await startPayment(order.receipt);
    expect(again.ntpID).not.toBe(started.ntpID);
    expect((await orderRow(order.id)).paymentState).toBe('awaiting_payment');
    expect(await providerOrderId(again.ntpID)).toMatch(/-2$/);
  });

  it('a failed 3-D Secure step declines the payment', async () => {
    const order = await cardOrder();
    const started = await startPayment(order.receipt);
    await payOnSimulator(started.paymentURL, SIM_CARDS.threeDsFails);
    await expect.poll(async () => (await orderRow(order.id)).paymentState).toBe('failed');
  });

  it('never marks an order paid from a verify-3ds call or a return alone', async () => {
    const order = await cardOrder();
    const started = await startPayment(order.receipt);
    const forged = { xid: 'abc', paRes: 'Y-forged', ntpID: started.ntpID, orderId: 'x' };
    const verify = await inject({
      method: 'POST',
      url: '/api/payment/verify-3ds',
      headers: { origin: ORIGIN },
      payload: { ntpID: started.ntpID, authenticationToken: started.authenticationToken, params: forged },
    });
    expect(verify.json()).toEqual({ status: 'failed' });
    const wrongToken = await inject({
      method: 'POST',
      url: '/api/payment/verify-3ds',
      headers: { origin: ORIGIN },
      payload: { ntpID: started.ntpID, authenticationToken: 'not-the-token', params: forged },
    });
    expect(wrongToken.json()).toEqual({ status: 'failed' });
    expect((await orderRow(order.id)).paymentState).toBe('awaiting_payment');
    expect(await notificationsOf(started.ntpID)).toHaveLength(0);
  });

  it('refuses forged notifications and changes nothing', async () => {
    const order = await cardOrder();
    const started = await startPayment(order.receipt);
    const body = notification(started.ntpID, await providerOrderId(started.ntpID), 3, order.total / 100);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const good = signNotification(body, pos(), simKey());
    const [h, c, s] = good.split('.');
    const forgeries: [string, LightMyRequestResponse][] = [
      ['wrong key', await ipn(body, signNotification(body, pos(), other))],
      ['wrong aud', await ipn(body, signNotification(body, 'SOMEONE-ELSE', simKey()))],
      ['body changed after signing', await ipn(body.replace(`"status":3`, `"status":5`), good)],
      ['malformed token', await ipn(body, 'not.a-token')],
      [
        'claims swapped',
        await ipn(body, `${h}.${Buffer.from('{"iss":"NETOPIA Payments"}').toString('base64url')}.${s}`),
      ],
      ['alg none', await ipn(body, `${Buffer.from('{"alg":"none"}').toString('base64url')}.${c}.`)],
      ['missing header', await ipn(body)],
    ];
    for (const [what, res] of forgeries) {
      expect(res.statusCode, what).toBe(401);
      expect(res.json().errorType, what).toBe(2);
    }
    expect((await orderRow(order.id)).paymentState).toBe('awaiting_payment');
    expect(await notificationsOf(started.ntpID)).toHaveLength(0);
    // The genuine one is taken.
    const res = await ipn(body, good);
    expect(res.json()).toEqual({ errorType: 0, errorCode: null, errorMessage: '' });
    expect((await orderRow(order.id)).paymentState).toBe('paid');
  });

  it('a replayed notification changes nothing twice', async () => {
    const order = await cardOrder();
    const started = await startPayment(order.receipt);
    const body = notification(started.ntpID, await providerOrderId(started.ntpID), 3, order.total / 100);
    const token = signNotification(body, pos(), simKey());
    const answers = await Promise.all([ipn(body, token), ipn(body, token), ipn(body, token)]);
    for (const res of answers) expect(res.json().errorType).toBe(0);
    expect((await orderRow(order.id)).paymentState).toBe('paid');
    expect(await notificationsOf(started.ntpID)).toHaveLength(1);
    const paidEvents = (await eventsOf(order.id)).filter((e) => e.kind === 'paid');
    expect(paidEvents).toHaveLength(1);
    // A later "declined" for the same payment does not undo it.
    const declined = notification(started.ntpID, await providerOrderId(started.ntpID), 12, order.total / 100);
    await ipn(declined, signNotification(declined, pos(), simKey()));
    expect((await orderRow(order.id)).paymentState).toBe('paid');
  });

  it('flags an amount or currency that differs from the order and does not mark it paid', async () => {
    const order = await cardOrder();
    const started = await startPayment(order.receipt);
    const ref = await providerOrderId(started.ntpID);
    const less = notification(started.ntpID, ref, 3, order.total / 100 - 1);
    const res = await ipn(less, signNotification(less, pos(), simKey()));
    expect(res.json().errorType).toBe(0);
    expect((await orderRow(order.id)).paymentState).toBe('awaiting_payment');
    const [payment] = await db.db.select().from(payments).where(eq(payments.ntpId, started.ntpID));
    expect(payment.flag).toBe('amount_mismatch');
    expect((await eventsOf(order.id)).some((e) => e.kind === 'payment_flagged')).toBe(true);
    const euro = notification(started.ntpID, ref, 5, order.total / 100, 'EUR');
    await ipn(euro, signNotification(euro, pos(), simKey()));
    expect((await orderRow(order.id)).paymentState).toBe('awaiting_payment');
  });

  it('the reconciliation job pays an order whose notification was lost, by its own status call', async () => {
    const order = await cardOrder();
    const started = await startPayment(order.receipt);
    await payOnSimulator(started.paymentURL, SIM_CARDS.success);
    await expect.poll(async () => (await orderRow(order.id)).paymentState).toBe('paid');
    // As if the notification had never arrived: the shop's side put back, the payment 20 minutes old.
    await db.db.delete(paymentNotifications).where(eq(paymentNotifications.ntpId, started.ntpID));
    await db.db.delete(orderEvents).where(eq(orderEvents.orderId, order.id));
    await db.db
      .update(payments)
      .set({ status: 1, notifiedAt: null, createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(payments.ntpId, started.ntpID));
    await db.db.update(orders).set({ paymentState: 'awaiting_payment' }).where(eq(orders.id, order.id));
    // A payment younger than 15 minutes is left alone.
    expect(await shop.services.payments.reconcile(new Date(Date.now() - 10 * 60_000))).toBe(0);
    expect(await shop.services.payments.reconcile()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id)).paymentState).toBe('paid');
    const [report] = await notificationsOf(started.ntpID);
    expect(report).toMatchObject({ status: 3, source: 'status', flag: null });
    expect((await eventsOf(order.id)).filter((e) => e.kind === 'paid')).toHaveLength(1);
  });

  it('cancels a card order left unpaid past CARD_UNPAID_MINUTES and returns its stock; a paid one stays', async () => {
    const stock = async () => (await db.db.select().from(products).where(eq(products.id, ids[0])))[0].quantity;
    const unpaid = await cardOrder();
    const paid = await cardOrder();
    const before = await stock();
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
    await db.db
      .update(orders)
      .set({ createdAt: threeHoursAgo })
      .where(inArray(orders.id, [unpaid.id, paid.id]));
    await db.db.update(orders).set({ paymentState: 'paid' }).where(eq(orders.id, paid.id));
    await shop.services.orders.cancelUnpaid();
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 'canceled' });
    expect(await orderRow(paid.id)).toMatchObject({ status: 'pending', paymentState: 'paid' });
    expect(await stock()).toBe(before + 1);
    const mails = await db.db.select().from(mailOutbox);
    expect(mails.some((m) => m.text.includes('Plata cu cardul pentru comanda') && m.to === 'ana@example.ro')).toBe(
      true,
    );
  });

  it('refuses to start a payment for an order that is not a card order waiting for money, or an unsigned receipt', async () => {
    const order = await cardOrder();
    const forged = await inject({
      method: 'POST',
      url: '/api/payment/start',
      headers: { origin: ORIGIN },
      payload: { receipt: `${order.id}.${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(404);
    await db.db.update(orders).set({ paymentState: 'paid' }).where(eq(orders.id, order.id));
    const paid = await inject({
      method: 'POST',
      url: '/api/payment/start',
      headers: { origin: ORIGIN },
      payload: { receipt: order.receipt },
    });
    expect(paid.statusCode).toBe(409);
  });
});
