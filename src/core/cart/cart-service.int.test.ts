import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, carts, clients, products } from '../../db/schema';
import { createTestDb, insertBibles, type TestDb, testDatabases } from '../../db/testing';
import { type CartOwner, type CartService, cartIdOf, createCartService } from './cart-service';

describe.each(testDatabases)('the server-side cart on $name', ({ url }) => {
  let db: TestDb;
  let cart: CartService;
  let ids: number[];
  let clientId: number;
  beforeAll(async () => {
    db = await createTestDb(url);
    ids = await insertBibles(db.db, ['Biblia A', 'Biblia B', 'Biblia C'], { quantity: 10 });
    [{ clientId }] = await db.db
      .insert(clients)
      .values({ email: 'ana@example.ro', firstName: 'Ana', lastName: 'Pop', phone: '0744123456', passwordHash: 'x' })
      .returning({ clientId: clients.id });
    cart = createCartService(db.db, { freeShippingMinimum: 20_000 });
  });
  afterAll(async () => {
    await db?.close();
  });
  const setStock = (id: number, quantity: number, isInStock = 1) =>
    db.db.update(products).set({ quantity, isInStock }).where(eq(products.id, id));
  const guest = async (): Promise<CartOwner> => {
    // A cart is made by its first write, which hands out the token.
    const { issuedToken } = await cart.addLine({ token: null, clientId: null }, { productId: ids[2], quantity: 1 });
    expect(issuedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { token: issuedToken, clientId: null };
  };

  it('makes a cart on the first write only, keeps the token’s hash, never the token', async () => {
    expect(await cart.view({ token: null, clientId: null })).toMatchObject({ lines: [], count: 0 });
    const owner = await guest();
    const [row] = await db.db
      .select()
      .from(carts)
      .where(eq(carts.id, cartIdOf(owner.token ?? '')));
    expect(row).toBeDefined();
    expect(row.id).not.toBe(owner.token);
    // A token the server did not issue is no cart: a write with it gets a fresh one.
    const forged = 'A'.repeat(43);
    const { issuedToken } = await cart.addLine({ token: forged, clientId: null }, { productId: ids[0], quantity: 1 });
    expect(issuedToken).not.toBe(forged);
  });

  it('prices lines from the catalogue, with VAT per rate and the free-shipping meter', async () => {
    const owner = await guest();
    await cart.addLine(owner, { productId: ids[0], quantity: 2 });
    const view = await cart.view(owner);
    // insertBibles: 50 lei + 10 lei per position; C is 70 lei.
    expect(view.lines.map((l) => [l.title, l.quantity, l.lineTotal])).toEqual([
      ['Biblia C', 1, 7000],
      ['Biblia A', 2, 10_000],
    ]);
    expect(view.subtotal).toBe(17_000);
    expect(view.count).toBe(3);
    expect(view.vat).toEqual([{ rate: 11, gross: 17_000, net: 15_315, vat: 1685 }]);
    expect(view.freeShipping).toEqual({ minimum: 20_000, remaining: 3000 });
    // A price change shows at once: nothing of the price is stored on the line.
    await db.db.update(products).set({ specialPrice: 4000 }).where(eq(products.id, ids[0]));
    expect((await cart.view(owner)).subtotal).toBe(15_000);
    await db.db.update(products).set({ specialPrice: null }).where(eq(products.id, ids[0]));
  });

  it('refuses an out-of-stock product, a missing one and a quantity above the stock, changing nothing', async () => {
    const owner = await guest();
    await setStock(ids[1], 0);
    await expect(cart.addLine(owner, { productId: ids[1], quantity: 1 })).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { quantity: 'validation.cart.outOfStock' },
    });
    await setStock(ids[1], 5, 0);
    await expect(cart.addLine(owner, { productId: ids[1], quantity: 1 })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(cart.addLine(owner, { productId: 999_999, quantity: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await setStock(ids[1], 3);
    const { lineId } = await cart.addLine(owner, { productId: ids[1], quantity: 1 });
    await expect(cart.setQuantity(owner, lineId, 4)).rejects.toMatchObject({
      fields: { quantity: 'validation.cart.notEnoughStock' },
    });
    expect((await cart.view(owner)).lines.find((l) => l.id === lineId)?.quantity).toBe(1);
    await cart.setQuantity(owner, lineId, 3);
    expect((await cart.view(owner)).lines.find((l) => l.id === lineId)?.quantity).toBe(3);
    // Another visitor cannot touch this line.
    const other = await guest();
    await expect(cart.removeLine(other, lineId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(cart.setQuantity(other, lineId, 1)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await setStock(ids[1], 10);
  });

  it('caps an add at the stock and marks a line whose stock fell (SPEC §8)', async () => {
    const owner = await guest();
    await setStock(ids[1], 4);
    const { quantity } = await cart.addLine(owner, { productId: ids[1], quantity: 9 });
    expect(quantity).toBe(4);
    await setStock(ids[1], 2);
    expect((await cart.view(owner)).lines.find((l) => l.productId === ids[1])).toMatchObject({
      stock: 2,
      stockProblem: 'available',
    });
    await setStock(ids[1], 0);
    expect((await cart.view(owner)).lines.find((l) => l.productId === ids[1])?.stockProblem).toBe('noQtyAvailable');
    await setStock(ids[1], 10);
  });

  it('ends 20 simultaneous adds of one product with one line of the right quantity, capped by stock', async () => {
    const owner = await guest();
    await setStock(ids[0], 10);
    await Promise.all(Array.from({ length: 6 }, () => cart.addLine(owner, { productId: ids[0], quantity: 1 })));
    let line = (await cart.view(owner)).lines.filter((l) => l.productId === ids[0]);
    expect(line).toHaveLength(1);
    expect(line[0].quantity).toBe(6);
    await Promise.all(Array.from({ length: 20 }, () => cart.addLine(owner, { productId: ids[0], quantity: 1 })));
    line = (await cart.view(owner)).lines.filter((l) => l.productId === ids[0]);
    expect(line).toHaveLength(1);
    expect(line[0].quantity).toBe(10);
  });

  it('removes a line and clears the cart', async () => {
    const owner = await guest();
    const { lineId } = await cart.addLine(owner, { productId: ids[0], quantity: 1 });
    await cart.removeLine(owner, lineId);
    expect((await cart.view(owner)).lines.map((l) => l.productId)).toEqual([ids[2]]);
    await cart.clear(owner);
    expect(await cart.count(owner)).toBe(0);
  });

  it('merges a guest cart into the client’s at login: same product adds up, capped by stock', async () => {
    const client: CartOwner = { token: null, clientId };
    await cart.addLine(client, { productId: ids[0], quantity: 3 });
    const owner = await guest(); // holds 1 × C
    await cart.addLine(owner, { productId: ids[0], quantity: 9 });
    await setStock(ids[0], 10);
    await cart.mergeGuestCart(owner.token, clientId);
    const view = await cart.view(client);
    expect(view.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [ids[0], 10],
      [ids[2], 1],
    ]);
    // The guest cart is gone; merging again changes nothing.
    expect(await cart.count(owner)).toBe(0);
    await cart.mergeGuestCart(owner.token, clientId);
    expect((await cart.view(client)).count).toBe(11);
    await cart.mergeGuestCart(null, clientId);
  });

  it('keeps the header counts in memory (PGlite) exact through every kind of cart write', async () => {
    const counted = createCartService(db.db, { freeShippingMinimum: 20_000, countsInMemory: true });
    const owner: CartOwner = { token: null, clientId: null };
    const { issuedToken } = await counted.addLine(owner, { productId: ids[1], quantity: 2 });
    const guestOwner = { token: issuedToken, clientId: null };
    expect(await counted.count(guestOwner)).toBe(2);
    const { lineId } = await counted.addLine(guestOwner, { productId: ids[1], quantity: 1 });
    expect(await counted.count(guestOwner)).toBe(3);
    await counted.setQuantity(guestOwner, lineId, 5);
    expect(await counted.count(guestOwner)).toBe(5);
    await counted.removeLine(guestOwner, lineId);
    expect(await counted.count(guestOwner)).toBe(0);
    await counted.addLine(guestOwner, { productId: ids[1], quantity: 1 });
    const client: CartOwner = { token: null, clientId };
    const before = await counted.count(client);
    await counted.mergeGuestCart(guestOwner.token, clientId);
    expect(await counted.count(client)).toBe(before + 1);
    expect(await counted.count(guestOwner)).toBe(0);
    const merged = (await counted.view(client)).lines.find((l) => l.productId === ids[1]);
    if (merged) await counted.removeLine(client, merged.id); // the later tests expect the client's cart as it was
    expect(await counted.count(client)).toBe(before);
    // Many reads while adds run: every read after the last add sees the last count.
    const { issuedToken: other } = await counted.addLine(owner, { productId: ids[1], quantity: 1 });
    const otherOwner = { token: other, clientId: null };
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        i % 2 ? counted.addLine(otherOwner, { productId: ids[1], quantity: 1 }) : counted.count(otherOwner),
      ),
    );
    const [{ quantity }] = await db.db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartIdOf(other ?? '')));
    expect(await counted.count(otherOwner)).toBe(quantity);
    await counted.clear(otherOwner);
    expect(await counted.count(otherOwner)).toBe(0);
  });

  it('answers the SPEC §7 stock check with the problem items only', async () => {
    await setStock(ids[0], 5);
    await setStock(ids[1], 0);
    expect(
      await cart.checkStock([
        { id: ids[0], requested_quantity: 5 },
        { id: ids[0], requested_quantity: 6 },
        { id: ids[1], requested_quantity: 1 },
        { id: 999_999, requested_quantity: 1 },
      ]),
    ).toEqual([
      { id: ids[0], available: true, available_stock: 5 },
      { id: ids[1], available: false, available_stock: 0 },
      { id: 999_999, available: false, available_stock: 0 },
    ]);
    expect(await cart.checkStock([{ id: ids[0], requested_quantity: 1 }])).toEqual([]);
    await setStock(ids[1], 10);
  });

  it('moves the cleanup’s clock at an add when it is over an hour old, not at every add', async () => {
    const owner = await guest();
    const id = cartIdOf(owner.token ?? '');
    const touchedAt = async () => (await db.db.select().from(carts).where(eq(carts.id, id)))[0]?.updatedAt;
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await db.db.update(carts).set({ updatedAt: tenMinutesAgo }).where(eq(carts.id, id));
    await cart.addLine(owner, { productId: ids[0], quantity: 1 });
    expect((await touchedAt())?.getTime()).toBe(tenMinutesAgo.getTime());
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    await db.db.update(carts).set({ updatedAt: twoHoursAgo }).where(eq(carts.id, id));
    await cart.addLine(owner, { productId: ids[0], quantity: 1 });
    expect((await touchedAt())?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('deletes guest carts untouched for 90 days, never a client’s', async () => {
    const owner = await guest();
    const old = new Date(Date.now() - 91 * 86_400_000);
    await db.db.update(carts).set({ updatedAt: old }).where(sql`true`);
    const gone = await cart.deleteAbandoned();
    expect(gone).toBeGreaterThan(0);
    expect(await cart.count(owner)).toBe(0);
    expect(await cart.count({ token: null, clientId })).toBe(11);
    const orphans = await db.db
      .select()
      .from(cartLines)
      .where(eq(cartLines.cartId, cartIdOf(owner.token ?? '')));
    expect(orphans).toEqual([]);
  });
});
