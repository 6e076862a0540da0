import type { Scenario } from '../scenario';

/**
 * Issue 11: the carriers call (SPEC §7), p99 ≤ 20 ms at 10 connections. A three-book cart to Germany: every
 * carrier, the weight bands and the pickup points are looked at; only the products' weights are read.
 */
export const shippingScenarios: Scenario[] = [
  {
    name: 'checkout: carriers (POST /api/carriers)',
    path: '/api/carriers',
    budget: { p99Ms: 20 },
    async prepare(ctx) {
      const res = await fetch(`${ctx.baseURL}/api/products?productType=carte&per_page=3`);
      const { data } = (await res.json()) as { data: { id: number }[] };
      return {
        method: 'POST',
        headers: { origin: ctx.baseURL, 'content-type': 'application/json' },
        body: JSON.stringify({
          country_id: 'DE',
          items: data.map((p) => ({ product_id: p.id, required_quantity: 2 })),
          payment_method: 'card',
          cart_total: 15_000,
        }),
      };
    },
  },
];
