import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
const db = await PGlite.create({ dataDir: '/tmp/pgl-exp/pglite', extensions: { pg_trgm, unaccent } });
console.log((await db.query(`select relname, pg_size_pretty(pg_total_relation_size(oid)) total, pg_size_pretty(pg_relation_size(oid)) heap from pg_class where relkind='r' and relnamespace='public'::regnamespace order by pg_total_relation_size(oid) desc limit 8`)).rows);
console.log((await db.query(`select pg_size_pretty(pg_database_size(current_database())) db`)).rows);
await db.close();
