import { type BenchContext, type Scenario, storeInHtmlCache } from '../scenario';

/** In-stock books of the demo catalogue (no personalisation needed), as many as asked for. */
export async function booksInStock(ctx: BenchContext, count: number): Promise<number[]> {
  const res = await fetch(`${ctx.baseURL}/api/products?productType=carte&in_stock=1&per_page=60`);
  const body = (await res.json()) as { data: { id: number; inStock: boolean }[] };
  const ids = body.data.filter((p) => p.inStock).map((p) => p.id);
  if (ids.length < count) throw new Error(`only ${ids.length} books in stock`);
  return ids.slice(0, count);
}

/** A guest cart holding one piece of each product; answers its cookie. */
export async function cartWith(ctx: BenchContext, productIds: number[]): Promise<string> {
  let cookie = '';
  for (const productId of productIds) {
    const res = await fetch(`${ctx.baseURL}/api/cart/lines`, {
      method: 'POST',
      headers: { origin: ctx.baseURL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ productId, quantity: 1 }),
    });
    if (!res.ok) throw new Error(`add to cart: ${res.status}`);
    cookie ||= (res.headers.get('set-cookie') ?? '').split(';')[0];
  }
  return cookie;
}

/**
 * Issue 10 budgets, at 10 connections: add to cart p99 ≤ 40 ms, `GET /api/session` p99 ≤ 10 ms, the cart page
 * of a 20-line cart p99 ≤ 120 ms; and a product page for a visitor with a cart is still the HTML cache's.
 */
export const cartScenarios: Scenario[] = [
  {
    name: 'cart: add to cart (POST /api/cart/lines, one cart)',
    path: '/api/cart/lines',
    prepare: async (ctx) => {
      const [first, second] = await booksInStock(ctx, 2);
      const cookie = await cartWith(ctx, [first]);
      // Adding up on one line (capped at 99 and the stock): the insert-or-update path of every add.
      return {
        method: 'POST',
        headers: { origin: ctx.baseURL, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: second, quantity: 1 }),
      };
    },
    budget: { p99Ms: 40 },
  },
  {
    name: 'cart: GET /api/session with a cart',
    path: '/api/session',
    prepare: async (ctx) => ({ headers: { cookie: await cartWith(ctx, await booksInStock(ctx, 3)) } }),
    budget: { p99Ms: 10 },
  },
  {
    name: 'cart: cart page of a 20-line cart, server-rendered',
    path: '/pages/cart',
    prepare: async (ctx) => ({ headers: { cookie: await cartWith(ctx, await booksInStock(ctx, 20)) } }),
    budget: { p99Ms: 120 },
  },
  {
    name: 'cart: product page for a visitor with a cart (HTML cache)',
    path: (ctx) => `/produs/${ctx.sampleProductSlug}`,
    prepare: async (ctx) => {
      // Anonymous visits store the page (a request with a cart cookie is served from the cache but never
      // fills it, decision 018); the visitor with a cart must then get that copy.
      await storeInHtmlCache(ctx.baseURL, `/produs/${ctx.sampleProductSlug}`);
      return { headers: { cookie: await cartWith(ctx, await booksInStock(ctx, 1)) } };
    },
  },
];
