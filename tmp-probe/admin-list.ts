import pg from 'pg';
import { adminScenarios } from '../bench/scenarios/admin';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { createAdminOrderList } from '../src/core/admin/order-list';
import { createDashboardService } from '../src/core/admin/dashboard';
import { adminOrderQuerySchema } from '../src/contracts/admin-orders';

const name = process.argv[2] ?? `probe_admin_${Date.now()}`;
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
if (!process.argv[2]) {
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
  await c.connect(); await c.query(`create database ${name}`); await c.end();
  const h = await openDb({ url }); await migrate(h);
  await h.db.execute(`insert into carriers (id, name) values (1,'GLS'),(2,'Depozit'),(3,'Agentie') on conflict do nothing`).catch((e)=>console.log('carriers', e.message));
  await h.close();
  await adminScenarios[0]!.prepare!({ baseURL: '', sampleProductSlug: '', sampleProductSlugs: [], dataDir: '', databaseUrl: url });
  console.log('db', name);
}
const h = await openDb({ url });
const list = createAdminOrderList(h.db);
const paths = ['/admin/orders', '/admin/orders?status=pending&payment=paid','/admin/orders?payment=awaiting_payment&sort=created','/admin/orders?q=Popescu','/admin/orders?q=0744','/admin/orders?q=client1234%40example.ro','/admin/orders?country=MD&sort=-total','/admin/orders?from=2026-01-01&to=2026-03-31&status=completed','/admin/orders?carrier=2&page=40','/admin/orders?q=Ioana+Rus&payment=paid'];
for (const p of paths) {
  const q = adminOrderQuerySchema.parse(Object.fromEntries(new URL(p, 'http://x').searchParams));
  const times: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); await list.list(q); times.push(performance.now() - t); }
  console.log(p, times.map((x) => x.toFixed(0)).join(' '));
}
const dash = createDashboardService(h.db);
for (let i = 0; i < 3; i++) { const t = performance.now(); await dash.figures(); console.log('dashboard', (performance.now() - t).toFixed(0)); }
await h.close();
