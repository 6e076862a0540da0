import { eq, like } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { importGeography } from '../core/geography/import';
import { writeAddressFixture } from '../core/geography/testing';
import { silentLogger } from '../core/logger';
import { clientAddresses, mailOutbox, orderItems, orders, products } from '../db/schema';
import { seedShippingData } from '../db/seed/shipping-seed';
import { insertBibles, testDatabases } from '../db/testing';
import { createTestClient, useSeededApp } from './testing';

const ORIGIN = 'http://shop.test';
let keys = 0;
const newKey = () => `checkout-page-key-${Date.now()}-${++keys}`;

/** The checkout form as a browser without JavaScript posts it: a Romanian home delivery, cash on delivery. */
const homeDelivery = (): Record<string, string> => ({
  client_email: 'maria@example.ro',
  'billing.first_name': 'Maria',
  'billing.last_name': 'Ionescu',
  'billing.phone': '0744 123 456',
  'billing.country_id': 'RO',
  'billing.county': 'Arad',
  'billing.city': 'Arad',
  'billing.street': 'Bulevardul Revoluției',
  'billing.number': '81',
  'billing.zip_code': '310130',
  carrier: '4',
  payment_method: 'ramburs',
  donation: '0',
  terms: 'on',
  idempotency_key: newKey(),
});

