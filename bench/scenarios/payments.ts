import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { signNotification } from '../../src/server/netopia-simulator/simulator';
import type { BenchContext, Scenario } from '../scenario';
import { orderBody, piecesInStock } from './orders';

/** A placed card order, as `POST /api/client-order/create` answered it. */
interface CardOrder {
  ref: string;
  total: number;
  receipt: string;
}

/** `count` card orders of one piece each, placed through the API (each its own guest cart and key). */
async function cardOrders(ctx: BenchContext, count: number): Promise<CardOrder[]> {
  const body = orderBody('card');
  const placed: CardOrder[] = [];
  for (const [i, productId] of (await piecesInStock(ctx, count)).entries()) {
    const add = await fetch(`${ctx.baseURL}/api/cart/lines`, {
      method: 'POST',
      headers: { origin: ctx.baseURL, 'content-type': 'application/json' },
      body: JSON.stringify({ productId, quantity: 1 }),
    });
    if (!add.ok) throw new Error(`add to cart for the payment bench: ${add.status}`);
    const res = await fetch(`${ctx.baseURL}/api/client-order/create`, {
      method: 'POST',
      headers: {
        origin: ctx.baseURL,
        'content-type': 'application/json',
        cookie: (add.headers.get('set-cookie') ?? '').split(';')[0],
        'idempotency-key': `bench-card-${Date.now()}-${i}`,
      },
      body,
    });
    if (!res.ok) throw new Error(`card order for the payment bench: ${res.status} ${await res.text()}`);
    const { data } = (await res.json()) as {
      data: { order_ref_number: string; billing_total_amount: number; order: { receipt: string } };
    };
    placed.push({ ref: data.order_ref_number, total: data.billing_total_amount, receipt: data.order.receipt });
  }
  await outboxSettled(ctx);
  return placed;
}

/**
 * Waits until the mail relay has written the orders' e-mails (two per order), so the measured requests do not
 * share the process with the preparation's mail backlog.
 */
async function outboxSettled(ctx: BenchContext): Promise<void> {
  const count = () => {
    try {
      return readdirSync(path.join(ctx.dataDir, 'outbox')).length;
    } catch {
      return 0;
    }
  };
  let last = -1;
  while (count() !== last) {
    last = count();
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Starts each order's card payment at the simulator: its NETOPIA transaction id. */
async function started(ctx: BenchContext, orders: CardOrder[]): Promise<(CardOrder & { ntpID: string })[]> {
  const out = [];
  for (const order of orders) {
    const res = await fetch(`${ctx.baseURL}/api/payment/start`, {
      method: 'POST',
      headers: { origin: ctx.baseURL, 'content-type': 'application/json' },
      body: JSON.stringify({ receipt: order.receipt }),
    });
    if (!res.ok) throw new Error(`payment start for the bench: ${res.status} ${await res.text()}`);
    out.push({ ...order, ntpID: ((await res.json()) as { ntpID: string }).ntpID });
  }
  return out;
}

/** NETOPIA's notification of a status for a started payment, signed with the simulator's key as NETOPIA signs. */
function signedNotifications(ctx: BenchContext, payments: (CardOrder & { ntpID: string })[], status: number) {
  const credentials = JSON.parse(
    readFileSync(path.join(ctx.dataDir, 'netopia-simulator', 'credentials.json'), 'utf8'),
  ) as { posSignature: string; privateKeyPem: string };
  return payments.map((p) => {
    const body = JSON.stringify({
      order: { orderID: p.ref },
      payment: { method: 1, ntpID: p.ntpID, status, amount: p.total / 100, currency: 'RON', code: '00' },
    });
    return {
      headers: {
        'content-type': 'application/json',
        'verification-token': signNotification(body, credentials.posSignature, credentials.privateKeyPem),
      },
      body,
    };
  });
}

/** The invoice links of the payment e-mails in the outbox (quoted-printable undone). */
function invoiceLinksInOutbox(ctx: BenchContext): string[] {
  const dir = path.join(ctx.dataDir, 'outbox');
  const links = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
    const text = readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    for (const m of text.matchAll(/\/api\/client-order\/download-invoice\/\d+\?key=[\w-]+/g)) links.add(m[0]);
  }
  return [...links];
}

/** Paid card orders and the invoice links their payment e-mails carry. */
async function invoiceLinks(ctx: BenchContext, count: number): Promise<string[]> {
  const have = invoiceLinksInOutbox(ctx);
  if (have.length >= count) return have;
  const paid = signedNotifications(ctx, await started(ctx, await cardOrders(ctx, count - have.length)), 3);
  for (const n of paid) {
    const res = await fetch(`${ctx.baseURL}/api/payment/ipn`, { method: 'POST', ...n });
    if (!res.ok) throw new Error(`notification for the bench: ${res.status}`);
  }
  for (let i = 0; i < 100; i++) {
    const links = invoiceLinksInOutbox(ctx);
    if (links.length >= count) return links;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the payment e-mails with the invoice links did not reach the outbox');
}

/** Issue 12's budgets, against the built-in simulator. */
export const paymentScenarios: Scenario[] = [
  {
    // Each start places nothing: the order exists; the shop builds NETOPIA's body and calls the simulator over
    // HTTP on the loopback (the same process answers both), then records the attempt.
    name: 'payment: start (POST /api/payment/start, distinct card orders, simulator)',
    path: '/api/payment/start',
    budget: { p99Ms: 100 },
    async prepare(ctx) {
      const orders = await cardOrders(ctx, 1500);
      let next = 0;
      return {
        method: 'POST',
        headers: { origin: ctx.baseURL, 'content-type': 'application/json' },
        next: () => ({ headers: {}, body: JSON.stringify({ receipt: orders[next++ % orders.length].receipt }) }),
      };
    },
  },
  {
    // Every request a new verified notification: the signature checked, the row locked, the report stored once,
    // the order paid with its event, invoice and e-mail (status 3), then confirmed (status 5) for each payment.
    name: 'payment: notifications (POST /api/payment/ipn, signed, distinct reports)',
    path: '/api/payment/ipn',
    budget: { minRps: { pglite: 200, postgres: 200 } },
    async prepare(ctx) {
      // Two reports a payment, each sent once: enough for the warm-up and the run at over 700/s (each database
      // passed 400/s in a run of this scenario alone).
      const payments = await started(ctx, await cardOrders(ctx, 4500));
      const reports = [...signedNotifications(ctx, payments, 3), ...signedNotifications(ctx, payments, 5)];
      let next = 0;
      return {
        method: 'POST',
        distinct: reports.length,
        next: () => {
          if (next >= reports.length) throw new Error('the notification bench ran out of distinct reports');
          return reports[next++];
        },
      };
    },
  },
  {
    // The time to make one invoice PDF: one connection, so no request waits behind another.
    name: 'invoice: PDF download (signed link of the payment e-mail)',
    path: '/api/client-order/download-invoice/:id',
    connections: 1,
    budget: { p99Ms: 150 },
    prepare: async (ctx) => ({ paths: await invoiceLinks(ctx, 50) }),
  },
];
