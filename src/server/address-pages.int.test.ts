import { describe, expect, it } from 'vitest';
import type { RegisterInput } from '../contracts/accounts';
import { importGeography } from '../core/geography/import';
import { ARAD_PLACE } from '../contracts/addresses.testing';
import { writeAddressFixture } from '../core/geography/testing';
import { silentLogger } from '../core/logger';
import { clientAddresses } from '../db/schema';
import { testDatabases } from '../db/testing';
import { useSeededApp } from './testing';

const person = (n: number): RegisterInput => ({
  first_name: 'Ion',
  last_name: `Pop${n}`,
  email: `ion${n}@example.ro`,
  phone: '0744123456',
  password: 'parola-lunga-1',
  password_confirmation: 'parola-lunga-1',
  terms: 'on',
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const arad = {
  address_type: 'billing',
  is_company: '0',
  first_name: 'Ion',
  last_name: 'Pop',
  phone: '0744123456',
  ...ARAD_PLACE,
};

describe.each(testDatabases)('address pages without JavaScript on $name', ({ url }) => {
  const cookies: string[] = [];
  const { db, shop } = useSeededApp(
    url,
    async (testDb) => {
      await importGeography(testDb.db, writeAddressFixture(), silentLogger);
    },
    { pages: true },
  );
  const session = async (n: number) => {
    cookies[n] ??= `sid=${(await shop.services.accounts.register(person(n))).token}`;
    return cookies[n];
  };
  const page = async (n: number | null, path: string, body?: Record<string, string>, origin = 'http://shop.test') =>
    shop.app.inject({
      method: body ? 'POST' : 'GET',
      url: path,
      payload: body ? form(body) : undefined,
      headers: {
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded', origin } : {}),
        ...(n === null ? {} : { cookie: await session(n) }),
      },
    });

  it('sends a visitor without a session to the login page', async () => {
    const res = await page(null, '/pages/profile/adrese/noua?type=billing');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/pages/login?redirectTo=${encodeURIComponent('/pages/profile/adrese/noua?type=billing')}`,
    );
  });

  it('renders the form, saves a plain POST and leads back to the address book', async () => {
    const html = (await page(1, '/pages/profile/adrese/noua?type=billing')).body;
    expect(html).toContain('Adaugă adresă nouă');
    expect(html).toContain('<option value="Arad">Arad</option>');
    const saved = await page(1, '/pages/profile/adrese/noua?type=billing', arad);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe('/pages/profile/adrese');
    const book = await page(1, '/pages/profile/adrese');
    expect(book.body).toContain('Bulevardul Revoluției nr. 81');
    expect(book.body).toContain('Nu există adrese de livrare.');
  });

  it('answers a bad form with 400 and the message in place, keeping what was typed', async () => {
    const res = await page(1, '/pages/profile/adrese/noua?type=billing', {
      ...arad,
      zip_code: '010011',
      first_name: 'Ionel',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Codul poștal nu aparține localității alese.');
    expect(res.body).toContain('value="Ionel"');
  });

  it("edits and deletes its own address; another client's is the 404 page and stays", async () => {
    const [mine] = await db.db.select().from(clientAddresses);
    expect((await page(1, `/pages/profile/adrese/${mine.id}`)).body).toContain('Editare adresă');
    const edited = await page(1, `/pages/profile/adrese/${mine.id}`, { ...arad, number: '83' });
    expect(edited.statusCode).toBe(302);
    expect((await page(2, `/pages/profile/adrese/${mine.id}`)).statusCode).toBe(404);
    expect((await page(2, `/pages/profile/adrese/${mine.id}`, { ...arad, number: '1' })).statusCode).toBe(404);
    expect((await page(2, `/pages/profile/adrese/${mine.id}/sterge`, {})).statusCode).toBe(404);
    const before = await db.db.select().from(clientAddresses);
    expect(before).toHaveLength(1);
    expect(before[0].number).toBe('83');
    // A cross-origin post is refused and deletes nothing.
    expect((await page(1, `/pages/profile/adrese/${mine.id}/sterge`, {}, 'http://evil.test')).statusCode).toBe(403);
    expect(await db.db.$count(clientAddresses)).toBe(1);
    expect((await page(1, `/pages/profile/adrese/${mine.id}/sterge`)).body).toContain('Ștergi adresa?');
    const deleted = await page(1, `/pages/profile/adrese/${mine.id}/sterge`, {});
    expect(deleted.statusCode).toBe(302);
    expect(await db.db.$count(clientAddresses)).toBe(0);
  });

  it('answers the modal with data instead of a redirect', async () => {
    const res = await page(1, '/pages/profile/adrese/noua.data?type=delivery', {
      ...arad,
      address_type: 'delivery',
      country_id: 'DE',
      county: 'Berlin',
      city: 'Berlin',
      zip_code: '10117',
      phone: '+49301234567',
      _modal: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(await db.db.$count(clientAddresses)).toBe(1);
  });
});
