import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client';
import { mailOutbox, orderItems, orders, products } from '../../db/schema';
import { ARAD_PLACE } from '../../contracts/addresses.testing';

const HARNESS = path.join(import.meta.dirname, 'order-server.ts');
const ORIGIN = 'http://shop.test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A running harness and the moment it ends (listened for from its start, so an early death is not missed). */
interface Shop {
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** Starts the harness and waits for its "ready". */
function start(dataDir: string, port: number): Promise<Shop> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', HARNESS, dataDir, String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the shop did not start:\n${out}`)), 60_000);
    child.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('ready')) {
        clearTimeout(timer);
        resolve({ child, exited });
      }
    });
    child.stderr?.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`the shop exited (${code}):\n${out}`)));
  });
}

/**
 * Issue 11, crash safety: a server killed with `kill -9` during a stream of orders restarts with every
 * acknowledged order whole, no partial order, the stock equal to the start minus what the orders hold, and every
 * confirmation e-mail sent after the restart.
 */
describe('orders survive kill -9 (PGlite on disk)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'order-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged order whole and sends its mails after the restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let shop = await start(dataDir, port);
    const ids = (
      (await (await fetch(`${base}/api/products?per_page=10`)).json()) as { data: { id: number }[] }
    ).data.map((p) => p.id);
    // 40 buyers, each with a cart of one or two pieces.
    const carts: string[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${base}/api/cart/lines`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: ids[i % ids.length], quantity: 1 + (i % 2) }),
      });
      carts.push((res.headers.get('set-cookie') ?? '').split(';')[0]);
    }
    const body = JSON.stringify({
      client_email: 'crash@example.ro',
      billing: {
        first_name: 'Ion',
        last_name: 'Pop',
        phone: '0744 123 456',
        ...ARAD_PLACE,
      },
      carrier: 4,
      payment_method: 'ramburs',
      terms: true,
    });
    const acknowledged: string[] = [];
    let killed = false;
    const buyer = async (from: number) => {
      for (let i = from; i < carts.length && !killed; i += 4) {
        try {
          const res = await fetch(`${base}/api/client-order/create`, {
            method: 'POST',
            headers: {
              origin: ORIGIN,
              'content-type': 'application/json',
              cookie: carts[i],
              'idempotency-key': `crash-order-key-${i}`,
            },
            body,
          });
          if (res.ok)
            acknowledged.push(((await res.json()) as { data: { order_ref_number: string } }).data.order_ref_number);
          if (acknowledged.length >= 12 && !killed) {
            killed = true;
            shop.child.kill('SIGKILL');
          }
        } catch {
          // the connection died with the server
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(buyer));
    await shop.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);

    // The restart recovers the database and the relay sends what the outbox holds.
    shop = await start(dataDir, port);
    // The mails are MIME-encoded .eml files: wait for at least two per acknowledged order, then read the
    // outbox table itself once the shop has stopped cleanly (its relay run finished, every sent mail marked).
    const outbox = path.join(dataDir, 'outbox');
    const files = () => {
      try {
        return readdirSync(outbox).length;
      } catch {
        return 0;
      }
    };
    const deadline = Date.now() + 100_000; // the relay runs every minute
    while (Date.now() < deadline && files() < 2 * acknowledged.length) await new Promise((r) => setTimeout(r, 250));
    expect(files()).toBeGreaterThanOrEqual(2 * acknowledged.length);
    shop.child.kill('SIGTERM');
    await shop.exited;

    const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const placed = await db.db.select().from(orders);
      const items = await db.db.select().from(orderItems);
      const refs = new Set(placed.map((o) => o.orderRefNumber));
      for (const ref of acknowledged) expect(refs.has(ref), ref).toBe(true);
      // No order without its lines: each was written whole or not at all.
      for (const o of placed)
        expect(items.filter((i) => i.orderId === o.id).length, o.orderRefNumber).toBeGreaterThan(0);
      const stock = await db.db.select({ id: products.id, q: products.quantity }).from(products);
      const ordered = (id: number) => items.filter((i) => i.productId === id).reduce((n, i) => n + i.quantity, 0);
      for (const p of stock) expect(p.q).toBe(100 - ordered(p.id));
      // Every order's two mails left the outbox (an order committed whose answer was lost is mailed too).
      const mails = await db.db.select().from(mailOutbox);
      for (const o of placed) {
        expect(
          mails.filter((m) => m.subject.includes(o.orderRefNumber) && m.status === 'sent').length,
          o.orderRefNumber,
        ).toBe(2);
      }
    } finally {
      await db.close();
    }
  }, 180_000);
});
