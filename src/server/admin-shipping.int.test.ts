import { readFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARRIER } from '../contracts/shipping';
import { auditLog, carrierLocations, currencyRates, glsLockers, invoices, orders, products } from '../db/schema';
import { seedDemoData } from '../db/seed/seed';
import { seedShippingData } from '../db/seed/shipping-seed';
import { testDatabases } from '../db/testing';
import { createTestStaff, useSeededApp } from './testing';
import { createCacheRegistry } from '../core/cache/registry';
import { createCurrencyService } from '../core/currency/currency-service';
import { testOrder } from '../core/admin/testing';

const bnrSample = readFileSync(new URL('../core/currency/testdata/nbrfxrates-sample.xml', import.meta.url), 'utf8');

const LOCKERS_CSV = [
  'locker_id,name,county,city,street,number,zip_code',
  'T-ARAD-1,GLS Locker Kaufland Arad,Arad,Arad,Calea Aurel Vlaicu,10,310141',
  'T-ARAD-2,"GLS Locker ""Piața Mihai Viteazu""",Arad,Arad,Piața Mihai Viteazu,1,310065',
].join('\n');

describe.each(testDatabases)('the shipping back office on $name', ({ url }) => {
  const { shop, db } = useSeededApp(url, async (testDb) => {
    await seedDemoData(testDb.db, 3);
    await seedShippingData(testDb.db, { demo: false });
  });
  const admin = () => shop.services.shippingAdmin;
  const auditOf = (entity: string) =>
    db.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(auditLog.id);

  it('refuses a band whose maximum weight another band of the carrier and country has (any weight too), and writes nothing', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const before = await admin().rates(CARRIER.GLSDomiciliu, 'RO');
    expect(before).toHaveLength(1);
    expect(before[0]?.maxWeightGrams).toBeNull();
    const band = {
      carrierId: CARRIER.GLSDomiciliu,
      countryId: 'RO' as const,
      price: 2500,
      realCost: 2000,
      deliveryTime: '1-2',
    };
    // A second "any weight" band: the unique index would let it through (nulls are distinct), the service does not.
    await expect(admin().addRate(staff.id, { ...band, maxWeightGrams: null })).rejects.toMatchObject({
      code: 'CONFLICT',
      fields: { maxWeightGrams: 'validation.adminShipping.bandOverlap' },
    });
    const light = await admin().addRate(staff.id, { ...band, maxWeightGrams: 2000 });
    // The new band takes the carrier's free-shipping minimum to the country.
    expect(light).toMatchObject({
      maxWeightGrams: 2000,
      price: 2500,
      freeShippingMinimum: before[0]?.freeShippingMinimum,
    });
    await expect(admin().addRate(staff.id, { ...band, maxWeightGrams: 2000 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const heavy = await admin().addRate(staff.id, { ...band, maxWeightGrams: 5000 });
    await expect(admin().editRate(staff.id, heavy.id, { ...band, maxWeightGrams: 2000 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await admin().editRate(staff.id, heavy.id, { ...band, maxWeightGrams: 6000, price: 3100 });
    await admin().deleteRate(staff.id, light.id);
    const after = await admin().rates(CARRIER.GLSDomiciliu, 'RO');
    expect(after.map((r) => [r.maxWeightGrams, r.price])).toEqual([
      [6000, 3100],
      [null, 1900],
    ]);
    const audit = await auditOf('rate');
    expect(audit.map((r) => r.action)).toEqual(['rate.create', 'rate.create', 'rate.update', 'rate.delete']);
    expect(audit[2]).toMatchObject({
      staffId: staff.id,
      before: { maxWeightGrams: 5000, price: 2500 },
      after: { maxWeightGrams: 6000, price: 3100 },
    });
    await admin().deleteRate(staff.id, heavy.id);
  });

  it('changes the GLS free-shipping minimum, and the checkout quote and the cart meter show it at once', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const [product] = await db.db.select({ id: products.id }).from(products).limit(1);
    const query = { countryId: 'RO' as const, items: [{ productId: product.id, quantity: 1 }], cartTotal: 15_000 };
    const quote = () => shop.services.shipping.quote({ ...query, carrierId: CARRIER.GLSDomiciliu });
    expect(await quote()).toMatchObject({
      shippingCost: 1900,
      free_shipping_minimum: 20_000,
      free_shipping_threshold_remaining: 5000,
    });
    const meter = async () => (await shop.services.cart.view({ token: null, clientId: null })).freeShipping;
    expect(await meter()).toEqual({ minimum: 20_000, remaining: 20_000 });
    // Both are read now, so they sit in the caches: the write must clear them.
    await admin().setFreeMinimum(staff.id, CARRIER.GLSDomiciliu, 'RO', 10_000);
    expect(await quote()).toMatchObject({
      shippingCost: 0,
      free_shipping_minimum: 10_000,
      free_shipping_threshold_remaining: 0,
    });
    expect(await meter()).toEqual({ minimum: 10_000, remaining: 10_000 });
    // A carrier with no band to the country has no minimum to set.
    await expect(admin().setFreeMinimum(staff.id, CARRIER.GLSDomiciliu, 'DE', 100)).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    // Never free, then disabled: the meter goes away.
    await admin().setFreeMinimum(staff.id, CARRIER.GLSDomiciliu, 'RO', null);
    expect(await quote()).toMatchObject({ shippingCost: 1900, free_shipping_minimum: null });
    await admin().setFreeMinimum(staff.id, CARRIER.GLSDomiciliu, 'RO', 20_000);
    const [audit] = (await auditOf('rate')).filter((r) => r.action === 'rate.free-minimum');
    expect(audit).toMatchObject({
      staffId: staff.id,
      entityId: `${CARRIER.GLSDomiciliu}:RO`,
      before: { freeShippingMinimum: 20_000 },
      after: { freeShippingMinimum: 10_000 },
    });
    await admin().updateCarrier(staff.id, CARRIER.GLSDomiciliu, { name: 'GLS', trackingUrl: null, active: false });
    expect(await quote()).toBeNull();
    expect(await meter()).toEqual({ minimum: 0, remaining: 0 });
    await admin().updateCarrier(staff.id, CARRIER.GLSDomiciliu, {
      name: 'GLS',
      trackingUrl: 'https://gls-group.com/RO/ro/urmarire-colet?match={awb}',
      active: true,
    });
    expect((await auditOf('carrier')).map((r) => r.action)).toEqual(['carrier.update', 'carrier.update']);
  });

  it('imports lockers from CSV all or nothing: a bad line is reported by its number and nothing is written', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const bad = `${LOCKERS_CSV}\nT-ARAD-3,Locker,Arad,Arad,Strada X,2,31\nT-ARAD-1,Again,Arad,Arad,Strada Y,3,310141\n`;
    const refused = await admin().applyImport(staff.id, 'lockers', bad);
    expect(refused.problems).toEqual([
      { line: 4, field: 'zip_code', message: 'validation.adminShipping.zip' },
      { line: 5, field: null, message: 'validation.adminShipping.csvDuplicate' },
    ]);
    expect(await db.db.select().from(glsLockers)).toEqual([]);
    expect(await auditOf('gls-locker')).toEqual([]);
    expect((await admin().previewImport('lockers', 'id,name\n1,x')).problems).toEqual([
      { line: 1, field: null, message: 'validation.adminShipping.csvHeader' },
    ]);

    const preview = await admin().previewImport('lockers', LOCKERS_CSV);
    expect(preview).toMatchObject({ rows: 2, added: 2, changed: 0, unchanged: 0, problems: [] });
    expect(await db.db.select().from(glsLockers)).toEqual([]);
    const applied = await admin().applyImport(staff.id, 'lockers', LOCKERS_CSV);
    expect(applied).toMatchObject({ added: 2, changed: 0 });
    expect(await shop.services.shipping.locker('T-ARAD-2')).toMatchObject({
      location_name: 'GLS Locker "Piața Mihai Viteazu"',
    });
    const again = LOCKERS_CSV.replace('Calea Aurel Vlaicu,10', 'Calea Aurel Vlaicu,12');
    expect(await admin().applyImport(staff.id, 'lockers', again)).toMatchObject({ added: 0, changed: 1, unchanged: 1 });
    expect(await shop.services.shipping.locker('T-ARAD-1')).toMatchObject({ number: '12' });
    const page = await admin().lockers({ kind: 'lockers', q: 'mihai', page: 1 });
    expect(page.rows.map((l) => l.lockerId)).toEqual(['T-ARAD-2']);
    const audit = await auditOf('gls-locker');
    expect(audit.map((r) => r.action)).toEqual(['lockers.import', 'lockers.import']);
    expect(audit[1]?.before).toMatchObject({ changed: [{ locker_id: 'T-ARAD-1', number: '10' }] });
    await admin().deleteLocker(staff.id, 'T-ARAD-2');
    expect(await shop.services.shipping.locker('T-ARAD-2')).toBeNull();
  });

  it('imports agencies’ pickup points by carrier, country and agency, refusing a carrier that is not an agency', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const csv = 'carrier_id,country_id,agency,contact_info\n1,DE,Tabita Tour München,"Str. 1, München\nTel. +49 1"\n';
    expect((await admin().applyImport(staff.id, 'points', `${csv}4,DE,GLS,x\n`)).problems).toEqual([
      { line: 4, field: 'carrier_id', message: 'validation.adminShipping.agency' },
    ]);
    expect(await db.db.select().from(carrierLocations)).toEqual([]);
    expect(await admin().applyImport(staff.id, 'points', csv)).toMatchObject({ added: 1 });
    const [point] = await shop.services.shipping.locations(CARRIER.TabitaTour, 'DE');
    expect(point).toMatchObject({
      agency: 'Tabita Tour München',
      location_contact_info: 'Str. 1, München\nTel. +49 1',
    });
    await admin().deletePoint(staff.id, point.id);
    expect((await auditOf('pickup-point')).map((r) => r.action)).toEqual([
      'pickup-points.import',
      'pickup-point.delete',
    ]);
  });

  it('issues new invoices with the series and details staff saved; issued invoices keep theirs; a new series starts at 1', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const settings = shop.services.settings;
    const defaults = await settings.invoice();
    expect(defaults).toMatchObject({ series: shop.config.invoices.series, name: shop.config.invoices.seller.name });
    const orderIds = (
      await db.db
        .insert(orders)
        .values(
          [1, 2, 3].map(() => testOrder({ createdAt: new Date().toISOString(), total: 5000, paymentState: 'paid' })),
        )
        .returning({ id: orders.id })
    ).map((o) => o.id);
    const first = await shop.services.invoices.issue(orderIds[0], 'test');
    const { lastNumber: _last, ...values } = defaults;
    const changed = { ...values, name: 'Asociația Test', cui: 'RO12345', series: 'TST' };
    await settings.saveInvoice(staff.id, changed);
    const second = await shop.services.invoices.issue(orderIds[1], 'test');
    expect(second.bill_number).toBe('TST-000001');
    const rows = await db.db
      .select()
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds))
      .orderBy(invoices.orderId);
    expect(rows[0]).toMatchObject({
      series: shop.config.invoices.series,
      seller: { name: shop.config.invoices.seller.name },
    });
    expect(first.bill_number).toBe(`${shop.config.invoices.series}-000001`);
    expect(rows[1]).toMatchObject({ series: 'TST', number: 1, seller: { name: 'Asociația Test', cui: 'RO12345' } });
    // Back to the old series: its counter continues, nothing is renumbered.
    await settings.saveInvoice(staff.id, { ...changed, series: shop.config.invoices.series });
    expect((await shop.services.invoices.issue(orderIds[2], 'test')).bill_number).toBe(
      `${shop.config.invoices.series}-000002`,
    );
    expect((await settings.invoice()).lastNumber).toBe(2);
    const audit = await auditOf('settings');
    expect(audit.map((r) => r.action)).toEqual(['settings.invoice', 'settings.invoice']);
    expect(audit[0]).toMatchObject({ before: { series: shop.config.invoices.series }, after: { series: 'TST' } });
  });

  it('keeps the depot in the settings: the checkout reads it, the config value until staff change it', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    expect(await shop.services.settings.depot()).toMatchObject({ city: 'Arad', street: 'Strada Revoluției' });
    await shop.services.settings.saveDepot(staff.id, {
      county: 'Arad',
      city: 'Arad',
      street: 'Strada Nouă',
      number: '5',
      zip_code: '310001',
    });
    expect(await shop.services.settings.depot()).toEqual({
      county: 'Arad',
      city: 'Arad',
      street: 'Strada Nouă',
      number: '5',
      zip_code: '310001',
      country_id: 'RO',
    });
    const [audit] = await auditOf('settings').then((rows) => rows.filter((r) => r.entityId === 'depot'));
    expect(audit).toMatchObject({ before: { street: 'Strada Revoluției' }, after: { street: 'Strada Nouă' } });
  });

  it('updates the BNR rates now with an audit row, and says why when BNR cannot be read, changing nothing', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const answering = (res: () => Response | Promise<Response>) =>
      createCurrencyService(db.db, createCacheRegistry(), {
        ratesUrl: 'https://bnr.test/rates.xml',
        fetch: async () => res(),
      });
    const ratesNow = () =>
      db.db
        .select()
        .from(currencyRates)
        .where(and(eq(currencyRates.code, 'EUR')));
    const before = await ratesNow();
    await expect(answering(() => new Response('down', { status: 503 })).updateNow(staff.id)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      messageKey: 'adminShipping.bnr.failedStatus',
      params: { status: 503 },
    });
    await expect(
      answering(() => Promise.reject(new TypeError('fetch failed'))).updateNow(staff.id),
    ).rejects.toMatchObject({
      messageKey: 'adminShipping.bnr.failedNetwork',
    });
    await expect(answering(() => new Response('<html/>')).updateNow(staff.id)).rejects.toMatchObject({
      messageKey: 'adminShipping.bnr.failedFormat',
    });
    expect(await ratesNow()).toEqual(before);
    expect(await auditOf('rates')).toEqual([]);
    const stored = await answering(() => new Response(bnrSample)).updateNow(staff.id);
    expect(stored.date).toBe('2026-11-20');
    expect((await ratesNow())[0]).toMatchObject({ rateDate: '2026-11-20', source: 'BNR' });
    const [audit] = await auditOf('rates');
    expect(audit).toMatchObject({ staffId: staff.id, action: 'rates.update', entityId: '2026-11-20' });
    expect(audit?.after).toMatchObject({ EUR: { ronPerUnit: '5.087400' } });
    expect(await shop.services.currency.stored()).toContainEqual(
      expect.objectContaining({ code: 'EUR', rateDate: '2026-11-20' }),
    );
  });
});
