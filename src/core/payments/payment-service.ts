import { timingSafeEqual, type KeyObject } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AddressFields } from '../../contracts/addresses';
import { AppError } from '../../contracts/errors';
import { formatMoney } from '../../contracts/money';
import {
  NETOPIA_STATUS,
  type NotificationAnswer,
  type PaymentStart,
  type VerifyOutcome,
} from '../../contracts/payments';
import type { Db } from '../../db/client';
import { orderEvents, orderItems, orders, paymentNotifications, payments } from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import type { Logger } from '../logger';
import { enqueueMail, type MailService } from '../mail/mail-service';
import type { DeliverySnapshot } from '../orders/delivery-snapshot';
import { paymentReceivedMail } from '../orders/order-mails';
import type { OrderService } from '../orders/order-service';
import type { InvoiceService } from '../invoices/invoice-service';
import { checkNotificationToken } from './ipn-token';
import { type CardPaymentProvider, PaymentProviderError } from './netopia-client';
import { startPayload } from './start-payload';

export interface PaymentOptions {
  publicUrl: string;
  /** NETOPIA's public key (or the simulator's): notifications are checked with it. */
  notificationKey: KeyObject;
  /** A payment without a notification after this long is asked about (issue 12: 15 minutes). */
  reconcileAfterMs?: number;
}

const RECONCILE_AFTER_MS = 15 * 60_000;

/**
 * How far along a payment is: a status moves a payment only forward (DESIGN §9), so a late "3-D Secure"
 * after "paid" or a "declined" after "confirmed" changes nothing.
 */
const STATUS_RANK: Record<number, number> = {
  [NETOPIA_STATUS.new]: 0,
  [NETOPIA_STATUS.threeDSecure]: 1,
  [NETOPIA_STATUS.declined]: 2,
  [NETOPIA_STATUS.cancelled]: 2,
  [NETOPIA_STATUS.paid]: 3,
  [NETOPIA_STATUS.confirmed]: 4,
  [NETOPIA_STATUS.refunded]: 5,
};
const PAID = new Set<number>([NETOPIA_STATUS.paid, NETOPIA_STATUS.confirmed]);
const FAILED = new Set<number>([NETOPIA_STATUS.declined, NETOPIA_STATUS.cancelled]);

const ok: NotificationAnswer = { errorType: 0, errorCode: null, errorMessage: '' };

