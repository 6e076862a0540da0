/**
 * The shop's API on an embedded database in a folder, as a process of its own, for the crash test
 * (order-crash.int.test.ts): `node --import tsx order-server.ts <dataDir> <port>`. The first start migrates and
 * loads a small catalogue; the mail relay writes the outbox's mails as .eml files under <dataDir>/outbox.
 */
import { openDb } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedShippingData } from '../../db/seed/shipping-seed';
import { insertBibles } from '../../db/testing';
import { products } from '../../db/schema';
import { buildApp } from '../app';
import { loadConfig } from '../config';

const [dataDir, port] = process.argv.slice(2);
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'crash-test-secret-crash-test-secret-123',
  PUBLIC_URL: 'http://shop.test',
  PORT: port,
  HOST: '127.0.0.1',
  // A mail the killed process was sending goes out again after 2 s instead of 5 minutes.
  MAIL_CLAIM_SECONDS: '2',
});
const db = await openDb({ pgliteDir: `${dataDir}/pglite` });
await migrate(db);
if ((await db.db.$count(products)) === 0) {
  await seedShippingData(db.db, { demo: false });
  await insertBibles(db.db, ['Biblia A', 'Biblia B', 'Biblia C'], { quantity: 100 });
}
const { app } = await buildApp({ config, db });
await app.listen({ port: Number(port), host: '127.0.0.1' });
// SIGTERM is the clean stop: closing the app waits for the relay's run, so every mail it wrote as a file is
// also marked sent before the test reads the outbox table.
process.once('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
process.stdout.write('ready\n');
