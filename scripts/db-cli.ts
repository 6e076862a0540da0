/** `npm run db:migrate` and `npm run db:seed` against the configured database. */
import path from 'node:path';
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
