import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyRates } from '../../db/schema';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { createCacheRegistry } from '../cache/registry';
import { createCurrencyService } from './currency-service';

const sample = readFileSync(new URL('./testdata/nbrfxrates-sample.xml', import.meta.url), 'utf8');

describe.each(testDatabases)('currency rates on $name', ({ url }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(url);
    await db.db
      .insert(currencyRates)
      .values({ code: 'EUR', ronPerUnit: '4.9000', rateDate: '2026-01-02', source: 'demo' });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores the BNR rates with their date, replacing older ones, and converts with them at once', async () => {
    const service = createCurrencyService(db.db, createCacheRegistry());
    expect(await service.view('EUR')).toEqual({ code: 'EUR', ronPerUnit: 4.9 });
    const stored = await service.updateFromBnrXml(sample);
    expect(stored.date).toBe('2026-11-20');
    const rows = await db.db.select().from(currencyRates);
    expect(rows).toHaveLength(10);
    const eur = rows.find((r) => r.code === 'EUR');
    expect(eur).toMatchObject({ rateDate: '2026-11-20', source: 'BNR' });
    expect(Number(eur?.ronPerUnit)).toBe(5.0874);
    expect(await service.view('EUR')).toEqual({ code: 'EUR', ronPerUnit: 5.0874 });
    expect(await service.view('HUF')).toEqual({ code: 'HUF', ronPerUnit: 0.01314 });
    expect(await service.available()).toEqual([
      'RON',
      'BGN',
      'CHF',
      'CZK',
      'DKK',
      'EUR',
      'GBP',
      'HUF',
      'PLN',
      'RSD',
      'USD',
    ]);
  });

  it('leaves the stored rates alone when the file is not valid', async () => {
    const service = createCurrencyService(db.db, createCacheRegistry());
    await expect(service.updateFromBnrXml('<html>502</html>')).rejects.toThrow(/BNR/);
    expect(await service.view('EUR')).toEqual({ code: 'EUR', ronPerUnit: 5.0874 });
  });

  it('answers lei without any conversion rate for RON, an unknown code or a currency without a rate', async () => {
    const service = createCurrencyService(db.db, createCacheRegistry());
    for (const code of ['RON', 'XYZ', 'ron']) expect(await service.view(code)).toEqual({ code: 'RON' });
    await db.db.delete(currencyRates);
    expect(await createCurrencyService(db.db, createCacheRegistry()).view('EUR')).toEqual({ code: 'RON' });
  });
});
