import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importGeography } from '../../../core/geography/import';
import { writeAddressFixture } from '../../../core/geography/testing';
import { silentLogger } from '../../../core/logger';
import { carrierLocations, glsLockers, products } from '../../../db/schema';
import { seedShippingData, shippingSeedCounts } from '../../../db/seed/shipping-seed';
import { insertBibles, testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

const ORIGIN = 'http://shop.test';

describe.each(testDatabases)('carriers, pickup points and lockers on $name', ({ url }) => {
  let ids: number[] = [];
  const { db, shop } = useSeededApp(url, async (testDb) => {
    await importGeography(testDb.db, writeAddressFixture(), silentLogger);
    await seedShippingData(testDb.db, { demo: true });
    ids = await insertBibles(testDb.db, ['Biblia A', 'Biblia B']);
    await testDb.db.update(products).set({ weightGrams: 800 }).where(inArray(products.id, ids));
  });
  const carriers = (payload: object) =>
    shop.app.inject({ method: 'POST', url: '/api/carriers', headers: { origin: ORIGIN }, payload });
  const body = (country: string, quantity: number, cartTotal: number) => ({
    country_id: country,
    items: [{ product_id: ids[0], required_quantity: quantity }],
    payment_method: 'card',
    cart_total: cartTotal,
  });

  it('offers GLS home (19 lei), GLS locker and free depot pickup in Romania, with what is left for free shipping', async () => {
    const res = await carriers(body('RO', 1, 15_000));
    expect(res.statusCode).toBe(200);
    const offered = res.json().data.carriers as {
      id: number;
      shippingCost: number;
      free_shipping_threshold_remaining: number;
      delivery_option: string;
    }[];
    expect(offered.map((c) => [c.id, c.delivery_option, c.shippingCost])).toEqual([
      [4, 'home', 1900],
      [7, 'locker', 1900],
      [6, 'pickup', 0],
    ]);
    expect(offered[0].free_shipping_threshold_remaining).toBe(5000);
    expect(offered[2].free_shipping_threshold_remaining).toBe(0);
    // From 200 lei GLS is free.
    const free = (await carriers(body('RO', 1, 20_000))).json().data.carriers;
    expect(free[0]).toMatchObject({ id: 4, shippingCost: 0, price: 1900, free_shipping_threshold_remaining: 0 });
  });

  it('abroad: agencies where they have pickup points, Poșta Română International, and GLS only where SPEC §9 allows', async () => {
    const germany = (await carriers(body('DE', 1, 5000))).json().data.carriers as {
      id: number;
      delivery_time: string | null;
    }[];
    expect(germany.map((c) => c.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(germany.find((c) => c.id === 4)?.delivery_time).toBe('4-6');
    // Free shipping is Romania's (SPEC §9): GLS abroad costs its fee whatever the cart.
    const rich = (await carriers(body('DE', 1, 500_000))).json().data.carriers.find((c: { id: number }) => c.id === 4);
    expect(rich).toMatchObject({ free_shipping_minimum: null, free_shipping_threshold_remaining: 0 });
    expect(rich.shippingCost).toBeGreaterThan(0);
    const greece = (await carriers(body('GR', 1, 5000))).json().data.carriers as { id: number }[];
    expect(greece.map((c) => c.id)).toEqual([5]);
  });

  it('charges by the parcel’s weight: a heavier parcel falls in a dearer band, too heavy for every band is not offered', async () => {
    const light = (await carriers(body('DE', 1, 5000))).json().data.carriers.find((c: { id: number }) => c.id === 5);
    const heavy = (await carriers(body('DE', 20, 5000))).json().data.carriers.find((c: { id: number }) => c.id === 5);
    expect(heavy.price).toBeGreaterThan(light.price);
    const tooHeavy = (await carriers(body('DE', 99, 5000))).json().data.carriers as { id: number }[];
    expect(tooHeavy.find((c) => c.id === 5)).toBeUndefined();
  });

  it('lists an agency’s pickup points of a country sorted by agency, and nothing elsewhere', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/carriers/locations',
      headers: { origin: ORIGIN },
      payload: { carrier_id: 1, country_id: 'DE' },
    });
    const data = res.json().data as { agency: string; country_id: string; carrier_id: number }[];
    expect(data.length).toBeGreaterThan(1);
    expect(data.every((l) => l.country_id === 'DE' && l.carrier_id === 1)).toBe(true);
    expect(data.map((l) => l.agency)).toEqual([...data.map((l) => l.agency)].sort());
    const none = await shop.app.inject({
      method: 'POST',
      url: '/api/carriers/locations',
      headers: { origin: ORIGIN },
      payload: { carrier_id: 3, country_id: 'RO' },
    });
    expect(none.json()).toEqual({ data: [] });
    expect(await db.db.$count(carrierLocations, eq(carrierLocations.isDemo, true))).toBeGreaterThan(10);
  });

  it('finds lockers by locality or postal code, in real localities of the address data', async () => {
    expect(await db.db.$count(glsLockers)).toBeGreaterThan(0);
    const all = (await shop.app.inject({ url: '/api/gls-lockers' })).json().data as {
      city: string;
      zip_code: string;
    }[];
    expect(all.length).toBeGreaterThan(0);
    const [first] = all;
    const byCity = (
      await shop.app.inject({ url: `/api/gls-lockers?q=${encodeURIComponent(first.city.slice(0, 3))}` })
    ).json().data;
    expect(byCity.length).toBeGreaterThan(0);
    const byZip = (await shop.app.inject({ url: `/api/gls-lockers?q=${first.zip_code.slice(0, 3)}` })).json().data as {
      zip_code: string;
    }[];
    expect(byZip.every((l) => l.zip_code.startsWith(first.zip_code.slice(0, 3)))).toBe(true);
    expect((await shop.app.inject({ url: '/api/gls-lockers?q=nicaieri' })).json()).toEqual({ data: [] });
  });

  it('refuses a bad payload with 400 and field messages', async () => {
    for (const payload of [
      {},
      { ...body('XX', 1, 0) },
      { ...body('RO', 0, 0) },
      { ...body('RO', 1, -1) },
      { carrier_id: 9, country_id: 'RO' },
    ]) {
      const res = await carriers(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    const badLocation = await shop.app.inject({
      method: 'POST',
      url: '/api/carriers/locations',
      headers: { origin: ORIGIN },
      payload: { carrier_id: 9, country_id: 'RO' },
    });
    expect(badLocation.statusCode).toBe(400);
    expect((await shop.app.inject({ url: `/api/gls-lockers?q=${'x'.repeat(100)}` })).statusCode).toBe(400);
  });

  it('seeds nothing twice', async () => {
    const before = await shippingSeedCounts(db.db);
    await seedShippingData(db.db, { demo: true });
    expect(await shippingSeedCounts(db.db)).toEqual(before);
  });
});
