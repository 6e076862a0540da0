/** `npm run db:migrate` and `npm run db:seed` against the configured database. */
import path from 'node:path';
import { importGeography } from '../src/core/geography/import';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { isCatalogueEmpty, seedDemoData } from '../src/db/seed/seed';
import { ConfigError, loadConfig } from '../src/server/config';

async function run(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const db = await openDb(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await migrate(db);
    // Romania's address data goes with the migrations (a no-op when the same files were loaded before).
    const log = { info: () => {}, warn: (_: object, msg: string) => console.error(msg), error: () => {} };
    const geography = await importGeography(db.db, config.roAddressData, log);
    console.log(
      `Address data: ${geography.source}, ${geography.localities} localities, ${geography.streets} street codes${geography.changed ? ` (loaded in ${(geography.ms / 1000).toFixed(1)} s)` : ' (unchanged)'}`,
    );
    if (command === 'seed') {
      if (await isCatalogueEmpty(db.db)) {
        const started = Date.now();
        await seedDemoData(db.db, config.demoProducts);
        console.log(`Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else console.log('The catalogue already has products: nothing loaded.');
    } else console.log(`Migrations applied (${db.kind}).`);
  } finally {
    await db.close();
  }
}

run(process.argv[2]).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
