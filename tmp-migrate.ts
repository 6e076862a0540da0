import { openDb } from './src/db/client';
import { migrate } from './src/db/migrate';
const h = await openDb(process.env.DB_URL ? { url: process.env.DB_URL } : { pgliteDir: process.argv[2] });
const t = performance.now();
await migrate(h);
console.log('migrated in', (performance.now() - t).toFixed(0), 'ms');
await h.close();
