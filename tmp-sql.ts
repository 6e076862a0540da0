import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
const url = process.env.DB_URL;
let q: (s: string) => Promise<any[]>;
if (url) { const c = new pg.Client({ connectionString: url }); await c.connect(); q = async (s) => (await c.query(s)).rows; }
else { const c = await PGlite.create({ dataDir: process.argv[2], extensions: { pg_trgm, unaccent } }); q = async (s) => (await c.query(s)).rows as any[]; }
const stmts = (url ? process.argv.slice(2) : process.argv.slice(3));
for (const s of stmts) {
  for (let i = 0; i < 2; i++) {
    const rows = await q(s);
    if (i === 1) console.log(rows.map((r) => Object.values(r).join(' ')).join('\n').slice(0, 3000));
  }
}
process.exit(0);
