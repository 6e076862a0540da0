import { randomBytes } from 'node:crypto';
import { tokenHash } from '../../src/core/accounts/tokens';
import { testOrder } from '../../src/core/admin/testing';
import { openDb } from '../../src/db/client';
import { orders, staffSessions, staffUsers } from '../../src/db/schema';
import type { BenchContext, BenchRequest, Scenario } from '../scenario';

/** Issue 13: the back office's lists are measured against a shop with this many orders. */
const GENERATED_ORDERS = 100_000;
const BATCH = 2_000;

const FIRST = ['Maria', 'Ion', 'Elena', 'Andrei', 'Ana', 'Mihai', 'Ioana', 'Gabriel', 'Ruth', 'Daniel'];
const LAST = ['Popescu', 'Ionescu', 'Stan', 'Dumitru', 'Moldovan', 'Lazăr', 'Munteanu', 'Rus', 'Toma', 'Pavel'];
/** Orders of the last two weeks are in every state; older ones are done (completed, or canceled one in ten). */
const RECENT_MS = 14 * 86_400_000;
const RECENT_STATES = [
  { status: 'pending', paymentState: 'awaiting_payment' },
  { status: 'pending', paymentState: 'cash_on_delivery' },
  { status: 'pending', paymentState: 'paid' },
  { status: 'processing', paymentState: 'paid' },
  { status: 'processing', paymentState: 'cash_on_delivery' },
  { status: 'shipped', paymentState: 'paid' },
  { status: 'completed', paymentState: 'paid' },
  { status: 'canceled', paymentState: 'failed' },
];
const COUNTRIES = ['RO', 'RO', 'RO', 'RO', 'MD', 'DE', 'IT'];

let prepared: Promise<BenchRequest> | null = null;

/**
 * Once per run, on PostgreSQL: 100,000 orders spread over two years (written straight to the bench's database,
 * as the checkout writes their rows) and a signed-in admin whose session cookie every request sends.
 */
function prepareBackOffice(ctx: BenchContext): Promise<BenchRequest> {
  prepared ??= (async () => {
    if (!ctx.databaseUrl) throw new Error('the back-office scenarios run on PostgreSQL (--db postgres)');
    const handle = await openDb({ url: ctx.databaseUrl });
    try {
      const { db } = handle;
      const now = Date.now();
      for (let start = 0; start < GENERATED_ORDERS; start += BATCH) {
        const rows = Array.from({ length: BATCH }, (_, k) => {
          const i = start + k;
          const age = (i * 2 * 365 * 86_400_000) / GENERATED_ORDERS;
          const state =
            age < RECENT_MS
              ? RECENT_STATES[i % RECENT_STATES.length]
              : { status: i % 10 === 0 ? 'canceled' : 'completed', paymentState: i % 10 === 0 ? 'failed' : 'paid' };
          const createdAt = new Date(now - age);
          const order = testOrder({
            ...state,
            createdAt: createdAt.toISOString(),
            total: 2_000 + ((i * 7919) % 90_000),
            donation: i % 9 === 0 ? 1_000 : 0,
            carrierId: 1 + (i % 3),
            carrierName: ['GLS', 'Ridicare de la depozit', 'Curier agenție'][i % 3],
            email: `client${i % 20_000}@example.ro`,
            firstName: FIRST[i % FIRST.length],
            lastName: LAST[Math.floor(i / FIRST.length) % LAST.length],
            phone: `07${String(40_000_000 + ((i * 104_729) % 9_999_999)).padStart(8, '0')}`,
            country: COUNTRIES[i % COUNTRIES.length],
          });
          // Numbers of their own year, above any the run's checkout scenarios gave (those count from 1).
          return { ...order, orderRefNumber: `MRN-${createdAt.getUTCFullYear()}-${500_000 + i}` };
        });
        await db.insert(orders).values(rows);
      }
      const [admin] = await db
        .insert(staffUsers)
        .values({
          email: `bench.admin.${now}@example.ro`,
          name: 'Bench Admin',
          role: 'admin',
          // Never logged into with a password: the session below is written as a login writes it.
          passwordHash: 'bench-no-password',
          mustChangePassword: false,
          totpSecret: 'bench-no-totp',
        })
        .returning({ id: staffUsers.id });
      const token = randomBytes(32).toString('base64url');
      await db.insert(staffSessions).values({
        id: tokenHash(token),
        staffId: admin?.id ?? 0,
        expiresAt: new Date(now + 11 * 3_600_000),
      });
      await handle.db.execute('analyze orders');
      return { headers: { cookie: `staff_sid=${token}` } };
    } finally {
      await handle.close();
    }
  })();
  return prepared;
}

/** Filters staff use, each a different plan: by state, by free text (a name, a phone), by dates, deep pages. */
const FILTERED_LISTS = [
  '/admin/orders?status=processing',
  '/admin/orders?payment=awaiting_payment&sort=created',
  '/admin/orders?q=Popescu',
  '/admin/orders?q=0744',
  '/admin/orders?q=client1234%40example.ro',
  '/admin/orders?country=MD&sort=-total',
  '/admin/orders?from=2026-01-01&to=2026-03-31&status=completed',
  '/admin/orders?carrier=2&page=40',
  '/admin/orders?q=Ioana+Rus&payment=paid',
];

export const adminScenarios: Scenario[] = [
  {
    name: 'admin: filtered order list, 100,000 orders (uncached)',
    path: () => FILTERED_LISTS,
    prepare: prepareBackOffice,
    databases: ['postgres'],
    budget: { p99Ms: 200 },
    // A back office's load: two staff members at once (the association has a handful), not the shop's ten.
    connections: 2,
  },
  {
    name: 'admin: dashboard page, 100,000 orders (uncached)',
    path: '/admin',
    prepare: prepareBackOffice,
    databases: ['postgres'],
    budget: { p99Ms: 200 },
    // A back office's load: two staff members at once (the association has a handful), not the shop's ten.
    connections: 2,
  },
];
