import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as schema from './src/db/schema';
import { createServices } from './src/core/services';
import { toListingFilters } from './src/contracts/listing';

const url = process.env.DB_URL;
let db: any;
const log: { sql: string; params: unknown[]; ms: number }[] = [];
let raw: (sql: string, params: unknown[]) => Promise<any>;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const orig = pool.query.bind(pool);
  (pool as any).query = async (...a: any[]) => { const t = performance.now(); const r = await (orig as any)(...a); const q = typeof a[0] === 'string' ? a[0] : a[0].text; log.push({ sql: q, params: typeof a[0] === 'string' ? a[1] : a[0].values, ms: performance.now() - t }); return r; };
  db = drizzlePg({ client: pool, schema });
  raw = async (s, p) => (await orig(s, p)).rows;
} else {
  const client = await PGlite.create({ dataDir: process.argv[2], extensions: { pg_trgm, unaccent } });
  for (const m of ['query'] as const) {
    const orig = (client as any)[m].bind(client);
    (client as any)[m] = async (q: string, p: unknown[], o: unknown) => { const t = performance.now(); const r = await orig(q, p, o); log.push({ sql: q, params: p, ms: performance.now() - t }); return r; };
  }
  db = drizzle({ client, schema });
  raw = async (s, p) => (await (client as any).query(s, p)).rows;
}
const services = createServices(db, { mail: {} as any, contact: {} as any, sisterStores: [] });
const phrases = process.argv.slice(url ? 2 : 3);
for (const phrase of phrases) {
  const [text, sort = 'default', page = '1'] = phrase.split('|');
  const filters = toListingFilters({ searchText: text || undefined, author: [], publisher: [], binding: [], language: [], translation: [] } as any);
  log.length = 0;
  const t = performance.now();
  const res = await services.catalogue.list({ filters, sort: sort as any, offset: (Number(page) - 1) * 24, limit: 24, lang: 'ro' });
  console.log(`\n=== ${phrase}: ${(performance.now() - t).toFixed(1)} ms total ${res.total}`);
  const stmts = [...log];
  for (const s of stmts) console.log(`${s.ms.toFixed(1)} ms: ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
  if (process.env.EXPLAIN) for (const s of stmts.filter((s) => s.ms > Number(process.env.EXPLAIN))) {
    const plan = await raw(`explain (analyze, buffers) ${s.sql}`, s.params as unknown[]);
    console.log(plan.map((r: any) => r['QUERY PLAN']).join('\n'));
  }
}
process.exit(0);
