import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { importGeography } from '../core/geography/import';
import { ARAD_PLACE } from '../contracts/addresses.testing';
import { writeAddressFixture } from '../core/geography/testing';
import { silentLogger } from '../core/logger';
import { seedShippingData } from '../db/seed/shipping-seed';
import { insertBibles, testDatabases } from '../db/testing';
import { createTestClient, useSeededApp } from './testing';

const ORIGIN = 'http://shop.test';
let keys = 0;

describe.each(testDatabases)('a client’s orders and a guest’s order link on $name', ({ url }) => {
  let ids: number[] = [];
  const { shop } = useSeededApp(
    url,
    async (testDb) => {
      await importGeography(testDb.db, writeAddressFixture(), silentLogger);
      await seedShippingData(testDb.db, { demo: true });
      ids = await insertBibles(testDb.db, ['Biblia A', 'Biblia B'], { quantity: 99 });
    },
    { pages: true },
  );
  const inject = (options: InjectOptions) => shop.app.inject(options);

  /** Adds a product to the cart (the client's with a session, else a fresh guest cart) and orders it. */
  async function order(session: string | null): Promise<{ ref: string; guestLink: string | null }> {
    const cookies: Record<string, string> = session ? { sid: session } : {};
    const added = await inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: ORIGIN },
      cookies,
      payload: { productId: ids[0], quantity: 1 },
    });
    const cart = [added.headers['set-cookie']].flat().find((c) => String(c).startsWith('cart='));
    if (cart) cookies.cart = String(cart).split(';')[0].slice('cart='.length);
    const res = await inject({
      method: 'POST',
      url: '/api/client-order/create',
      headers: { origin: ORIGIN, 'idempotency-key': `orders-page-key-${Date.now()}-${++keys}` },
      cookies,
      payload: {
        client_email: 'elena@example.ro',
        billing: {
          first_name: 'Elena',
          last_name: 'Test',
          phone: '0744 123 456',
          ...ARAD_PLACE,
        },
        carrier: 4,
        payment_method: 'ramburs',
        terms: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    return { ref: data.order_ref_number, guestLink: data.order.guest_link };
  }

  it('answers a client’s orders by page through the API, and 401 without a session', async () => {
    expect((await inject({ url: '/api/client-order' })).statusCode).toBe(401);
    const { token } = await createTestClient(shop);
    const placed = await order(token);
    const res = await inject({ url: '/api/client-order?page=1', cookies: { sid: token } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(body.data[0]).toMatchObject({ order_ref_number: placed.ref, status: 'pending', bills_list: [] });
    expect(body.data[0].order_items[0]).toMatchObject({ product_name: 'Biblia A', quantity: 1, vat: 11 });
    expect((await inject({ url: '/api/client-order?page=abc', cookies: { sid: token } })).statusCode).toBe(400);
  });

  it('shows "Comenzile mele" with the 7 columns, the lines behind a disclosure and pages of ten', async () => {
    const { token } = await createTestClient(shop);
    const empty = await inject({ url: '/pages/profile?tab=comenzi', cookies: { sid: token } });
    expect(empty.body).toContain('Nu ai comenzi înregistrate.');
    const refs: string[] = [];
    for (let i = 0; i < 11; i++) refs.push((await order(token)).ref);
    const first = await inject({ url: '/pages/profile?tab=comenzi', cookies: { sid: token } });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(refs[10]);
    expect(first.body).not.toContain(`>${refs[0]}<`);
    for (const header of ['Comanda', 'Data', 'Adresa de livrare', 'Total', 'Stare', 'AWB', 'Factura']) {
      expect(first.body).toContain(`>${header}</th>`);
    }
    expect(first.body).toContain('În așteptare');
    expect(first.body).toContain('<summary');
    expect(first.body).toContain('href="/pages/profile?tab=comenzi&amp;page=2"');
    const second = await inject({ url: '/pages/profile?tab=comenzi&page=2', cookies: { sid: token } });
    expect(second.body).toContain(refs[0]);
    expect((await inject({ url: '/pages/profile?tab=comenzi&page=9', cookies: { sid: token } })).statusCode).toBe(404);
  });

  it('shows a guest the order of their e-mailed link, and the not-found page to any other link', async () => {
    const { ref, guestLink } = await order(null);
    expect(guestLink).not.toBeNull();
    const path = new URL(guestLink ?? '').pathname;
    const page = await inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(`Comanda ${ref}`);
    expect(page.body).toContain('noindex');
    expect((await inject({ url: `/pages/comanda/${'x'.repeat(43)}` })).statusCode).toBe(404);
    expect((await inject({ url: '/pages/comanda/scurt' })).statusCode).toBe(404);
  });
});
