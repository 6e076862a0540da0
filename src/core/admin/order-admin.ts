import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type AdminOrderDetail,
  type AdminOrderLine,
  type AdminOrderStatus,
  canMoveOrder,
  isAdminOrderStatus,
  ORDER_TRANSITIONS,
  type RefundDue,
} from '../../contracts/admin-orders';
import type { PaymentState } from '../../contracts/checkout';
import { type AddressFields, addressLine } from '../../contracts/addresses';
import { AppError } from '../../contracts/errors';
import { countryName } from '../../contracts/geography';
import { billNumber } from '../../contracts/invoices';
import { type PersonalizationForm, personalizationInputs } from '../../contracts/personalization';
import { isCarrierId, type PaymentMethod, trackingLink } from '../../contracts/shipping';
import type { Db } from '../../db/client';
import {
  auditLog,
  clients,
  invoices,
  mailOutbox,
  orderEvents,
  orderItems,
  orders,
  paymentNotifications,
  payments,
  staffUsers,
} from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/audit';
import type { CacheRegistry } from '../cache/registry';
import type { InvoiceService } from '../invoices/invoice-service';
import { enqueueMail, type MailService } from '../mail/mail-service';
import type { DeliverySnapshot } from '../orders/delivery-snapshot';
import { shippingMail, staffCancellationMail } from '../orders/order-mails';
import { cancelOrderWithin } from '../orders/order-service';
import type { PaymentService } from '../payments/payment-service';
import type { ShippingService } from '../shipping/shipping-service';
import { type PackingSlipFacts, renderPackingSlipPdf } from './packing-slip';

type OrderRow = typeof orders.$inferSelect;

/** The payment methods whose money staff see arrive in the bank and confirm by hand. */
const CONFIRMED_BY_STAFF = ['transfer', 'revolut'];
const UNPAID: PaymentState[] = ['awaiting_payment', 'failed'];
/** An invoice is issued for money received, or for a cash-on-delivery parcel about to be paid at the door. */
const INVOICEABLE: PaymentState[] = ['paid', 'cash_on_delivery'];

