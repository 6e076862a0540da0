import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutFormSchema } from '../../../contracts/checkout';
import { isAppError } from '../../../contracts/errors';
import { NO_CONVERSION } from '../../../contracts/money';
import { orders, products } from '../../../db/schema';
import { seedShippingData } from '../../../db/seed/shipping-seed';
import { insertBibles, testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';
import { ARAD_PLACE } from '../../../contracts/addresses.testing';

const order = checkoutFormSchema.parse({
  client_email: 'cumparator@example.ro',
  billing: {
    first_name: 'Ion',
    last_name: 'Pop',
    phone: '0744 123 456',
    ...ARAD_PLACE,
  },
  carrier: 6,
  payment_method: 'ramburs',
  terms: true,
});
let keys = 0;

/**
 * Issue 11: no oversell. Many buyers of one product at once, each with their own cart: exactly as many orders as
 * there were pieces, the stock at 0 and never below, everyone else refused with 409 and nothing written.
 */
describe.each(testDatabases)('no oversell on $name', ({ url, name }) => {
  let productId = 0;
  const { db, shop } = useSeededApp(url, async (testDb) => {
    await seedShippingData(testDb.db, { demo: false });
    [productId] = await insertBibles(testDb.db, ['Biblia de buzunar'], { quantity: 10 });
  });

  /** `buyers` guest carts holding one piece each, then all their orders at once; answers how many were placed. */
  async function rush(stock: number, buyers: number): Promise<number> {
    await db.db.update(products).set({ quantity: stock, isInStock: 1 }).where(eq(products.id, productId));
    const carts: string[] = [];
    for (let i = 0; i < buyers; i++) {
      const { issuedToken } = await shop.services.cart.addLine(
        { token: null, clientId: null },
        { productId, quantity: 1 },
      );
      if (!issuedToken) throw new Error('no cart');
      carts.push(issuedToken);
    }
    // The adds were capped by the stock at the time; every cart holds one piece.
    const outcomes = await Promise.allSettled(
      carts.map((cartToken) =>
        shop.services.orders.place(order, {
          client: null,
          cartToken,
          idempotencyKey: `oversell-${name}-${++keys}-${Date.now()}`,
          currency: NO_CONVERSION,
          lang: 'ro',
        }),
      ),
    );
    for (const o of outcomes) {
      if (o.status === 'rejected' && !(isAppError(o.reason) && o.reason.code === 'CONFLICT')) throw o.reason;
    }
    return outcomes.filter((o) => o.status === 'fulfilled').length;
  }
  const stock = async () =>
    (await db.db.select({ q: products.quantity }).from(products).where(eq(products.id, productId)))[0].q;

  it('50 buyers at once for 10 copies: exactly 10 orders and the stock at 0', async () => {
    const before = await db.db.$count(orders);
    expect(await rush(10, 50)).toBe(10);
    expect(await stock()).toBe(0);
    expect(await db.db.$count(orders)).toBe(before + 10);
  }, 60_000);

  it('any stock and any number of buyers: min(stock, buyers) orders, the rest of the stock left, never below 0', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 20 }), async (pieces, buyers) => {
        const placed = await rush(pieces, buyers);
        expect(placed).toBe(Math.min(pieces, buyers));
        expect(await stock()).toBe(pieces - placed);
      }),
      { numRuns: name === 'postgres' ? 100 : 25 },
    );
  }, 240_000);
});
