import type { BenchContext, Scenario } from '../scenario';
import { booksInStock, cartWith } from './cart';
import { ARAD_PLACE } from '../../src/contracts/addresses.testing';

/** The checkout's JSON form of a bench buyer in Arad, home delivery by GLS. */
export function orderBody(paymentMethod: 'ramburs' | 'card'): string {
  return JSON.stringify({
    client_email: 'bench.order@example.ro',
    billing: {
      first_name: 'Bench',
      last_name: 'Comanda',
      phone: '0744 000 002',
      ...ARAD_PLACE,
    },
    carrier: 4,
    payment_method: paymentMethod,
    terms: true,
  });
}

/** Enough carts for the warm-up and the run at the budget's pace on PostgreSQL (more than 200 orders/s for 12 s). */
const CARTS = 3000;

/** In-stock products, each as many times as it has pieces (at most 20): one piece of one a cart. */
export async function piecesInStock(ctx: BenchContext, wanted: number): Promise<number[]> {
  const pieces: number[] = [];
  for (let page = 1; pieces.length < wanted && page <= 40; page++) {
    const res = await fetch(`${ctx.baseURL}/api/products?in_stock=1&per_page=60&page=${page}`);
    const { data } = (await res.json()) as { data: { id: number; inStock: boolean }[] };
    for (const product of data.filter((p) => p.inStock)) {
      const detail = (await (await fetch(`${ctx.baseURL}/api/products/${product.id}`)).json()) as {
        quantity: number;
        personalizationRequired: boolean;
      };
      if (detail.personalizationRequired) continue;
      for (let i = 0; i < Math.min(detail.quantity, 20); i++) pieces.push(product.id);
    }
  }
  return pieces.slice(0, wanted);
}

/**
 * Issue 11: order creation at 10 concurrent buyers with distinct carts, ≥ 100 orders/s on PostgreSQL and ≥ 30 on
 * PGlite. Every request is a new order: its own guest cart (made beforehand) and its own idempotency key.
 */
export const orderScenarios: Scenario[] = [
  {
    // Issue 11: the checkout page p99 ≤ 150 ms. Never cached (it is about the visitor's cart): each request reads
    // the cart, quotes the carriers and payment rules for Romania, and renders the whole form.
    name: 'checkout: checkout page of a guest with 3 books, server-rendered',
    path: '/pages/checkout',
    budget: { p99Ms: 150 },
    prepare: async (ctx) => ({ headers: { cookie: await cartWith(ctx, await booksInStock(ctx, 3)) } }),
  },
  {
    name: 'checkout: place order (POST /api/client-order/create, distinct carts)',
    path: '/api/client-order/create',
    budget: { minRps: { pglite: 30, postgres: 100 } },
    async prepare(ctx) {
      const pieces = await piecesInStock(ctx, CARTS);
      const carts: string[] = [];
      for (const productId of pieces) {
        const res = await fetch(`${ctx.baseURL}/api/cart/lines`, {
          method: 'POST',
          headers: { origin: ctx.baseURL, 'content-type': 'application/json' },
          body: JSON.stringify({ productId, quantity: 1 }),
        });
        if (!res.ok) throw new Error(`add to cart for the order bench: ${res.status}`);
        carts.push((res.headers.get('set-cookie') ?? '').split(';')[0]);
      }
      const body = orderBody('ramburs');
      let next = 0;
      const run = Date.now();
      return {
        method: 'POST',
        headers: { origin: ctx.baseURL, 'content-type': 'application/json' },
        distinct: carts.length,
        next: () => {
          const i = next++;
          return {
            headers: { cookie: carts[i % carts.length], 'idempotency-key': `bench-order-${run}-${i}` },
            body,
          };
        },
      };
    },
  },
];
