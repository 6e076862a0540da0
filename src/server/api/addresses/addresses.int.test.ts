import { describe, expect, it } from 'vitest';
import type { RegisterInput } from '../../../contracts/accounts';
import { importGeography } from '../../../core/geography/import';
import { writeAddressFixture } from '../../../core/geography/testing';
import { silentLogger } from '../../../core/logger';
import { clientAddresses } from '../../../db/schema';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

const person = (n: number): RegisterInput => ({
  first_name: 'Ana',
  last_name: `Pop${n}`,
  email: `ana${n}@example.ro`,
  phone: '0744123456',
  password: 'parola-lunga-1',
  password_confirmation: 'parola-lunga-1',
  terms: 'on',
});

const arad = {
  address_type: 'billing',
  is_company: false,
  first_name: 'Ana',
  last_name: 'Pop',
  phone: '0744 123 456',
  country_id: 'RO',
  county: 'AR',
  city: 'Arad',
  street: 'Bulevardul Revoluției',
  number: '81',
  zip_code: '310130',
};

const company = {
  ...arad,
  is_company: true,
  company_name: 'Maranatha SRL',
  cui: 'RO 12345674',
  company_registration_number: 'J02/123/2012',
  bank: 'BCR',
  iban: 'RO49 AAAA 1B31 0075 9384 0000',
};

const germany = {
  address_type: 'delivery',
  first_name: 'Ana',
  last_name: 'Pop',
  phone: '+49 30 1234567',
  country_id: 'DE',
  county: 'Berlin',
  city: 'Berlin',
  street: 'Unter den Linden',
  number: '5',
  zip_code: '10117',
};

describe.each(testDatabases)('address API on $name', ({ url }) => {
  const cookies: string[] = [];
  const { db, shop } = useSeededApp(url, async (testDb) => {
    await importGeography(testDb.db, writeAddressFixture(), silentLogger);
  });
  const session = async (n: number) => {
    cookies[n] ??= `sid=${(await shop.services.accounts.register(person(n))).token}`;
    return cookies[n];
  };
  const call = async (n: number | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    shop.app.inject({
      method,
      url: path,
      payload,
      headers: { origin: 'http://shop.test', ...(n === null ? {} : { cookie: await session(n) }) },
    });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/api/auth/addresses')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/auth/addresses', arad)).statusCode).toBe(401);
  });

  it('creates, lists, updates and deletes a Romanian billing address', async () => {
    const created = await call(1, 'POST', '/api/auth/addresses', arad);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      address_type: 'billing',
      county: 'Arad',
      county_code: 'AR',
      city: 'Arad',
      locality_siruta: 9271,
      zip_code: '310130',
      country: 'România',
      company_name: null,
    });
    const id = created.json().id as number;
    expect((await call(1, 'GET', '/api/auth/addresses')).json()).toHaveLength(1);
    const updated = await call(1, 'PUT', `/api/auth/addresses/${id}`, { ...arad, number: '83' });
    expect(updated.json()).toMatchObject({ id, number: '83' });
    expect((await call(1, 'DELETE', `/api/auth/addresses/${id}`)).statusCode).toBe(204);
    expect((await call(1, 'GET', '/api/auth/addresses')).json()).toEqual([]);
  });

  it('stores a company address with CUI and IBAN, and a delivery address in Germany in free text', async () => {
    const firm = await call(1, 'POST', '/api/auth/addresses', company);
    expect(firm.statusCode).toBe(201);
    expect(firm.json()).toMatchObject({ is_company: true, cui: 'RO12345674', iban: 'RO49AAAA1B31007593840000' });
    const de = await call(1, 'POST', '/api/auth/addresses', germany);
    expect(de.statusCode).toBe(201);
    expect(de.json()).toMatchObject({
      country: 'Germania',
      county: 'Berlin',
      county_code: null,
      locality_siruta: null,
    });
  });

  it('refuses bad addresses with field messages', async () => {
    const fields = async (payload: object) => {
      const res = await call(1, 'POST', '/api/auth/addresses', payload);
      expect(res.statusCode).toBe(400);
      return res.json().error.fields as Record<string, string>;
    };
    expect(await fields({ ...arad, zip_code: '010011' })).toEqual({
      zip_code: 'Codul poștal nu aparține localității alese.',
    });
    expect(await fields({ ...arad, city: 'Atlantida' })).toEqual({ city: 'Alege localitatea din lista județului.' });
    expect(await fields({ ...arad, county: 'Mordor' })).toEqual({ county: 'Alege județul din listă.' });
    expect(await fields({ ...arad, phone: '123' })).toMatchObject({ phone: 'Numar de telefon invalid!' });
    expect(await fields({ ...company, cui: '', iban: 'RO00 0000' })).toMatchObject({
      cui: 'Acest câmp este obligatoriu.',
      iban: 'IBAN-ul nu este valid.',
    });
    expect(await fields({ ...arad, first_name: '' })).toMatchObject({ first_name: 'Acest câmp este obligatoriu.' });
    // A person's address does not need company fields; a company's does.
    expect(Object.keys(await fields({ ...arad, is_company: true }))).toEqual(
      expect.arrayContaining(['company_name', 'cui', 'bank', 'iban', 'company_registration_number']),
    );
  });

  it("answers 404 for another client's address and changes nothing", async () => {
    const mine = (await call(2, 'POST', '/api/auth/addresses', arad)).json();
    const before = await db.db.select().from(clientAddresses);
    expect((await call(3, 'PUT', `/api/auth/addresses/${mine.id}`, { ...arad, number: '1' })).statusCode).toBe(404);
    expect((await call(3, 'DELETE', `/api/auth/addresses/${mine.id}`)).statusCode).toBe(404);
    expect((await call(3, 'GET', '/api/auth/addresses')).json()).toEqual([]);
    expect(await db.db.select().from(clientAddresses)).toEqual(before);
    expect((await call(2, 'DELETE', '/api/auth/addresses/999999')).statusCode).toBe(404);
  });

  it('lists the address routes in the OpenAPI document', async () => {
    const paths = Object.keys((await shop.app.inject({ url: '/api/openapi.json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/addresses',
        '/api/auth/addresses/{id}',
        '/api/zip-codes/verify-zip-codes',
        '/api/geography/counties/{county}/localities',
        '/api/geography/streets',
      ]),
    );
  });
});
