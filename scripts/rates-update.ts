/**
 * `npm run rates:update [-- --file nbrfxrates.xml]`: stores the National Bank of Romania's reference
 * rates (RON per unit, with their date) for the display currencies. Reads BNR_RATES_URL (default
 * https://www.bnr.ro/nbrfxrates.xml), or a saved file with --file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BNR_RATES_URL } from '../src/core/currency/bnr-rates';
import { createCacheRegistry } from '../src/core/cache/registry';
import { createCurrencyService } from '../src/core/currency/currency-service';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { ConfigError, loadConfig } from '../src/server/config';

async function download(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status} ${res.statusText}`);
  return res.text();
}

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { file: { type: 'string' } } });
  const config = loadConfig();
  const xml = values.file
    ? readFileSync(values.file, 'utf8')
    : await download(process.env.BNR_RATES_URL ?? BNR_RATES_URL);
  const db = await openDb(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await migrate(db);
    const stored = await createCurrencyService(db.db, createCacheRegistry()).updateFromBnrXml(xml);
    console.log(
      `Rates of ${stored.date} stored (${db.kind}): ${stored.rates.map((r) => `${r.code} ${r.ronPerUnit}`).join(', ')}`,
    );
  } finally {
    await db.close();
  }
}

run().catch((err) => {
  console.error(
    err instanceof ConfigError ? err.message : `Rates not updated: ${err instanceof Error ? err.message : err}`,
  );
  process.exit(1);
});
