import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { geoCounties, geoLocalities, geoStreets } from '../../../db/schema';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';
import { silentLogger } from '../../../core/logger';
import { importGeography } from '../../../core/geography/import';
import { writeAddressFixture } from '../../../core/geography/testing';

const fixture = writeAddressFixture();

describe.each(testDatabases)('Romanian address data on $name', ({ url }) => {
  const { db, shop } = useSeededApp(url, async (testDb) => {
    await importGeography(testDb.db, fixture, silentLogger);
  });
  const get = (u: string) => shop.app.inject({ url: u });
  /** The importer run again under a running shop: its lookups' memory is cleared, as main.ts does after importing. */
  const reimport = async (dir: string) => {
    const result = await importGeography(db.db, dir, silentLogger);
    shop.services.caches.invalidate('geography');
    return result;
  };
  const verify = (payload: object) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/zip-codes/verify-zip-codes',
      headers: { origin: 'http://shop.test' },
      payload,
    });

  it('imports the files once: a second run over the same files changes nothing', async () => {
    const again = await importGeography(db.db, fixture, silentLogger);
    expect(again).toMatchObject({ source: 'official', changed: false, counties: 3, localities: 8, streets: 10 });
    expect(await db.db.$count(geoStreets)).toBe(10);
    expect((await get('/api/geography/status')).json()).toEqual({ source: 'official' });
  });

  it('lists the 21 supported countries, Denmark as Danemarca', async () => {
    const countries = (await get('/api/geography/countries')).json() as { country_id: string; country_name: string }[];
    expect(countries).toHaveLength(21);
    expect(countries).toContainEqual({ country_id: 'DK', country_name: 'Danemarca' });
    expect(countries.map((c) => c.country_name)).not.toContain('Elvetia');
  });

  it('lists counties as {Cod, Nume}', async () => {
    expect((await get('/api/geography/counties')).json()).toEqual([
      { Cod: 'AR', Nume: 'Arad' },
      { Cod: 'B', Nume: 'București' },
      { Cod: 'CJ', Nume: 'Cluj' },
    ]);
  });

  it('finds localities whatever the diacritics (ș, ş, s), names starting with the text first', async () => {
    for (const q of ['Chișineu', 'Chişineu', 'chisineu', 'CHIȘ']) {
      const names = (await get(`/api/geography/counties/AR/localities?q=${encodeURIComponent(q)}`)).json();
      expect(
        names.map((l: { Nume: string }) => l.Nume),
        q,
      ).toEqual(['Chișineu-Criș']);
    }
    // "cri" starts a word of Chișineu-Criș only; "a" starts Arad's name, so Arad comes before the others.
    const a = (await get('/api/geography/counties/AR/localities?q=a')).json();
    expect(a[0]).toMatchObject({ Nume: 'Arad', has_streets: true, zip_code: null });
    const nadab = (await get('/api/geography/counties/ar/localities?q=nad')).json();
    expect(nadab).toEqual([
      { Nume: 'Nădab', siruta: 9477, uat: 'Chișineu-Criș', sector: null, zip_code: '315101', has_streets: false },
    ]);
  });

  it('refuses an unknown county with 404 and a bad one with 400', async () => {
    expect((await get('/api/geography/counties/ZZ/localities')).statusCode).toBe(404);
    expect((await get('/api/geography/counties/123/localities')).statusCode).toBe(400);
  });

  it('suggests streets of a locality with their number ranges and postal codes', async () => {
    const res = await get('/api/geography/streets?county=AR&city=Arad&q=revolu');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
    expect(res.json()[0]).toMatchObject({ street: 'Bulevardul Revoluției', sector: '' });
    // Ş with a cedilla, and a word inside the name.
    const stefan = (await get(`/api/geography/streets?county=AR&city=Arad&q=${encodeURIComponent('Ştefan')}`)).json();
    expect(stefan).toEqual([{ street: 'Strada Ștefan cel Mare', sector: '', zip_code: '310237', numbers: '' }]);
    expect((await get('/api/geography/streets?county=AR&city=Arad&q=mare')).json()).toHaveLength(1);
    // Bucharest: a sector narrows the lookup; without one, every sector's streets.
    expect((await get('/api/geography/streets?county=B&city=Bucuresti&q=stefan')).json()).toHaveLength(2);
    expect((await get('/api/geography/streets?county=B&city=Sector-2&q=stefan')).json()).toEqual([
      { street: 'Șoseaua Ștefan cel Mare', sector: '2', zip_code: '020124', numbers: 'nr. 17' },
    ]);
    // A locality with one code has no street rows.
    expect((await get('/api/geography/streets?county=AR&city=Nadab&q=x')).json()).toEqual([]);
  });

  it('verifies zip codes as SPEC §5 says', async () => {
    const many = (await verify({ county: 'Arad', city: 'Arad', street: 'Bulevardul Revoluției' })).json();
    expect(many.count).toBe(3);
    const one = (await verify({ county: 'AR', city: 'Arad', street: 'str. stefan cel mare' })).json();
    expect(one).toEqual({
      count: 1,
      data: [{ street: 'Strada Ștefan cel Mare', sector: '', zip_code: '310237', numbers: '' }],
    });
    const village = (await verify({ county: 'AR', city: 'Nădab', street: 'Principală' })).json();
    expect(village).toEqual({ count: 1, data: [{ street: '-', sector: '', zip_code: '315101', numbers: '' }] });
    const sector = (await verify({ county: 'București', city: 'Sector-1', street: 'Ștefan cel Mare' })).json();
    expect(sector.data).toEqual([
      { street: 'Șoseaua Ștefan cel Mare', sector: '1', zip_code: '011736', numbers: 'nr. 1-3' },
    ]);
    const sectorApart = (await verify({ county: 'B', city: 'Bucuresti', sector: '3', street: 'Patriei' })).json();
    expect(sectorApart).toMatchObject({ count: 1, data: [{ zip_code: '030206', sector: '3' }] });
    expect((await verify({ county: 'B', city: 'București', street: 'Ștefan cel Mare' })).json().count).toBe(2);
    expect((await verify({ county: 'XX', city: 'Arad', street: 'a' })).json()).toEqual({ count: 0, data: [] });
    expect((await verify({ county: 'AR', city: 'Arad' })).statusCode).toBe(400);
  });

  it('falls back to the built-in counties and seats without the files, and back to the files after', async () => {
    const builtin = await reimport(path.join(fixture, 'missing'));
    expect(builtin).toMatchObject({ source: 'builtin', changed: true, counties: 42, localities: 42, streets: 0 });
    expect(await db.db.$count(geoCounties)).toBe(42);
    expect((await get('/api/geography/counties/AR/localities')).json()).toMatchObject([
      { Nume: 'Arad', zip_code: null },
    ]);
    expect((await get('/api/geography/status')).json()).toEqual({ source: 'builtin' });
    const back = await reimport(fixture);
    expect(back).toMatchObject({ source: 'official', changed: true, localities: 8 });
    expect(await db.db.$count(geoLocalities)).toBe(8);
  });

  it('re-imports when the files change', async () => {
    const dir = writeAddressFixture();
    appendFileSync(path.join(dir, 'coduri_postale.csv'), 'CJ,Cluj,Cluj-Napoca,54984,,Stradă,Horea,,400174,strada,,\n');
    expect(await reimport(dir)).toMatchObject({ changed: true, streets: 11 });
    await reimport(fixture);
  });
});
