import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { cartLines, products } from '../../../db/schema';
import { insertBibles, testDatabases } from '../../../db/testing';
import { createTestClient, useSeededApp } from '../../testing';

vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

const ORIGIN = 'http://shop.test';

/** The `cart=…` pair out of a response's Set-Cookie, for the next request. */
function cartCookieOf(res: LightMyRequestResponse): string {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('cart='));
  if (!header) throw new Error('no cart cookie');
  return header.split(';')[0];
}

describe.each(testDatabases)('cart API and cart page on $name', ({ url }) => {
  let ids: number[] = [];
  const { shop, db } = useSeededApp(
    url,
    async (testDb) => {
      ids = await insertBibles(testDb.db, ['Biblia de studiu', 'Biblia pentru copii', 'Biblia cu ilustrații']);
    },
    { pages: true },
  );
  const inject = (options: InjectOptions) => shop.app.inject(options);
  const session = async (cookie?: string) =>
    (await inject({ url: '/api/session', headers: cookie ? { cookie } : {} })).json().cart.count;

  it('adds through the API, sets an httpOnly SameSite=Lax cookie, and prices from the catalogue', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: ORIGIN },
      payload: { productId: ids[0], quantity: 2 },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^cart=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=7776000; HttpOnly; SameSite=Lax$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ count: 2, subtotal: 10_000, lines: [{ productId: ids[0], lineTotal: 10_000 }] });
    const cookie = cartCookieOf(res);
    // The second write reuses the cart: no new cookie.
    const again = await inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: ORIGIN, cookie },
      payload: { productId: ids[1] },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json().count).toBe(3);
    expect(await session(cookie)).toBe(3);
    expect(await session()).toBe(0);

    const lineId: number = again.json().lines[1].id;
    const patched = await inject({
      method: 'PATCH',
      url: `/api/cart/lines/${lineId}`,
      headers: { origin: ORIGIN, cookie },
      payload: { quantity: 5 },
    });
    expect(patched.json().lines[1].quantity).toBe(5);
    const tooMany = await inject({
      method: 'PATCH',
      url: `/api/cart/lines/${lineId}`,
      headers: { origin: ORIGIN, cookie },
      payload: { quantity: 11 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.quantity).toBe('Nu sunt destule bucăți în stoc pentru această cantitate.');
    const deleted = await inject({
      method: 'DELETE',
      url: `/api/cart/lines/${lineId}`,
      headers: { origin: ORIGIN, cookie },
    });
    expect(deleted.json().count).toBe(2);
    const gone = await inject({
      method: 'DELETE',
      url: `/api/cart/lines/${lineId}`,
      headers: { origin: ORIGIN, cookie },
    });
    expect(gone.statusCode).toBe(404);
    expect((await inject({ url: '/api/cart', headers: { cookie } })).json().count).toBe(2);
  });

  it('refuses bad input with 4xx and the Romanian reason, writing nothing', async () => {
    const before = await db.db.select().from(cartLines);
    await db.db.update(products).set({ quantity: 0 }).where(eq(products.id, ids[2]));
    const cases: [unknown, number][] = [
      [{ productId: ids[2] }, 400],
      [{ productId: ids[0], quantity: 0 }, 400],
      [{ productId: ids[0], quantity: 100 }, 400],
      [{ productId: ids[0], quantity: 1.5 }, 400],
      [{ productId: '1; drop table carts' }, 400],
      [{ productId: 999_999 }, 404],
      [{ productId: ids[0], personalization: { nume: 'Ana' } }, 400],
    ];
    for (const [payload, status] of cases) {
      const res = await inject({
        method: 'POST',
        url: '/api/cart/lines',
        headers: { origin: ORIGIN },
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const out = await inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: ORIGIN },
      payload: { productId: ids[2] },
    });
    expect(out.json().error.message).toBe('Produsul nu mai este în stoc și nu poate fi adăugat în coș.');
    const foreign = await inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: 'http://evil.test' },
      payload: { productId: ids[0] },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await db.db.select().from(cartLines)).toEqual(before);
    await db.db.update(products).set({ quantity: 10 }).where(eq(products.id, ids[2]));
  });

  it('answers the SPEC §7 stock check', async () => {
    await db.db.update(products).set({ quantity: 3 }).where(eq(products.id, ids[1]));
    const res = await inject({
      method: 'POST',
      url: '/api/client-order/check-products-stock',
      headers: { origin: ORIGIN },
      payload: {
        items: [
          { id: ids[0], requested_quantity: 1 },
          { id: ids[1], requested_quantity: 4 },
        ],
      },
    });
    expect(res.json()).toEqual([{ id: ids[1], available: true, available_stock: 3 }]);
    await db.db.update(products).set({ quantity: 10 }).where(eq(products.id, ids[1]));
  });

  it('works as plain form posts: add from the product page, change and remove on the cart page', async () => {
    const add = await inject({
      method: 'POST',
      url: '/pages/cart',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `intent=add&productId=${ids[0]}&quantity=3&redirectTo=${encodeURIComponent('/produs/biblia-0')}`,
    });
    expect(add.statusCode).toBe(302);
    expect(add.headers.location).toBe('/produs/biblia-0');
    const cookie = cartCookieOf(add);
    const page = await inject({ url: '/pages/cart', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('Biblia de studiu');
    expect(page.body).toContain('150,00');
    expect(page.body).toContain('din care TVA 11');
    const form = (body: string) =>
      inject({
        method: 'POST',
        url: '/pages/cart',
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const lastLine = (await inject({ url: '/api/cart', headers: { cookie } })).json().lines[0].id as number;
    expect(
      (await form(`intent=set-quantity&lineId=${lastLine}&quantity=4&redirectTo=%2Fpages%2Fcart`)).headers.location,
    ).toBe('/pages/cart');
    expect(await session(cookie)).toBe(4);
    const refused = await form(`intent=set-quantity&lineId=${lastLine}&quantity=0&redirectTo=%2Fpages%2Fcart`);
    expect(refused.statusCode).toBe(400);
    // A redirect off the shop is dropped: the change is answered in place, never sent elsewhere.
    const offsite = await form(
      `intent=set-quantity&lineId=${lastLine}&quantity=2&redirectTo=${encodeURIComponent('//evil.test/x')}`,
    );
    expect(offsite.headers.location).toBeUndefined();
    expect(offsite.statusCode).toBe(200);
    expect((await form(`intent=remove&lineId=${lastLine}&redirectTo=%2Fpages%2Fcart`)).statusCode).toBe(302);
    expect(await session(cookie)).toBe(0);
    const empty = await inject({ url: '/pages/cart', headers: { cookie } });
    expect(empty.body).toContain('Coșul tău este gol.');
  });

  it('keeps public pages in the HTML cache without the counter: each visitor gets their own count', async () => {
    const first = await inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: ORIGIN },
      payload: { productId: ids[0], quantity: 2 },
    });
    const visitorA = cartCookieOf(first);
    const pageA = await inject({ url: '/produs/biblia-1', headers: { cookie: visitorA } });
    const pageB = await inject({ url: '/produs/biblia-1' });
    expect(pageA.statusCode).toBe(200);
    expect(pageA.headers['set-cookie']).toBeUndefined();
    expect(pageA.headers['cache-control']).toContain('s-maxage');
    // The same bytes for both but the nonces (the cached copy has none: its CSP lists hashes, decision 018):
    // the count is not in the HTML.
    const strip = (html: string) =>
      html
        .replace(/\s*nonce="[^"]*"/g, '')
        .replace(/"nonce":"[^"]*"/g, '')
        .replace(/<meta name="csp-style-nonce" content="[^"]*"\/>/, '');
    expect(strip(pageA.body)).toBe(strip(pageB.body));
    expect(pageA.body).not.toContain('data-testid="cart-count"');
    expect(await session(visitorA)).toBe(2);
    expect(await session()).toBe(0);
    // An anonymous GET never sets the cart cookie.
    expect((await inject({ url: '/pages/cart' })).headers['set-cookie']).toBeUndefined();
    expect((await inject({ url: '/api/cart' })).headers['set-cookie']).toBeUndefined();
  });

  it('joins the guest cart to the account’s at login (page form and API), adding up the same product', async () => {
    const { client, password } = await createTestClient(shop);
    const loginForm = (cookie: string) =>
      inject({
        method: 'POST',
        url: '/pages/login',
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(client.email)}&password=${password}&redirectTo=%2Fpages%2Fcart`,
      });
    const asGuest = async (productId: number, quantity: number) =>
      cartCookieOf(
        await inject({
          method: 'POST',
          url: '/api/cart/lines',
          headers: { origin: ORIGIN },
          payload: { productId, quantity },
        }),
      );
    // The account already holds 2 × A; the guest adds 3 × A and 1 × B, then logs in on the login page.
    const first = await asGuest(ids[0], 2);
    const login1 = await loginForm(first);
    expect(login1.statusCode).toBe(302);
    const sid =
      [login1.headers['set-cookie'] ?? []]
        .flat()
        .find((c) => c.startsWith('sid='))
        ?.split(';')[0] ?? '';
    expect(await session(sid)).toBe(2);
    const guest = await asGuest(ids[0], 3);
    await inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: { origin: ORIGIN, cookie: guest },
      payload: { productId: ids[1] },
    });
    const login2 = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, cookie: guest },
      payload: { email: client.email, password },
    });
    expect(login2.statusCode).toBe(200);
    const sid2 =
      [login2.headers['set-cookie'] ?? []]
        .flat()
        .find((c) => c.startsWith('sid='))
        ?.split(';')[0] ?? '';
    const view = (await inject({ url: '/api/cart', headers: { cookie: sid2 } })).json();
    expect(view.lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [ids[0], 5],
      [ids[1], 1],
    ]);
    // The guest cart is gone: the old cookie alone shows an empty cart.
    expect(await session(guest)).toBe(0);
    expect((await inject({ url: '/pages/cart', headers: { cookie: sid2 } })).body).toContain('Biblia pentru copii');
  });
});
