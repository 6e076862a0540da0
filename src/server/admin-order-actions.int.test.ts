import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ORDER_STATUSES, type AdminOrderStatus, canMoveOrder } from '../contracts/admin-orders';
import { isAppError } from '../contracts/errors';
import { auditLog, invoices, mailOutbox, orderEvents, orderItems, orders, products } from '../db/schema';
import { seedShippingData } from '../db/seed/shipping-seed';
import { insertBibles, testDatabases } from '../db/testing';
import { createTestClient, createTestStaff, useSeededApp } from './testing';
import { testOrder, testOrderLine } from '../core/admin/testing';

describe.each(testDatabases)('the back office order actions on $name', ({ url }) => {
  let ids: number[] = [];
  const { db, shop } = useSeededApp(url, async (testDb) => {
    await seedShippingData(testDb.db, { demo: false });
    ids = await insertBibles(testDb.db, ['Biblia A', 'Biblia B', 'Biblia C'], { quantity: 10 });
  });
  const admin = () => shop.services.adminOrder;

  /** An order (GLS home delivery unless said) with its lines: [productId, quantity]. */
  async function order(values: Partial<Parameters<typeof testOrder>[0]> = {}, lines: [number, number][] = []) {
    const [row] = await db.db
      .insert(orders)
      .values(
        testOrder({
          createdAt: new Date().toISOString(),
          total: 10_000,
          paymentState: 'cash_on_delivery',
          carrierId: 4,
          carrierName: 'GLS',
          ...values,
        }),
      )
      .returning();
    if (lines.length) await db.db.insert(orderItems).values(lines.map(([p, q]) => testOrderLine(row.id, p, q)));
    return row;
  }
  const stockOf = async (id: number) =>
    (await db.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0].q;
  const auditOf = (id: number) =>
    db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
  const mailsTo = (to: string) => db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    if (!isAppError(err)) throw new Error(`expected a refusal, got ${String(err)}`);
    return { status: err.status, key: err.messageKey };
  };

  it('moves an order only along the table: every other change is refused with 409 and writes nothing', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    let allowed = 0;
    for (const from of ADMIN_ORDER_STATUSES) {
      for (const to of ADMIN_ORDER_STATUSES) {
        const o = await order({ status: from }, [[ids[2], 1]]);
        if (canMoveOrder(from, to)) {
          allowed++;
          await admin().changeStatus(staff.id, o.id, to);
          const [after] = await db.db.select().from(orders).where(eq(orders.id, o.id));
          expect(after.status, `${from} → ${to}`).toBe(to);
          const [audit] = await auditOf(o.id);
          expect(audit).toMatchObject({
            staffId: staff.id,
            action: to === 'canceled' ? 'order.cancel' : 'order.status',
            before: { status: from },
            after: { status: to },
          });
        } else {
          expect(await refusal(admin().changeStatus(staff.id, o.id, to)), `${from} → ${to}`).toEqual({
            status: 409,
            key: 'validation.adminOrders.transition',
          });
          const [after] = await db.db.select().from(orders).where(eq(orders.id, o.id));
          expect(after.status).toBe(from);
          expect(await auditOf(o.id)).toEqual([]);
        }
      }
    }
    // pending → processing, processing → shipped, shipped → completed, pending/processing → canceled.
    expect(allowed).toBe(5);
    expect(await refusal(admin().changeStatus(staff.id, 999_999, 'processing'))).toMatchObject({ status: 404 });
  });

  it('cancels with exactly the order’s stock returned (two lines), the client told, the caches cleared', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const o = await order({ status: 'processing', email: 'anulare@example.ro' }, [
      [ids[0], 2],
      [ids[1], 3],
    ]);
    const before = await Promise.all(ids.map(stockOf));
    const invalidate = vi.spyOn(shop.services.caches, 'invalidate');
    try {
      expect(await admin().changeStatus(staff.id, o.id, 'canceled')).toEqual({ refundDue: null });
      expect(await Promise.all(ids.map(stockOf))).toEqual([before[0] + 2, before[1] + 3, before[2]]);
      expect(invalidate).toHaveBeenCalledWith(`product:${ids[0]}`, `product:${ids[1]}`);
    } finally {
      invalidate.mockRestore();
    }
    const [audit] = await auditOf(o.id);
    expect(audit.after).toMatchObject({
      status: 'canceled',
      returnedStock: [
        { productId: ids[0], quantity: 2 },
        { productId: ids[1], quantity: 3 },
      ],
    });
    const events = await db.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(events).toEqual([expect.objectContaining({ kind: 'canceled', actor: `staff:${staff.id}` })]);
    expect((await mailsTo('anulare@example.ro')).map((m) => m.subject)).toEqual([
      expect.stringContaining(`${o.orderRefNumber} a fost anulată`),
    ]);
    // Once cancelled, never again: the stock is not returned twice.
    expect(await refusal(admin().changeStatus(staff.id, o.id, 'canceled'))).toMatchObject({ status: 409 });
    expect(await Promise.all(ids.map(stockOf))).toEqual([before[0] + 2, before[1] + 3, before[2]]);
  });

  it('notes on the order and in the audit row that a paid card order is refunded in NETOPIA', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const o = await order({ paymentState: 'paid', paymentMethod: 'card' }, [[ids[2], 1]]);
    expect(await admin().changeStatus(staff.id, o.id, 'canceled')).toEqual({ refundDue: 'netopia' });
    const [audit] = await auditOf(o.id);
    expect(audit.after).toMatchObject({ status: 'canceled', refundDue: 'netopia' });
    const [event] = await db.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(event.data).toMatchObject({ reason: 'staff', refundDue: 'netopia' });
    expect((await admin().detail(o.id))?.refundDue).toBe('netopia');
  });

  it('saves the AWB: the shipping e-mail with GLS’s tracking link is queued, and the client’s profile shows it', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const { client } = await createTestClient(shop);
    const o = await order({ status: 'processing', clientId: client.id, email: 'colet@example.ro' }, [[ids[0], 1]]);
    await admin().setAwb(staff.id, o.id, ' 1234 5678 90 '.replace(/\s+/g, ''));
    const link = 'https://gls-group.com/RO/ro/urmarire-colet?match=1234567890';
    const [mail] = await mailsTo('colet@example.ro');
    expect(mail.subject).toContain(`${o.orderRefNumber} a fost expediată`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('1234567890');
    const [audit] = await auditOf(o.id);
    expect(audit).toMatchObject({ action: 'order.awb', before: { trackingNumbers: [] } });
    expect(audit.after).toMatchObject({ trackingNumbers: ['1234567890'], trackingLink: link });
    const history = await shop.services.orderHistory.list(client.id, 1);
    const seen = history.data.find((h) => h.id === o.id);
    // The shopper sees processing as pending (SPEC §4), with the AWB and its tracking link.
    expect(seen).toMatchObject({ status: 'pending', tracking_number_list: ['1234567890'], tracking_url: link });
    const detail = await admin().detail(o.id);
    expect(detail?.trackingLink).toBe(link);
    expect(detail?.mails.map((m) => m.subject)).toEqual([expect.stringContaining('expediată')]);

    const closed = await order({ status: 'completed' });
    expect(await refusal(admin().setAwb(staff.id, closed.id, 'ABCD1234'))).toEqual({
      status: 409,
      key: 'validation.adminOrders.awbClosed',
    });
  });

  it('confirms a bank transfer as paid: the payment’s e-mail and the invoice, as a card notification would', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const o = await order({
      paymentState: 'awaiting_payment',
      paymentMethod: 'transfer',
      email: 'transfer@example.ro',
    });
    await admin().confirmPayment(staff.id, o.id);
    const [after] = await db.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after.paymentState).toBe('paid');
    const [invoice] = await db.db.select().from(invoices).where(eq(invoices.orderId, o.id));
    expect(invoice).toBeDefined();
    const [mail] = await mailsTo('transfer@example.ro');
    expect(mail.text).toContain('plata prin transfer bancar');
    expect(mail.text).toContain('/api/client-order/download-invoice/');
    const [audit] = await auditOf(o.id);
    expect(audit).toMatchObject({
      action: 'order.payment-confirm',
      before: { paymentState: 'awaiting_payment' },
      after: { paymentState: 'paid' },
    });
    expect((audit.after as { invoice: string }).invoice).toMatch(/^[A-Z]+-\d{6}$/);
    const kinds = (await db.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))).map((e) => e.kind);
    expect(kinds).toEqual(['paid', 'invoice_issued']);
    // Twice is refused; a card order is never confirmed by hand.
    expect(await refusal(admin().confirmPayment(staff.id, o.id))).toMatchObject({
      key: 'validation.adminOrders.notAwaitingPayment',
    });
    const card = await order({ paymentState: 'awaiting_payment', paymentMethod: 'card' });
    expect(await refusal(admin().confirmPayment(staff.id, card.id))).toMatchObject({
      status: 409,
      key: 'validation.adminOrders.notTransfer',
    });
    expect(await auditOf(card.id)).toEqual([]);
  });

  it('issues a cash-on-delivery order’s invoice once, and refuses an unpaid order’s', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const o = await order({ status: 'shipped' });
    const bill = await admin().issueInvoice(staff.id, o.id);
    expect((await admin().detail(o.id))?.invoice?.bill).toBe(bill);
    const [audit] = await auditOf(o.id);
    expect(audit).toMatchObject({ action: 'order.invoice', before: { invoice: null }, after: { invoice: bill } });
    expect(await refusal(admin().issueInvoice(staff.id, o.id))).toMatchObject({
      key: 'validation.adminOrders.invoiced',
    });
    const unpaid = await order({ paymentState: 'awaiting_payment', paymentMethod: 'transfer' });
    expect(await refusal(admin().issueInvoice(staff.id, unpaid.id))).toMatchObject({
      key: 'validation.adminOrders.notInvoiceable',
    });
    expect(await db.db.select().from(invoices).where(eq(invoices.orderId, unpaid.id))).toEqual([]);
  });

  it('resends one of the order’s e-mails as a new outbox row, and no other order’s', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const o = await order({ status: 'processing', email: 'copie@example.ro' });
    const other = await order({ status: 'processing', email: 'alta@example.ro' });
    await admin().setAwb(staff.id, o.id, 'AWB0001');
    await admin().setAwb(staff.id, other.id, 'AWB0002');
    const [mail] = await mailsTo('copie@example.ro');
    const [otherMail] = await mailsTo('alta@example.ro');
    await admin().resendMail(staff.id, o.id, mail.id);
    const copies = await mailsTo('copie@example.ro');
    expect(copies).toHaveLength(2);
    // A new row of its own (the relay may have sent it already).
    expect(copies[1]).toMatchObject({ subject: mail.subject, text: mail.text });
    expect(copies[1].id).toBeGreaterThan(mail.id);
    const [audit] = await auditOf(o.id);
    expect(audit).toMatchObject({
      action: 'order.mail-resend',
      before: { mail: mail.id },
      after: { mail: copies[1].id },
    });
    expect(await refusal(admin().resendMail(staff.id, o.id, otherMail.id))).toMatchObject({ status: 404 });
    expect(await mailsTo('alta@example.ro')).toHaveLength(1);
  });

  it('shows the order’s lines with their personalisation, and prints a packing slip (PDF) for it', async () => {
    const o = await order({ status: 'processing' });
    await db.db
      .insert(orderItems)
      .values([
        testOrderLine(o.id, ids[0], 2, { dedicatie: 'Pentru Ana; cu drag', poza: 'data:image/png;base64,AAAA' }),
      ]);
    const detail = await admin().detail(o.id);
    expect(detail?.lines[0]).toMatchObject({
      quantity: 2,
      unitPrice: 5_000,
      value: 10_000,
      personalization: [
        { label: 'dedicatie', value: 'Pentru Ana; cu drag', image: false },
        { label: 'poza', value: 'data:image/png;base64,AAAA', image: true },
      ],
    });
    expect(detail?.allowed).toEqual({
      statuses: ['shipped', 'canceled'],
      awb: true,
      confirmPayment: false,
      issueInvoice: true,
    });
    const slip = await admin().packingSlip(o.id);
    expect(slip?.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(slip?.fileName).toBe(`aviz-${o.orderRefNumber}.pdf`);
    expect(await admin().packingSlip(999_999)).toBeNull();
  });

  it('keeps the statuses the database accepts and the contract’s list the same', async () => {
    const statuses: AdminOrderStatus[] = [...ADMIN_ORDER_STATUSES];
    const o = await order();
    for (const status of statuses) {
      await db.db.update(orders).set({ status }).where(eq(orders.id, o.id));
    }
    await expect(db.db.execute(sql`update orders set status = 'lost' where id = ${o.id}`)).rejects.toThrow();
    expect(
      await db.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [o.id])),
    ).toHaveLength(1);
  });
});