/** The cookies a browser keeps: set by answers, removed by `Max-Age=0`. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }
  take(res: LightMyRequestResponse): void {
    const raw = res.headers['set-cookie'];
    for (const line of raw === undefined ? [] : [raw].flat().map(String)) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (/;\s*Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe.each(testDatabases)('the checkout page’s action and the order-registered page on $name', ({ url }) => {
  let ids: number[] = [];
  const { db, shop } = useSeededApp(
    url,
    async (testDb) => {
      await importGeography(testDb.db, writeAddressFixture(), silentLogger);
      await seedShippingData(testDb.db, { demo: true });
      ids = await insertBibles(testDb.db, ['Biblia A', 'Biblia B', 'Biblia C'], { quantity: 50 });
      // With a cover each, as the catalogue's products have.
      for (const id of ids) {
        await testDb.db
          .update(products)
          .set({ weightGrams: 700, images: [`/covers/B-${id}/cover.webp`] })
          .where(eq(products.id, id));
      }
    },
    { pages: true },
  );
  const inject = (options: InjectOptions) => shop.app.inject(options);

  /** A browser with a guest cart (or the client's, with a session) holding these products: its cookies. */
  async function shopper(lines: [number, number][], sid?: string): Promise<CookieJar> {
    const jar = new CookieJar(sid ? { sid } : {});
    for (const [productId, quantity] of lines) {
      const res = await inject({
        method: 'POST',
        url: '/api/cart/lines',
        headers: { origin: ORIGIN, cookie: jar.header() },
        payload: { productId, quantity },
      });
      expect(res.statusCode).toBe(200);
      jar.take(res);
    }
    return jar;
  }

  /** A plain form post of the checkout page (urlencoded), with the page's own Origin unless told otherwise. */
  async function post(jar: CookieJar, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await inject({
      method: 'POST',
      url: '/pages/checkout',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: jar.header(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
    jar.take(res);
    return res;
  }

  const visit = async (jar: CookieJar, path: string) => {
    const res = await inject({ url: path, headers: { cookie: jar.header() } });
    jar.take(res);
    return res;
  };

  const stockOf = async (id: number) =>
    (await db.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0].q;
  /** What an order writes: orders, their lines, e-mails, and the stock of the products. */
  const written = async () => ({
    orders: await db.db.$count(orders),
    items: await db.db.$count(orderItems),
    mails: await db.db.$count(mailOutbox),
    stock: await Promise.all(ids.map(stockOf)),
  });
  const cartLines = async (jar: CookieJar) =>
    (await inject({ url: '/api/cart', headers: { cookie: jar.header() } })).json().lines as { id: number }[];
  /** The orders a form's key made (the key is stored with its shopper). */
  const orderOfKey = async (key: string) =>
    db.db
      .select()
      .from(orders)
      .where(like(orders.idempotencyKey, `${key}:%`));

  it('places a Romanian home-delivery order with Ramburs from a plain form post', async () => {
    const jar = await shopper([
      [ids[0], 2],
      [ids[1], 1],
    ]);
    const before = await written();
    const fields = homeDelivery();
    const res = await post(jar, { ...fields, donation: '10' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/pages/order-registered');
    expect(jar.get('last_order')).toMatch(/^\d+\.[\w-]{43}$/);
    expect(String(res.headers['set-cookie'])).toMatch(/last_order=.*; Path=\/pages; HttpOnly; SameSite=Lax/);

    const [order] = await orderOfKey(fields.idempotency_key);
    // 2 × 50 lei + 60 lei, GLS 19 lei under 200 lei, a 10 lei donation.
    expect(order).toMatchObject({
      total: 16_000 + 1900 + 1000,
      shippingCost: 1900,
      donation: 1000,
      paymentMethod: 'ramburs',
      paymentState: 'cash_on_delivery',
      status: 'pending',
      carrierId: 4,
      clientId: null,
      clientEmail: 'maria@example.ro',
      orderSource: 'Site',
      createdFrom: 'Website',
      numberPackages: 1,
    });
    expect(order.orderRefNumber).toMatch(/^MRN-\d{4}-\d{6}$/);
    expect(order.deliveryAddress).toMatchObject({ kind: 'home', recipient: 'Maria Ionescu' });
    const items = await db.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.productId, i.quantity])).toEqual([
      [ids[0], 2],
      [ids[1], 1],
    ]);
    const after = await written();
    expect(after.stock).toEqual([before.stock[0] - 2, before.stock[1] - 1, before.stock[2]]);
    expect(after.orders).toBe(before.orders + 1);
    expect(await cartLines(jar)).toEqual([]);
    const mails = await db.db.select().from(mailOutbox);
    const mine = mails.filter((m) => m.subject.includes(order.orderRefNumber));
    expect(mine.map((m) => m.to).sort()).toEqual(['comenzi@librariamaranatha.ro', 'maria@example.ro']);
    expect(after.mails).toBe(before.mails + 2);

    // The order-registered page shows the number once; the cookie goes with that answer.
    const registered = await visit(jar, '/pages/order-registered');
    expect(registered.statusCode).toBe(200);
    expect(registered.headers['cache-control']).toBe('private, no-store');
    expect(registered.body).toContain('Comanda a fost înregistrată');
    expect(registered.body).toContain(`data-testid="order-number">${order.orderRefNumber}</p>`);
    expect(jar.get('last_order')).toBeUndefined();
    const again = await visit(jar, '/pages/order-registered');
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/');
  });

  it('answers the figures for the posted choices to intent=refresh, keeping the form and writing nothing', async () => {
    const jar = await shopper([[ids[2], 1]]);
    const before = await written();
    const res = await post(jar, {
      ...homeDelivery(),
      carrier: '6',
      donation: '20',
      'billing.first_name': 'Ioana-Păstrată',
      intent: 'refresh',
    });
    expect(res.statusCode).toBe(200);
    // The depot is free: 70 lei + a 20 lei donation.
    expect(res.body).toContain('Ioana-Păstrată');
    expect(res.body).toMatch(/90,00\slei/);
    expect(res.body).not.toContain('Acest câmp este obligatoriu');
    expect(await written()).toEqual(before);
    expect(await cartLines(jar)).toHaveLength(1);
  });

  it('refuses a total the shopper did not see with 409 and the new total, writing nothing', async () => {
    const jar = await shopper([[ids[1], 1]]);
    const before = await written();
    const fields = homeDelivery();
    const res = await post(jar, { ...fields, expected_total: '100' });
    expect(res.statusCode).toBe(409);
    // 60 lei + GLS 19 lei.
    expect(res.body).toMatch(/acum este 79,00\slei/);
    expect(await written()).toEqual(before);
    expect(await orderOfKey(fields.idempotency_key)).toEqual([]);
    const placed = await post(jar, { ...fields, expected_total: '7900' });
    expect(placed.statusCode).toBe(302);
    expect((await orderOfKey(fields.idempotency_key))[0].total).toBe(7900);
  });

  it('answers 400 with SPEC §5’s field messages for missing terms and invalid fields, writing nothing', async () => {
    const jar = await shopper([[ids[0], 1]]);
    const before = await written();
    const noTerms = await post(jar, { ...homeDelivery(), terms: '' });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.body).toContain(
      'Acest câmp este obligatoriu. Trebuie să fiți de acord cu prelucrarea datelor personale pentru a continua.',
    );
    expect(noTerms.body).toContain('Completează câmpurile obligatorii marcate mai jos.');
    const invalid = await post(jar, {
      ...homeDelivery(),
      client_email: 'maria@',
      'billing.phone': '0123',
      'billing.first_name': '',
      'billing.number': '',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Email-ul introdus nu este valid');
    expect(invalid.body).toContain('Numar de telefon invalid!');
    expect(invalid.body).toContain('Acest câmp este obligatoriu.');
    const noEmail = await post(jar, { ...homeDelivery(), client_email: '' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body).toContain('Adresa de email este obligatorie.');
    // A company without its name and a valid CUI.
    const company = await post(jar, { ...homeDelivery(), 'billing.is_company': 'on', 'billing.cui': '12345' });
    expect(company.statusCode).toBe(400);
    expect(company.body).toContain('CUI-ul nu este valid');
    expect(await written()).toEqual(before);
    expect(await cartLines(jar)).toHaveLength(1);
  });

  it('refuses a payment method the country or carrier does not take, a negative donation, a pickup point or locker that is not one', async () => {
    const jar = await shopper([[ids[0], 1]]);
    const before = await written();
    const abroad = {
      'billing.country_id': 'DE',
      'billing.county': '',
      'billing.city': 'Berlin',
      'billing.street': 'Unter den Linden',
      'billing.number': '1',
      'billing.zip_code': '10117',
      'billing.phone': '+49 30 1234567',
    };
    const [tarsinPoint] = await shop.services.shipping.locations(3, 'DE', 'ro');
    const refused: [Record<string, string>, string][] = [
      [{ ...abroad, carrier: '5', payment_method: 'ramburs' }, 'Metoda de plată aleasă nu este disponibilă'],
      [
        { ...abroad, carrier: '3', payment_method: 'card', carrier_location_id: String(tarsinPoint.id) },
        'Metoda de plată aleasă nu este disponibilă',
      ],
      [
        { ...abroad, carrier: '3', payment_method: 'transfer', carrier_location_id: String(tarsinPoint.id) },
        'Metoda de plată aleasă nu este disponibilă',
      ],
      [{ carrier: '7', payment_method: 'ramburs', locker_id: 'RO-1-1' }, 'Metoda de plată aleasă nu este disponibilă'],
      [{ carrier: '7', payment_method: 'card', locker_id: 'nu-exista' }, 'Alege un locker GLS din listă.'],
      [
        { ...abroad, carrier: '1', payment_method: 'card', carrier_location_id: String(tarsinPoint.id) },
        'Alege punctul de ridicare din listă.',
      ],
      [
        { ...abroad, carrier: '1', payment_method: 'card', carrier_location_id: '' },
        'Alege punctul de ridicare din listă.',
      ],
      // GLS home delivery is not offered to Greece (SPEC §9: only by post).
      [
        { ...abroad, 'billing.country_id': 'GR', carrier: '4', payment_method: 'card' },
        'Alege o metodă de livrare din listă.',
      ],
      [{ donation: '-5' }, 'Donația este o sumă întreagă, de cel puțin 1.'],
      [{ donation: '2.5' }, 'Donația este o sumă întreagă, de cel puțin 1.'],
      [{ carrier: '99' }, 'Alege o metodă de livrare din listă.'],
    ];
    for (const [change, message] of refused) {
      const res = await post(jar, { ...homeDelivery(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toContain(message);
      // Above the form: the form's own refusal, or the order service's (SPEC §8 CHECKOUT.ORDER_ERROR).
      expect(res.body, JSON.stringify(change)).toMatch(
        /role="alert"[^>]*>(Completează câmpurile obligatorii marcate mai jos\.|Comanda nu a putut fi plasată\. Verifică datele și încearcă din nou\.)</,
      );
      expect(res.body, JSON.stringify(change)).not.toContain('Valoare invalidă.');
    }
    expect(await written()).toEqual(before);
    expect(await cartLines(jar)).toHaveLength(1);
  });

  it('recomputes every figure a browser sends: a carrier cost, a price or a total in the form changes nothing', async () => {
    const jar = await shopper([[ids[2], 2]]);
    const fields = homeDelivery();
    const res = await post(jar, {
      ...fields,
      shipping_cost: '0',
      shippingCost: '0',
      carrier_cost: '0',
      price: '1',
      unit_price: '1',
      total: '1',
      billing_total_amount: '1',
      'cart.lines.0.unitPrice': '1',
      free_shipping_threshold_remaining: '0',
    });
    expect(res.statusCode).toBe(302);
    const [order] = await orderOfKey(fields.idempotency_key);
    // 2 × 70 lei + GLS 19 lei (under the 200 lei free-shipping minimum).
    expect(order).toMatchObject({ subtotal: 14_000, shippingCost: 1900, total: 15_900 });
    const items = await db.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.billingSellingPrice, i.quantity, i.lineTotal])).toEqual([[7000, 2, 14_000]]);
  });

  it('refuses another client’s saved address id, writing nothing, and takes the client’s own', async () => {
    const owner = await createTestClient(shop);
    const [theirs] = await db.db
      .insert(clientAddresses)
      .values({
        clientId: owner.client.id,
        addressType: 'billing',
        firstName: 'Altcineva',
        lastName: 'Străin',
        phone: '0744 999 999',
        countryId: 'RO',
        county: 'Arad',
        city: 'Arad',
        street: 'Bulevardul Revoluției',
        number: '90',
        zipCode: '310130',
      })
      .returning({ id: clientAddresses.id });
    const { client, token } = await createTestClient(shop);
    const jar = await shopper([[ids[1], 1]], token);
    const before = await written();
    const fields = homeDelivery();
    const res = await post(jar, { ...fields, selectedAddressId: String(theirs.id) });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Adresa nu există.');
    expect(res.body).not.toContain('Altcineva');
    expect(await written()).toEqual(before);
    expect(await orderOfKey(fields.idempotency_key)).toEqual([]);
    // The same form without the foreign id is this client's order, with the address as typed.
    const placed = await post(jar, fields);
    expect(placed.statusCode).toBe(302);
    const [order] = await orderOfKey(fields.idempotency_key);
    expect(order).toMatchObject({ clientId: client.id, guestTokenHash: null });
    expect(order.billingAddress).toMatchObject({ first_name: 'Maria', number: '81' });
    expect(JSON.stringify(order.billingAddress)).not.toContain('Altcineva');
  });

  it('makes one order of the same idempotency key posted twice, also at once', async () => {
    const jar = await shopper([[ids[0], 1]]);
    const before = await written();
    const fields = homeDelivery();
    const [first, second] = await Promise.all([post(jar, fields), post(jar, fields)]);
    const third = await post(jar, fields);
    for (const res of [first, second, third]) {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/pages/order-registered');
    }
    expect(await orderOfKey(fields.idempotency_key)).toHaveLength(1);
    const after = await written();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.mails).toBe(before.mails + 2);
    expect(after.stock[0]).toBe(before.stock[0] - 1);
  });

  it('makes another shopper’s order of a form sent with someone else’s key, never answering theirs', async () => {
    const first = await shopper([[ids[0], 1]]);
    const fields = homeDelivery();
    expect((await post(first, fields)).statusCode).toBe(302);
    const [theirs] = await orderOfKey(fields.idempotency_key);
    const other = await shopper([[ids[1], 1]]);
    const res = await post(other, { ...fields, client_email: 'altcineva@example.ro' });
    expect(res.statusCode).toBe(302);
    const page = await visit(other, '/pages/order-registered');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(theirs.orderRefNumber);
    const mine = (await orderOfKey(fields.idempotency_key)).filter((o) => o.id !== theirs.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].clientEmail).toBe('altcineva@example.ro');
    expect(page.body).toContain(mine[0].orderRefNumber);
    expect(await cartLines(other)).toEqual([]);
  });

  it('answers short stock with 409 and per-line messages, writing nothing and keeping the cart', async () => {
    const jar = await shopper([
      [ids[1], 3],
      [ids[2], 1],
    ]);
    const [short] = await cartLines(jar);
    await db.db.update(products).set({ quantity: 2 }).where(eq(products.id, ids[1]));
    const before = await written();
    const fields = homeDelivery();
    const res = await post(jar, fields);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Nu toate produsele mai sunt în stoc în cantitatea cerută.');
    // The short line, and only it, says why (SPEC §8: the message stored into the cart line).
    const lineMessages = res.body.match(
      /<p class="[^"]*">Produsul nu mai este disponibil în cantitatea cerută\.<\/p>/g,
    );
    expect(lineMessages).toHaveLength(1);
    expect(short.id).toBeGreaterThan(0);
    expect(await written()).toEqual(before);
    expect(await orderOfKey(fields.idempotency_key)).toEqual([]);
    expect(await cartLines(jar)).toHaveLength(2);
    await db.db.update(products).set({ quantity: 50 }).where(eq(products.id, ids[1]));
  });

  it('refuses a checkout post from another site (Origin, or only a Referer) with 403, writing nothing', async () => {
    const jar = await shopper([[ids[0], 1]]);
    const before = await written();
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.test' },
      { origin: 'http://shop.test.evil.test' },
      { origin: 'null', referer: 'http://evil.test/checkout' },
      { referer: 'http://evil.test/pages/checkout' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const res = await inject({
        method: 'POST',
        url: '/pages/checkout',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(), ...headers },
        body: new URLSearchParams(homeDelivery()).toString(),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain('last_order');
    }
    expect(await written()).toEqual(before);
    expect(await cartLines(jar)).toHaveLength(1);
    // The same post through the shop's own page (a Referer of its own) is placed.
    const own = await inject({
      method: 'POST',
      url: '/pages/checkout',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: jar.header(),
        referer: `${ORIGIN}/pages/checkout`,
      },
      body: new URLSearchParams(homeDelivery()).toString(),
    });
    expect(await written()).not.toEqual(before);
    expect(own.statusCode).toBe(302);
  });

  it('redirects to / without the cookie, and for a forged or tampered one, never showing an order it did not sign', async () => {
    const jar = await shopper([[ids[2], 1]]);
    expect((await post(jar, homeDelivery())).statusCode).toBe(302);
    const token = jar.get('last_order') ?? '';
    const [id, signature] = token.split('.');
    const [order] = await db.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(id)));
    const nobody = await inject({ url: '/pages/order-registered' });
    expect(nobody.statusCode).toBe(302);
    expect(nobody.headers.location).toBe('/');
    const flipped = signature.at(-1) === 'A' ? 'B' : 'A';
    const forged = [
      `${Number(id) + 1}.${signature}`,
      `${Number(id) - 1}.${signature}`,
      `${id}.${signature.slice(0, -1)}${flipped}`,
      `${id}.${'A'.repeat(43)}`,
      `${id}.`,
      id,
      `${id}.${signature}x`,
      `9999999999.${signature}`,
      `99999999999999999999.${signature}`,
      `-1.${signature}`,
      `${id}.${signature}.${signature}`,
      '%00',
      '%E2%82',
      'x'.repeat(4000),
      '""',
      '',
    ];
    for (const value of forged) {
      const res = await inject({ url: '/pages/order-registered', headers: { cookie: `last_order=${value}` } });
      expect(res.statusCode, value).toBe(302);
      expect(res.headers.location, value).toBe('/');
      expect(res.body, value).not.toContain(order.orderRefNumber);
    }
    // The real one, still unseen, shows it.
    const real = await inject({ url: '/pages/order-registered', headers: { cookie: `last_order=${token}` } });
    expect(real.statusCode).toBe(200);
    expect(real.body).toContain(order.orderRefNumber);
  });
});