/** A trusted report of a payment's state: a verified notification or the shop's own status call. */
interface StatusReport {
  ntpID: string;
  orderID: string | null;
  status: number;
  /** Bani; -1 when the report had none. */
  amount: number;
  currency: string;
  source: 'notification' | 'status';
  body: unknown;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The notification body's facts, or null when it is not NETOPIA's shape. */
function reportOf(body: unknown): StatusReport | null {
  const payment = asRecord(asRecord(body).payment);
  const order = asRecord(asRecord(body).order);
  const ntpID = payment.ntpID;
  const status = payment.status;
  if (typeof ntpID !== 'string' || ntpID === '' || ntpID.length > 100) return null;
  if (typeof status !== 'number' || !Number.isInteger(status)) return null;
  const amount =
    typeof payment.amount === 'number' && Number.isFinite(payment.amount) ? Math.round(payment.amount * 100) : -1;
  return {
    ntpID,
    orderID: typeof order.orderID === 'string' ? order.orderID : null,
    status,
    amount,
    currency: typeof payment.currency === 'string' ? payment.currency : '',
    source: 'notification',
    body,
  };
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Card payments (issue 12): starts them at NETOPIA for a placed card order, verifies the 3-D Secure return
 * for the shopper's information only, and moves an order to paid or failed only on a verified notification
 * or the shop's own status call, idempotently, in one transaction with its event and e-mail.
 */
export function createPaymentService(
  db: Db,
  deps: { provider: CardPaymentProvider; orders: OrderService; mail: MailService; invoices: InvoiceService },
  options: PaymentOptions,
  log: Logger,
) {
  const { provider } = deps;

  /** Applies a trusted report to its payment and order; answers whether anything changed. */
  async function apply(report: StatusReport): Promise<'applied' | 'replay' | 'flagged' | 'unknown'> {
    const outcome = await withTransaction(db, async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.ntpId, report.ntpID)).for('update');
      const flag = !payment
        ? 'unknown_payment'
        : report.orderID !== null && report.orderID !== payment.providerOrderId
          ? 'order_mismatch'
          : PAID.has(report.status) && report.amount !== payment.amount
            ? 'amount_mismatch'
            : PAID.has(report.status) && report.currency !== payment.currency
              ? 'currency_mismatch'
              : null;
      const inserted = await tx
        .insert(paymentNotifications)
        .values({
          ntpId: report.ntpID,
          status: report.status,
          paymentId: payment?.id ?? null,
          amount: report.amount >= 0 ? report.amount : null,
          currency: report.currency || null,
          flag,
          source: report.source,
          body: report.body as object,
        })
        .onConflictDoNothing()
        .returning({ id: paymentNotifications.id });
      if (inserted.length === 0) return 'replay' as const;
      if (!payment) return 'unknown' as const;
      const now = new Date();
      // One update of the attempt: when NETOPIA last spoke, the flag, or a status further on (never back).
      const advances = !flag && (STATUS_RANK[report.status] ?? -1) > (STATUS_RANK[payment.status] ?? -1);
      if (report.source === 'notification' || flag || advances) {
        await tx
          .update(payments)
          .set({
            ...(report.source === 'notification' ? { notifiedAt: now } : {}),
            ...(flag ? { flag, updatedAt: now } : {}),
            ...(advances ? { status: report.status, updatedAt: now } : {}),
          })
          .where(eq(payments.id, payment.id));
      }
      if (flag) {
        await tx.insert(orderEvents).values({
          orderId: payment.orderId,
          at: now,
          actor: 'netopia',
          kind: 'payment_flagged',
          data: { ntpID: report.ntpID, flag, status: report.status, amount: report.amount, currency: report.currency },
        });
        return 'flagged' as const;
      }
      await moveOrder(tx, payment.orderId, report, now);
      return 'applied' as const;
    });
    if (outcome === 'applied') deps.mail.deliverSoon();
    log.info({ ntpID: report.ntpID, status: report.status, source: report.source, outcome }, 'card payment report');
    return outcome;
  }

  /**
   * Marks an order paid as a card notification does: once (only while it waits for its money), with its event,
   * the client's e-mail and, unless it was cancelled, its invoice, all in the caller's transaction. Also the
   * back office's confirmation of a bank transfer or Revolut payment (`actor` a staff member, `live` set: a
   * cancelled order is not marked). Answers the order as updated, or null when nothing changed.
   */
  async function markPaidWithin(
    tx: Tx,
    orderId: number,
    who: { actor: string; data: Record<string, unknown>; live?: boolean },
    now: Date,
  ): Promise<typeof orders.$inferSelect | null> {
    const [order] = await tx
      .update(orders)
      .set({ paymentState: 'paid', updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.paymentState, ['awaiting_payment', 'failed']),
          who.live ? ne(orders.status, 'canceled') : undefined,
        ),
      )
      .returning();
    if (!order) return null;
    await tx.insert(orderEvents).values({
      orderId,
      at: now,
      actor: who.actor,
      kind: order.status === 'canceled' ? 'paid_after_cancel' : 'paid',
      data: who.data,
    });
    const lang = order.lang === 'en' ? 'en' : 'ro';
    const total = formatMoney(order.total, { code: 'RON' }, lang);
    // A paid order gets its invoice in the same transaction; money that arrives for a cancelled order is
    // refunded by staff, not invoiced. The link names the order, not the number, so the e-mail is written first
    // and the series' counter is locked only for the last statements of the transaction.
    const invoiced = order.status !== 'canceled';
    const invoiceLink = invoiced ? deps.invoices.downloadUrl(orderId) : null;
    await enqueueMail(
      tx,
      paymentReceivedMail(order.clientEmail, order.orderRefNumber, total, lang, invoiceLink, order.paymentMethod),
    );
    if (invoiced) await deps.invoices.issueWithin(tx, orderId, who.actor, now, order);
    return order;
  }

  /** The order follows its payment: paid once (with its e-mail), failed only while it waits. */
  async function moveOrder(tx: Tx, orderId: number, report: StatusReport, now: Date) {
    if (PAID.has(report.status)) {
      await markPaidWithin(
        tx,
        orderId,
        { actor: 'netopia', data: { ntpID: report.ntpID, status: report.status, source: report.source } },
        now,
      );
      return;
    }
    if (FAILED.has(report.status)) {
      const [order] = await tx
        .update(orders)
        .set({ paymentState: 'failed', updatedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), eq(orders.paymentState, 'awaiting_payment')))
        .returning({ id: orders.id });
      if (order) {
        await tx.insert(orderEvents).values({
          orderId,
          at: now,
          actor: 'netopia',
          kind: 'payment_failed',
          data: { ntpID: report.ntpID, status: report.status, source: report.source },
        });
      }
      return;
    }
    if (report.status === NETOPIA_STATUS.refunded) {
      await tx.insert(orderEvents).values({
        orderId,
        at: now,
        actor: 'netopia',
        kind: 'refunded',
        data: { ntpID: report.ntpID, source: report.source },
      });
    }
  }

  /** Starts a card payment for a placed card order that still waits for its money. */
  async function start(orderId: number): Promise<PaymentStart> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError('NOT_FOUND');
    if (
      order.paymentMethod !== 'card' ||
      order.status !== 'pending' ||
      !['awaiting_payment', 'failed'].includes(order.paymentState)
    ) {
      throw new AppError('CONFLICT', {
        messageKey: 'apiError.payment.notPayable',
        detail: `order ${orderId} ${order.paymentState}`,
      });
    }
    const [items, [{ attempts }]] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
      db.select({ attempts: count() }).from(payments).where(eq(payments.orderId, orderId)),
    ]);
    const providerOrderId = attempts === 0 ? order.orderRefNumber : `${order.orderRefNumber}-${attempts + 1}`;
    const payload = startPayload(
      {
        orderRefNumber: order.orderRefNumber,
        providerOrderId,
        clientEmail: order.clientEmail,
        billing: order.billingAddress as AddressFields,
        delivery: order.deliveryAddress as DeliverySnapshot,
        shippingCost: order.shippingCost,
        donation: order.donation,
        total: order.total,
        createdAt: order.createdAt,
        items,
      },
      { publicUrl: options.publicUrl, posSignature: provider.posSignature },
    );
    let answer: Awaited<ReturnType<CardPaymentProvider['start']>>;
    try {
      answer = await provider.start(payload);
    } catch (err) {
      log.warn({ orderId, providerOrderId, err: (err as Error).message }, 'card payment start failed');
      throw new AppError('UNAVAILABLE', { messageKey: 'apiError.payment.failed', detail: (err as Error).message });
    }
    await withTransaction(db, async (tx) => {
      await tx.insert(payments).values({
        orderId,
        ntpId: answer.ntpID,
        providerOrderId,
        authenticationToken: answer.authenticationToken,
        amount: order.total,
        currency: 'RON',
        status: answer.status || NETOPIA_STATUS.new,
      });
      // A new attempt after a declined one waits again (a notification of the old one cannot undo a payment).
      if (order.paymentState === 'failed') {
        await tx
          .update(orders)
          .set({ paymentState: 'awaiting_payment', updatedAt: new Date() })
          .where(and(eq(orders.id, orderId), eq(orders.paymentState, 'failed')));
      }
      await tx.insert(orderEvents).values({
        orderId,
        actor: 'system',
        kind: 'payment_started',
        data: { ntpID: answer.ntpID, providerOrderId, code: answer.code },
      });
    });
    if (!answer.paymentURL) {
      throw new AppError('UNAVAILABLE', {
        messageKey: 'apiError.payment.init',
        detail: `no paymentURL for ${answer.ntpID}`,
      });
    }
    return { paymentURL: answer.paymentURL, authenticationToken: answer.authenticationToken, ntpID: answer.ntpID };
  }

  /**
   * Tells the shopper whether the 3-D Secure step went through. It never marks an order paid: only a
   * verified notification or the shop's own status call does.
   */
  async function verify3ds(input: {
    ntpID: string;
    authenticationToken: string | null;
    paRes: string;
  }): Promise<VerifyOutcome> {
    const [payment] = await db.select().from(payments).where(eq(payments.ntpId, input.ntpID));
    if (!payment?.authenticationToken) return 'failed';
    if (input.authenticationToken !== null && !sameText(input.authenticationToken, payment.authenticationToken))
      return 'failed';
    try {
      const answer = await provider.verify3ds({
        authenticationToken: payment.authenticationToken,
        ntpID: input.ntpID,
        paRes: input.paRes,
      });
      return answer.code === '00' || PAID.has(answer.status) ? 'verified' : 'failed';
    } catch (err) {
      if (err instanceof PaymentProviderError && err.kind === 'refused') return 'failed';
      return 'error';
    }
  }

  /** Asks NETOPIA about one payment and applies the answer (the reconciliation job, and staff later). */
  async function reconcilePayment(ntpID: string): Promise<void> {
    const [payment] = await db.select().from(payments).where(eq(payments.ntpId, ntpID));
    if (!payment) return;
    const answer = await provider.status({ ntpID, orderID: payment.providerOrderId });
    if (answer.status === payment.status) return;
    await apply({ ...answer, orderID: null, source: 'status', body: { status: answer } });
  }

  /** Card payments left without a notification for 15 minutes whose order still waits: asked about. */
  async function reconcile(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - (options.reconcileAfterMs ?? RECONCILE_AFTER_MS));
    const due = await db
      .select({ ntpId: payments.ntpId })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          isNull(payments.notifiedAt),
          lt(payments.createdAt, before),
          eq(orders.status, 'pending'),
          eq(orders.paymentState, 'awaiting_payment'),
        ),
      )
      .limit(100);
    let n = 0;
    for (const { ntpId } of due) {
      try {
        await reconcilePayment(ntpId);
        n += 1;
      } catch (err) {
        log.warn({ ntpID: ntpId, err: (err as Error).message }, 'card payment status call failed');
      }
    }
    return n;
  }

  return {
    start,

    /** Starts the card payment of the order a receipt names (the signed `last_order` value). */
    async startByReceipt(receipt: string): Promise<PaymentStart> {
      const orderId = deps.orders.orderIdOfReceipt(receipt);
      if (orderId === null) throw new AppError('NOT_FOUND');
      return start(orderId);
    },

    verify3ds,

    /**
     * The return to `redirectUrl` (SPEC §2 Payment return): the payment is the one the shopper's receipt names
     * (its latest attempt), else the one the query names. For the shopper's information only.
     */
    async verifyReturn(query: { ntpID?: string; paRes?: string }, receipt: string | null): Promise<VerifyOutcome> {
      const orderId = receipt ? deps.orders.orderIdOfReceipt(receipt) : null;
      let ntpID = query.ntpID ?? null;
      if (orderId !== null) {
        const [latest] = await db
          .select({ ntpId: payments.ntpId })
          .from(payments)
          .where(eq(payments.orderId, orderId))
          .orderBy(sql`${payments.id} desc`)
          .limit(1);
        ntpID = latest?.ntpId ?? ntpID;
      }
      if (!ntpID) return 'failed';
      return verify3ds({ ntpID, authenticationToken: null, paRes: query.paRes ?? '' });
    },

    /**
     * A notification from NETOPIA (`POST /api/payment/ipn`): the token checked against the raw body, then the
     * report applied once. Answers NETOPIA's JSON and the HTTP status; the answer is sent after the commit.
     */
    async notify(
      rawBody: string,
      token: string | undefined,
    ): Promise<{ http: 200 | 400 | 401 | 503; answer: NotificationAnswer }> {
      const refusal = checkNotificationToken(token, rawBody, options.notificationKey, provider.posSignature);
      if (refusal) {
        log.warn({ refusal }, 'payment notification refused');
        return {
          http: 401,
          answer: { errorType: 2, errorCode: 'INVALID_TOKEN', errorMessage: `Verification-token: ${refusal}` },
        };
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = null;
      }
      const report = reportOf(body);
      if (!report) {
        return {
          http: 400,
          answer: { errorType: 2, errorCode: 'INVALID_BODY', errorMessage: 'Not a payment notification' },
        };
      }
      try {
        await apply(report);
        return { http: 200, answer: ok };
      } catch (err) {
        log.error({ ntpID: report.ntpID, err }, 'payment notification not applied');
        return { http: 503, answer: { errorType: 1, errorCode: 'TEMPORARY', errorMessage: 'Try again later' } };
      }
    },

    reconcile,
    reconcilePayment,
    markPaidWithin,

    /** Runs `reconcile` every `everyMs` (5 minutes); answers the function that stops it. */
    startReconciliation(runLog: Logger, everyMs = 5 * 60_000): () => void {
      const run = () =>
        reconcile().then(
          (n) => n > 0 && runLog.info({ payments: n }, 'card payments asked about'),
          (err: unknown) => runLog.error({ err }, 'card payment reconciliation failed'),
        );
      const timer = setInterval(run, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
