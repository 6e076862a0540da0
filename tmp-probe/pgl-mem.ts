import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const sb = process.argv[2];
const defaults = ["--single","-F","-O","-j","-c","search_path=public","-c","exit_on_error=false","-c","log_checkpoints=false","-c","max_worker_processes=0","-c","max_parallel_workers=0","-c","max_parallel_workers_per_gather=0","-c","io_method=sync","-c","max_parallel_maintenance_workers=0"];
const db = await PGlite.create({ dataDir: '/tmp/pgl-exp/pglite', extensions: { pg_trgm, unaccent }, ...(sb ? { startParams: [...defaults, '-c', `shared_buffers=${sb}`] } : {}) });
const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
console.log('shared_buffers', (await db.query('show shared_buffers')).rows[0], 'rss', mb());
const ids = (await db.query<{ id: number }>('select id from products')).rows.map((r) => r.id);
const words = ['biblia', 'rugaciune', 'copii', 'familie', 'isus', 'credinta', 'dragoste', 'istorie', 'psalmi', 'evanghelie'];
const t0 = performance.now();
for (let round = 0; round < 3; round++) {
  for (let i = 0; i < ids.length; i += 7) await db.query('select * from products where id = $1', [ids[i]]);
  for (const w of words) await db.query(`select id from products where search_vector @@ websearch_to_tsquery('public.shop_ro', $1) limit 24`, [w]).catch(() => db.query(`select id from products where title ilike $1 limit 24`, [`%${w}%`]));
  for (let p = 0; p < 50; p++) await db.query('select id, title from products order by selling_price, id limit 24 offset $1', [p * 24]);
  console.log('round', round, 'rss', mb(), 'external', Math.round(process.memoryUsage().external / 2 ** 20), 'ms', Math.round(performance.now() - t0));
}
await db.close();
