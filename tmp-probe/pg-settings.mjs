import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create();
for (const s of ['shared_buffers','work_mem','maintenance_work_mem','temp_buffers','wal_buffers','effective_cache_size'])
  console.log(s, (await db.query(`show ${s}`)).rows[0]);
console.log(process.memoryUsage());