const bucharestDay = new Intl.DateTimeFormat('ro-RO', {
  timeZone: 'Europe/Bucharest',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A cancelled order whose money came in must be refunded by hand: a card's in NETOPIA's back office. */
function refundDueOf(order: Pick<OrderRow, 'status' | 'paymentState' | 'paymentMethod'>): RefundDue | null {
  if (order.status !== 'canceled' || order.paymentState !== 'paid') return null;
  return order.paymentMethod === 'card' ? 'netopia' : 'manual';
}

/** What the audit row keeps of an order: the fields the back office changes. */
function snapshot(order: OrderRow) {
  return {
    number: order.orderRefNumber,
    status: order.status,
    paymentState: order.paymentState,
    trackingNumbers: order.trackingNumbers,
  };
}

/** The personalisation as the line keeps it (`{ form, values }`, pictures as data URLs), labelled for reading. */
function personalizationOf(json: string | null): AdminOrderLine['personalization'] {
  if (!json) return [];
  let parsed: { form?: PersonalizationForm | null; values?: Record<string, unknown> };
  try {
    parsed = JSON.parse(json);
  } catch {
    return [{ label: '', value: json, image: false }];
  }
  const labels = new Map(personalizationInputs(parsed.form ?? null).map((i) => [i.name, i.label]));
  return Object.entries(parsed.values ?? {})
    .filter(([, v]) => typeof v === 'string' && v !== '')
    .map(([name, v]) => ({
      label: labels.get(name) || name,
      value: v as string,
      image: (v as string).startsWith('data:image/'),
    }));
}

/**
 * The back office's order page and its actions (issue 13 item 2). Each write is one transaction that locks
 * the order row, checks the rule against what it holds then, changes it and writes the audit row; the shop's
 * caches and the mail relay are told after the commit.
 */
export function createAdminOrderService(
  db: Db,
  deps: {
    shipping: ShippingService;
    invoices: InvoiceService;
    payments: PaymentService;
    mail: MailService;
    caches: CacheRegistry;
  },
) {
  async function carrierOf(order: OrderRow) {
    const carrier = isCarrierId(order.carrierId) ? await deps.shipping.carrier(order.carrierId) : null;
    return { id: order.carrierId, name: order.carrierName, trackingUrl: carrier?.trackingUrl ?? null };
  }

  /** Locks the order for this transaction's write; NOT_FOUND when there is none. */
  async function lock(tx: Tx, id: number): Promise<OrderRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new AppError('NOT_FOUND', { messageKey: 'validation.adminOrders.notFound' });
    return order;
  }

  async function hasInvoice(tx: Tx | Db, id: number): Promise<boolean> {
    const [row] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, id));
    return row !== undefined;
  }

  function refuse(messageKey: string, detail: string): never {
    throw new AppError('CONFLICT', { messageKey, detail });
  }

  const actor = (staffId: number) => `staff:${staffId}`;

  return {
    async detail(id: number): Promise<AdminOrderDetail | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (!order) return null;
      const ref = order.orderRefNumber;
      const [lines, client, paymentRows, notificationRows, events, mails, invoice, audit, carrier] = await Promise.all([
        db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
        order.clientId === null
          ? Promise.resolve([])
          : db
              .select({ id: clients.id, first: clients.firstName, last: clients.lastName, email: clients.email })
              .from(clients)
              .where(eq(clients.id, order.clientId)),
        db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id)),
        db
          .select({
            id: paymentNotifications.id,
            ntpId: paymentNotifications.ntpId,
            status: paymentNotifications.status,
            source: paymentNotifications.source,
            flag: paymentNotifications.flag,
            amount: paymentNotifications.amount,
            receivedAt: paymentNotifications.receivedAt,
          })
          .from(paymentNotifications)
          .innerJoin(payments, eq(payments.id, paymentNotifications.paymentId))
          .where(eq(payments.orderId, id))
          .orderBy(asc(paymentNotifications.id)),
        db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
        // The outbox has no order column: every order e-mail names the order's number in its subject.
        db
          .select({
            id: mailOutbox.id,
            to: mailOutbox.to,
            subject: mailOutbox.subject,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
            sentAt: mailOutbox.sentAt,
          })
          .from(mailOutbox)
          .where(sql`strpos(${mailOutbox.subject}, ${ref}) > 0`)
          .orderBy(asc(mailOutbox.id)),
        db.select().from(invoices).where(eq(invoices.orderId, id)),
        db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            staffName: staffUsers.name,
            action: auditLog.action,
            before: auditLog.before,
            after: auditLog.after,
          })
          .from(auditLog)
          .innerJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
          .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(id))))
          .orderBy(desc(auditLog.at), desc(auditLog.id)),
        carrierOf(order),
      ]);
      const status: AdminOrderStatus = isAdminOrderStatus(order.status) ? order.status : 'pending';
      const paymentState = order.paymentState as PaymentState;
      const delivery = order.deliveryAddress as DeliverySnapshot;
      const billing = order.billingAddress as Partial<AddressFields> & Pick<AddressFields, 'country_id'>;
      const invoiced = invoice.length > 0;
      return {
        id,
        number: ref,
        createdAt: order.createdAt.toISOString(),
        updatedAt: order.updatedAt.toISOString(),
        status,
        paymentState,
        paymentMethod: order.paymentMethod as PaymentMethod,
        lang: order.lang,
        client: client[0]
          ? { id: client[0].id, name: `${client[0].first} ${client[0].last}`.trim(), email: client[0].email }
          : null,
        email: order.clientEmail,
        billing: {
          name: `${billing.first_name ?? ''} ${billing.last_name ?? ''}`.trim(),
          company: billing.is_company ? (billing.company_name ?? null) : null,
          cui: billing.is_company ? (billing.cui ?? null) : null,
          phone: billing.phone ?? '',
          line: billing.city ? addressLine(billing as AddressFields, countryName(billing.country_id, 'ro')) : '',
        },
        delivery: {
          kind: delivery.kind,
          line: delivery.line,
          recipient: delivery.recipient,
          phone: delivery.phone,
          country: delivery.country_id,
        },
        carrier,
        pickupPoint: (order.pickupPoint as Record<string, unknown> | null) ?? null,
        trackingNumbers: order.trackingNumbers,
        trackingLink: trackingLink(carrier.trackingUrl, order.trackingNumbers[0]),
        coupon: order.couponCode,
        comments: order.clientComments,
        totals: {
          subtotal: order.subtotal,
          discount: order.discount,
          shipping: order.shippingCost,
          donation: order.donation,
          total: order.total,
        },
        lines: lines.map((l) => ({
          id: l.id,
          productId: l.productId,
          title: l.productName,
          sku: l.sku,
          urlPath: l.urlPath,
          quantity: l.quantity,
          unitPrice: (l.billingSpecialPrice ?? l.billingSellingPrice) + l.personalizationPrice,
          value: l.lineTotal,
          personalization: personalizationOf(l.personalizationForm),
        })),
        payments: paymentRows.map((p) => ({
          id: p.id,
          ntpId: p.ntpId,
          amount: p.amount,
          currency: p.currency,
          status: p.status,
          flag: p.flag,
          createdAt: p.createdAt.toISOString(),
        })),
        notifications: notificationRows.map((n) => ({ ...n, receivedAt: n.receivedAt.toISOString() })),
        events: events.map((e) => ({ id: e.id, at: e.at.toISOString(), actor: e.actor, kind: e.kind, data: e.data })),
        mails: mails.map((m) => ({
          ...m,
          status: m.status as AdminOrderDetail['mails'][number]['status'],
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt ? m.sentAt.toISOString() : null,
        })),
        invoice: invoice[0]
          ? {
              bill: billNumber(invoice[0].series, invoice[0].number),
              issuedAt: invoice[0].issuedAt.toISOString(),
              link: deps.invoices.downloadUrl(id),
            }
          : null,
        audit: audit.map((a) => ({ ...a, at: a.at.toISOString() })),
        refundDue: refundDueOf(order),
        allowed: {
          statuses: ORDER_TRANSITIONS[status],
          awb: status !== 'canceled' && status !== 'completed',
          confirmPayment:
            status !== 'canceled' && CONFIRMED_BY_STAFF.includes(order.paymentMethod) && UNPAID.includes(paymentState),
          issueInvoice: status !== 'canceled' && INVOICEABLE.includes(paymentState) && !invoiced,
        },
      };
    },

    /**
     * Moves the order along the one transition table (contracts/admin-orders.ts). A cancellation returns
     * exactly the order's stock through the order service's own cancellation, tells the client, and for a
     * paid order notes the refund to be made (a card's in NETOPIA) on the order and in the audit row.
     */
    async changeStatus(staffId: number, id: number, to: AdminOrderStatus): Promise<{ refundDue: RefundDue | null }> {
      const now = new Date();
      const outcome = await withTransaction(db, async (tx) => {
        const order = await lock(tx, id);
        const from = isAdminOrderStatus(order.status) ? order.status : null;
        if (!from || !canMoveOrder(from, to)) {
          refuse('validation.adminOrders.transition', `order ${id}: ${order.status} → ${to}`);
        }
        if (to === 'canceled') {
          const refundDue = refundDueOf({ ...order, status: 'canceled' });
          const done = await cancelOrderWithin(tx, id, inArray(orders.status, ORDER_TRANSITIONS_FROM_CANCEL), {
            actor: actor(staffId),
            at: now,
            data: { reason: 'staff', ...(refundDue ? { refundDue } : {}) },
          });
          // The row is locked and its status checked above, so the cancellation always finds it.
          if (!done) refuse('validation.adminOrders.transition', `order ${id} changed meanwhile`);
          const lang = order.lang === 'en' ? 'en' : 'ro';
          await enqueueMail(
            tx,
            staffCancellationMail(order.clientEmail, order.orderRefNumber, lang, refundDue !== null),
          );
          await recordAudit(tx, {
            staffId,
            action: 'order.cancel',
            entity: 'order',
            entityId: id,
            before: snapshot(order),
            after: { ...snapshot(done.order), returnedStock: done.returned, ...(refundDue ? { refundDue } : {}) },
          });
          return { refundDue, products: done.returned.map((r) => r.productId) };
        }
        const [updated] = await tx
          .update(orders)
          .set({ status: to, updatedAt: now })
          .where(eq(orders.id, id))
          .returning();
        await tx.insert(orderEvents).values({ orderId: id, at: now, actor: actor(staffId), kind: to, data: { from } });
        await recordAudit(tx, {
          staffId,
          action: 'order.status',
          entity: 'order',
          entityId: id,
          before: snapshot(order),
          after: snapshot(updated),
        });
        return { refundDue: null, products: [] as number[] };
      });
      if (outcome.products.length) {
        deps.caches.invalidate(...outcome.products.map((p) => `product:${p}` as const));
        deps.mail.deliverSoon();
      }
      return { refundDue: outcome.refundDue };
    },

    /**
     * Saves the parcel's AWB (it becomes the first of the order's tracking numbers) and queues the client's
     * shipping e-mail with the carrier's tracking link (SPEC §4 parcel lifecycle) in the same transaction.
     */
    async setAwb(staffId: number, id: number, awb: string): Promise<void> {
      const now = new Date();
      // The carrier (its tracking page) before the transaction: the shipping service reads through the pool.
      const [placed] = await db.select().from(orders).where(eq(orders.id, id));
      if (!placed) throw new AppError('NOT_FOUND', { messageKey: 'validation.adminOrders.notFound' });
      const carrier = await carrierOf(placed);
      await withTransaction(db, async (tx) => {
        const order = await lock(tx, id);
        if (order.status === 'canceled' || order.status === 'completed') {
          refuse('validation.adminOrders.awbClosed', `order ${id} is ${order.status}`);
        }
        const numbers = [awb, ...order.trackingNumbers.filter((n) => n !== awb)];
        const [updated] = await tx
          .update(orders)
          .set({ trackingNumbers: numbers, updatedAt: now })
          .where(eq(orders.id, id))
          .returning();
        const link = trackingLink(carrier.trackingUrl, awb);
        await tx
          .insert(orderEvents)
          .values({ orderId: id, at: now, actor: actor(staffId), kind: 'awb', data: { awb, trackingLink: link } });
        const lang = order.lang === 'en' ? 'en' : 'ro';
        await enqueueMail(
          tx,
          shippingMail(
            order.clientEmail,
            { ref: order.orderRefNumber, carrier: carrier.name, awb, trackingLink: link },
            lang,
          ),
        );
        await recordAudit(tx, {
          staffId,
          action: 'order.awb',
          entity: 'order',
          entityId: id,
          before: snapshot(order),
          after: { ...snapshot(updated), trackingLink: link },
        });
      });
      deps.mail.deliverSoon();
    },

    /**
     * Confirms a bank transfer or Revolut payment that staff saw arrive: the order is paid as a card
     * notification would make it (the payment service's own step: event, e-mail, invoice).
     */
    async confirmPayment(staffId: number, id: number): Promise<void> {
      const now = new Date();
      await withTransaction(db, async (tx) => {
        const order = await lock(tx, id);
        if (!CONFIRMED_BY_STAFF.includes(order.paymentMethod)) {
          refuse('validation.adminOrders.notTransfer', `order ${id} is paid by ${order.paymentMethod}`);
        }
        if (order.status === 'canceled' || !UNPAID.includes(order.paymentState as PaymentState)) {
          refuse('validation.adminOrders.notAwaitingPayment', `order ${id}: ${order.status}/${order.paymentState}`);
        }
        const paid = await deps.payments.markPaidWithin(
          tx,
          id,
          { actor: actor(staffId), data: { confirmedBy: staffId, method: order.paymentMethod }, live: true },
          now,
        );
        if (!paid) refuse('validation.adminOrders.notAwaitingPayment', `order ${id} changed meanwhile`);
        // Issued in this transaction: read through it (on PGlite the pool would wait for this very transaction).
        const [issued] = await tx
          .select({ series: invoices.series, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.orderId, id));
        await recordAudit(tx, {
          staffId,
          action: 'order.payment-confirm',
          entity: 'order',
          entityId: id,
          before: snapshot(order),
          after: { ...snapshot(paid), invoice: issued ? billNumber(issued.series, issued.number) : null },
        });
      });
      deps.mail.deliverSoon();
    },

    /** Issues the invoice of a paid (or cash-on-delivery) order that has none, through the invoice service. */
    async issueInvoice(staffId: number, id: number): Promise<string> {
      return withTransaction(db, async (tx) => {
        const order = await lock(tx, id);
        if (order.status === 'canceled' || !INVOICEABLE.includes(order.paymentState as PaymentState)) {
          refuse('validation.adminOrders.notInvoiceable', `order ${id}: ${order.status}/${order.paymentState}`);
        }
        if (await hasInvoice(tx, id)) refuse('validation.adminOrders.invoiced', `order ${id} has an invoice`);
        const issued = await deps.invoices.issueWithin(tx, id, actor(staffId), new Date(), order);
        await recordAudit(tx, {
          staffId,
          action: 'order.invoice',
          entity: 'order',
          entityId: id,
          before: { ...snapshot(order), invoice: null },
          after: { ...snapshot(order), invoice: issued.bill_number },
        });
        return issued.bill_number;
      });
    },

    /** Queues a copy of one of this order's e-mails (the outbox row's recipient, subject and text). */
    async resendMail(staffId: number, id: number, mailId: number): Promise<void> {
      await withTransaction(db, async (tx) => {
        const order = await lock(tx, id);
        const [mail] = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.id, mailId), sql`strpos(${mailOutbox.subject}, ${order.orderRefNumber}) > 0`));
        if (!mail) throw new AppError('NOT_FOUND', { messageKey: 'validation.adminOrders.mailNotFound' });
        const [copy] = await tx
          .insert(mailOutbox)
          .values({ to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text })
          .returning({ id: mailOutbox.id });
        await recordAudit(tx, {
          staffId,
          action: 'order.mail-resend',
          entity: 'order',
          entityId: id,
          before: { mail: mail.id, status: mail.status },
          after: { mail: copy.id, to: mail.to, subject: mail.subject },
        });
      });
      deps.mail.deliverSoon();
    },

    /** The packing slip's PDF: lines, quantities and personalisation, the address and carrier; no prices. */
    async packingSlip(id: number): Promise<{ fileName: string; pdf: Buffer } | null> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), ne(orders.status, 'canceled')));
      if (!order) return null;
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
      const delivery = order.deliveryAddress as DeliverySnapshot;
      const facts: PackingSlipFacts = {
        orderRef: order.orderRefNumber,
        placedOn: bucharestDay.format(order.createdAt),
        carrier: order.carrierName,
        awb: order.trackingNumbers[0] ?? null,
        recipient: delivery.recipient,
        phone: delivery.phone,
        address: delivery.line,
        comments: order.clientComments,
        lines: lines.map((l) => ({
          title: l.productName,
          sku: l.sku,
          quantity: l.quantity,
          // Text answers only: a picture's place is the printed item, not the slip.
          personalization: personalizationOf(l.personalizationForm)
            .filter((p) => !p.image)
            .map((p) => (p.label ? `${p.label}: ${p.value}` : p.value)),
        })),
      };
      return { fileName: `aviz-${order.orderRefNumber}.pdf`, pdf: await renderPackingSlipPdf(facts) };
    },
  };
}

/** The statuses a cancellation starts from, read off the transition table. */
const ORDER_TRANSITIONS_FROM_CANCEL = (Object.keys(ORDER_TRANSITIONS) as AdminOrderStatus[]).filter((s) =>
  ORDER_TRANSITIONS[s].includes('canceled'),
);

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
