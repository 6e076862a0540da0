import { createCacheRegistry } from '../cache/registry';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../db/testing';
import { silentLogger } from '../logger';
import { createGeographyService } from './geography-service';
import { importGeography } from './import';

// The one test that imports the whole data set (55k street rows), on the embedded database only:
// every other test uses the small fixture of ./testing.ts.
const dataDir = path.resolve(process.env.RO_ADDRESS_DATA ?? '../shared/data/ro-address');

describe.skipIf(!existsSync(path.join(dataDir, 'coduri_postale.csv')))('the full Romanian address data', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => db.close());

  it('imports in under 60 s, and a second run is a fast no-op', async () => {
    const first = await importGeography(db.db, dataDir, silentLogger);
    expect(first).toMatchObject({ source: 'official', changed: true, counties: 42 });
    expect(first.localities).toBe(13_755);
    expect(first.streets).toBeGreaterThan(41_000);
    expect(first.ms).toBeLessThan(60_000);
    const second = await importGeography(db.db, dataDir, silentLogger);
    expect(second.changed).toBe(false);
    expect(second.ms).toBeLessThan(2_000);

    const geo = createGeographyService(db.db, createCacheRegistry());
    const streets = await geo.streets({ county: 'AR', city: 'Arad', q: 'Revoluției', limit: 20 });
    expect(streets.map((s) => s.zip_code)).toContain('310130');
    const bucharest = await geo.verifyZip({ county: 'B', city: 'Sector-1', street: 'Aviatorilor' });
    expect(bucharest.count).toBeGreaterThan(1);
  }, 120_000);
});
