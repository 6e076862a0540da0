import { execFileSync } from 'node:child_process';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { importGeography } from '../../../core/geography/import';
import { ARAD_PLACE } from '../../../contracts/addresses.testing';
import { writeAddressFixture } from '../../../core/geography/testing';
import { silentLogger } from '../../../core/logger';
import { invoices, mailOutbox, orderEvents, orders, payments, products } from '../../../db/schema';
import { seedShippingData } from '../../../db/seed/shipping-seed';
import { insertBibles, testDatabases } from '../../../db/testing';
import { signNotification } from '../../netopia-simulator/simulator';
import { createTestClient, useSeededApp } from '../../testing';

const ORIGIN = 'http://shop.test';
let keys = 0;
const newKey = () => `test-invoice-key-${Date.now()}-${++keys}`;

const billing = {
  is_company: true,
  company_name: 'Editura Ștefan și Fiii SRL',
  cui: 'RO18547290',
  company_registration_number: 'J02/123/2010',
  first_name: 'Țața',
  last_name: 'Mureșan',
  phone: '0744 123 456',
  ...ARAD_PLACE,
};

/** The text of a PDF as poppler's pdftotext reads it (issue 12: the check a person would make). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

describe.each(testDatabases)('invoices on $name', ({ url }) => {
  let ids: number[] = [];
  const { db, shop } = useSeededApp(url, async (testDb) => {
    await importGeography(testDb.db, writeAddressFixture(), silentLogger);
    await seedShippingData(testDb.db, { demo: true });
    ids = await insertBibles(testDb.db, ['Biblia cu ă â î ș ț', 'Cană „Domnul e păstorul meu”'], { quantity: 500 });
    await testDb.db.update(products).set({ weightGrams: 700 }).where(inArray(products.id, ids));
    // The second product is a gift: standard VAT.
    await testDb.db.update(products).set({ vatRate: 21 }).where(eq(products.id, ids[1]));
  });
  const inject = (options: InjectOptions) => shop.app.inject(options);

  /** A card order of both products (2 + 1 pieces) with a 10 lei donation, by a client or a guest. */
  async function cardOrder(session?: string): Promise<{ id: number; total: number; receipt: string }> {
    let cookie = session ? `sid=${session}` : '';
    for (const [productId, quantity] of [
      [ids[0], 2],
      [ids[1], 1],
    ]) {
      const res: LightMyRequestResponse = await inject({
        method: 'POST',
        url: '/api/cart/lines',
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        payload: { productId, quantity },
      });
      expect(res.statusCode).toBe(200);
      const set = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('cart='));
      if (set && !cookie.includes('cart=')) cookie = [cookie, String(set).split(';')[0]].filter(Boolean).join('; ');
    }
    const res = await inject({
      method: 'POST',
      url: '/api/client-order/create',
      headers: { origin: ORIGIN, cookie, 'idempotency-key': newKey() },
      payload: {
        client_email: 'tata@example.ro',
        billing,
        carrier: 4,
        payment_method: 'card',
        donation: 10,
        terms: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    return { id: data.order.id, total: data.billing_total_amount, receipt: data.order.receipt };
  }

  /** Starts the card payment and delivers NETOPIA's signed "paid" notification for it. */
  async function pay(order: { total: number; receipt: string }) {
    const start = await inject({
      method: 'POST',
      url: '/api/payment/start',
      headers: { origin: ORIGIN },
      payload: { receipt: order.receipt },
    });
    expect(start.statusCode).toBe(200);
    const { ntpID } = start.json() as { ntpID: string };
    const [payment] = await db.db.select().from(payments).where(eq(payments.ntpId, ntpID));
    const body = JSON.stringify({
      order: { orderID: payment.providerOrderId },
      payment: { method: 1, ntpID, status: 3, amount: order.total / 100, currency: 'RON', code: '00' },
    });
    const token = signNotification(
      body,
      shop.config.payments.posSignature,
      shop.config.payments.simulatorPrivateKeyPem as string,
    );
    return inject({
      method: 'POST',
      url: '/api/payment/ipn',
      headers: { 'content-type': 'application/json', 'verification-token': token },
      payload: body,
    });
  }

  const download = (orderId: number, options: { session?: string; key?: string } = {}) =>
    inject({
      method: 'GET',
      url: `/api/client-order/download-invoice/${orderId}${options.key ? `?key=${options.key}` : ''}`,
      headers: options.session ? { cookie: `sid=${options.session}` } : {},
    });

  // First, on the empty series.
  it('50 orders paid at the same time get the numbers 1 to 50, no gap and no duplicate', async () => {
    const placed = [];
    for (let i = 0; i < 50; i++) placed.push(await cardOrder());
    const answers = await Promise.all(placed.map((o) => pay(o)));
    for (const res of answers) expect(res.json().errorType).toBe(0);
    const numbers = (
      await db.db
        .select({ n: invoices.number })
        .from(invoices)
        .where(
          inArray(
            invoices.orderId,
            placed.map((o) => o.id),
          ),
        )
    )
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  }, 120_000);

  it("issues the invoice when a card payment is notified, lists it in the client's orders, and the owner downloads it", async () => {
    const { client, token } = await createTestClient(shop);
    const order = await cardOrder(token);
    // Nothing to download before the payment.
    expect((await download(order.id, { session: token })).statusCode).toBe(404);
    expect((await pay(order)).json().errorType).toBe(0);

    const history = await inject({
      method: 'GET',
      url: '/api/client-order?page=1',
      headers: { cookie: `sid=${token}` },
    });
    const listed = history.json().data.find((o: { id: number }) => o.id === order.id);
    expect(listed.bills_list).toEqual([{ bill_type: 'factura', bill_number: expect.stringMatching(/^MRN-\d{6}$/) }]);
    const bill = listed.bills_list[0].bill_number as string;

    const res = await download(order.id, { session: token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Factura #${bill}.pdf"; filename*=UTF-8''${encodeURIComponent(`Factura #${bill}.pdf`)}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfText(res.rawPayload);
    const [row] = await db.db.select().from(orders).where(eq(orders.id, order.id));
    expect(text).toContain('FACTURĂ');
    expect(text).toContain(bill);
    expect(text).toContain(row.orderRefNumber);
    // The buyer, a company, with its diacritics.
    expect(text).toContain('Editura Ștefan și Fiii SRL');
    expect(text).toContain('RO18547290');
    expect(text).toContain('Țața Mureșan');
    // The lines with their VAT rates, the shipping, the totals per rate, the total and the donation apart.
    expect(text).toContain('Biblia cu ă â î ș ț');
    expect(text).toContain('Cană „Domnul e păstorul meu”');
    expect(text).toMatch(/11 %/);
    expect(text).toMatch(/21 %/);
    const lei = (bani: number) => `${(bani / 100).toFixed(2).replace('.', ',')}`;
    for (const r of row.vat as { rate: number; net: number; vat: number; gross: number }[]) {
      expect(text).toContain(`Total cota ${r.rate} %`);
      expect(text).toContain(lei(r.vat));
      expect(text).toContain(lei(r.gross));
    }
    expect(text).toContain(lei(row.total - row.donation));
    expect(text).toContain('Donație');
    expect(text).toContain(lei(row.donation));
    expect(text).toContain(lei(row.total));
    const [invoice] = await db.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice.total).toBe(row.total - row.donation);

    // Nobody else: another client, a visitor, a wrong key.
    const other = await createTestClient(shop);
    expect((await download(order.id, { session: other.token })).statusCode).toBe(404);
    expect((await download(order.id)).statusCode).toBe(404);
    expect((await download(order.id, { key: 'A'.repeat(43) })).statusCode).toBe(404);
    expect(client.id).toBeGreaterThan(0);
  });

  it("the payment e-mail links to the invoice, and the link opens it without a session (a guest's order)", async () => {
    const order = await cardOrder();
    await pay(order);
    const mails = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'tata@example.ro'));
    const paid = mails.filter((m) => m.subject.includes('plata pentru comanda')).at(-1);
    const link = /http:\/\/shop\.test(\/api\/client-order\/download-invoice\/\d+\?key=[\w-]+)/.exec(paid?.text ?? '');
    expect(link, paid?.text).not.toBeNull();
    const res = await inject({ method: 'GET', url: link?.[1] as string });
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain('Editura Ștefan și Fiii SRL');
  });

  it('a replayed notification issues no second invoice; a cancelled order is not invoiced', async () => {
    const order = await cardOrder();
    await pay(order);
    const before = await db.db.$count(invoices);
    expect(await shop.services.invoices.issue(order.id, 'test')).toMatchObject({ bill_type: 'factura' });
    expect(await db.db.$count(invoices)).toBe(before);
    const issuedEvents = (await db.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).filter(
      (e) => e.kind === 'invoice_issued',
    );
    expect(issuedEvents).toHaveLength(1);

    const unpaid = await cardOrder();
    await db.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, unpaid.id));
    await expect(shop.services.invoices.issue(unpaid.id, 'test')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await db.db.$count(invoices)).toBe(before);
  });

  it('refuses a bad invoice id with a 400, never a 500', async () => {
    for (const id of ['abc', '-1', '0', '99999999999', '1.5']) {
      const res = await inject({ method: 'GET', url: `/api/client-order/download-invoice/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
    const long = await inject({ method: 'GET', url: `/api/client-order/download-invoice/1?key=${'x'.repeat(200)}` });
    expect(long.statusCode).toBe(400);
  });
});
