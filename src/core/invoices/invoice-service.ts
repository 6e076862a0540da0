import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { type AddressFields, addressLine } from '../../contracts/addresses';
import { AppError } from '../../contracts/errors';
import { billNumber, INVOICE_BILL_TYPE, type InvoiceSeller, invoiceFileName } from '../../contracts/invoices';
import { isVatRate, type VatBreakdown } from '../../contracts/money';
import { countryName } from '../../contracts/geography';
import { SHIPPING_VAT_RATE } from '../../contracts/shipping';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { invoiceSeries, invoices, orderEvents, orderItems, orders } from '../../db/schema';
import { type DbOrTx, withTransaction } from '../../db/transaction';
import type { Logger } from '../logger';
import { type InvoiceFacts, renderInvoicePdf } from './invoice-pdf';

export interface InvoiceOptions {
  /** The series every new invoice is numbered in ("MRN"): the first value, until staff set theirs. */
  series: string;
  /** The association as invoices name it: the first value, until staff set theirs. */
  seller: InvoiceSeller;
  publicUrl: string;
  /** Signs the download links of the payment e-mail and the guest's order page. */
  linkKey: Buffer;
}

/** What issuing needs of an order. */
interface OrderFacts {
  status: string;
  total: number;
  donation: number;
}

export interface Bill {
  bill_type: typeof INVOICE_BILL_TYPE;
  bill_number: string;
}

/** Who asks for an invoice's file: the logged-in client, or a holder of the order's signed link. */
export type InvoiceAccess = { clientId: number | null; key?: string };

const bucharestDate = new Intl.DateTimeFormat('ro-RO', {
  timeZone: 'Europe/Bucharest',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * Invoices (issue 12): issued once per order, numbered per series without gaps, rendered as PDF from the
 * order's snapshot, downloaded by the order's owner or through a signed link.
 */
export function createInvoiceService(
  db: Db,
  options: InvoiceOptions,
  log: Logger,
  /** The series and seller in force, read in the issuing transaction (the back office's settings, decision 024). */
  issuer: (tx: DbOrTx) => Promise<{ series: string; seller: InvoiceSeller }> = async () => options,
) {
  function signature(orderId: number): string {
    return createHmac('sha256', options.linkKey).update(`invoice:${orderId}`).digest('base64url');
  }

  function keyMatches(orderId: number, key: string | undefined): boolean {
    if (!key) return false;
    const expected = Buffer.from(signature(orderId));
    const given = Buffer.from(key);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * Issues the order's invoice inside the caller's transaction, or answers the one it has. The number comes
   * from the series' counter row, incremented in this transaction: the row lock makes concurrent issues wait
   * their turn, and a rollback takes the number back, so the series has no gap and no duplicate.
   */
  async function issueWithin(
    tx: DbOrTx,
    orderId: number,
    actor: string,
    now = new Date(),
    /** The order's row when the caller has just updated (so locked) it: not read again. */
    locked?: OrderFacts,
  ): Promise<Bill> {
    const [order] = locked
      ? [locked]
      : await tx
          .select({ status: orders.status, total: orders.total, donation: orders.donation })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
    if (!order) throw new AppError('NOT_FOUND');
    const [existing] = await tx
      .select({ series: invoices.series, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    if (existing) return bill(existing.series, existing.number);
    if (order.status === 'canceled') {
      throw new AppError('CONFLICT', { messageKey: 'apiError.invoice.canceledOrder' });
    }
    const { series, seller } = await issuer(tx);
    // The number and the invoice in one statement: the counter's row lock is held from here to the commit.
    const [counter] = await queryRows<{ number: number }>(
      tx,
      sql`with taken as (
            insert into ${invoiceSeries} (series, last) values (${series}, 1)
            on conflict (series) do update set last = ${invoiceSeries}.last + 1
            returning last
          )
          insert into ${invoices} (order_id, series, number, issued_at, seller, total)
          select ${orderId}::int, ${series}::text, taken.last, ${now.toISOString()}::timestamptz,
            ${JSON.stringify(seller)}::jsonb, ${order.total - order.donation}::int
          from taken
          returning number`,
    );
    const issued = bill(series, counter.number);
    await tx.insert(orderEvents).values({
      orderId,
      at: now,
      actor,
      kind: 'invoice_issued',
      data: { bill_number: issued.bill_number },
    });
    log.info({ orderId, bill: issued.bill_number }, 'invoice issued');
    return issued;
  }

  function bill(series: string, number: number): Bill {
    return { bill_type: INVOICE_BILL_TYPE, bill_number: billNumber(series, number) };
  }

  /** Everything the PDF shows, from the order's snapshot and the invoice row. */
  async function factsOf(orderId: number): Promise<InvoiceFacts | null> {
    const [row] = await db
      .select({ order: orders, invoice: invoices })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(invoices.orderId, orderId));
    if (!row) return null;
    const { order, invoice } = row;
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
    const billing = order.billingAddress as AddressFields;
    const name = `${billing.first_name} ${billing.last_name}`;
    return {
      bill: billNumber(invoice.series, invoice.number),
      issuedOn: bucharestDate.format(invoice.issuedAt),
      orderRef: order.orderRefNumber,
      paymentMethod: order.paymentMethod,
      seller: invoice.seller as InvoiceSeller,
      buyer: {
        name,
        company:
          billing.is_company && billing.company_name
            ? {
                name: billing.company_name,
                cui: billing.cui ?? null,
                registration: billing.company_registration_number ?? null,
                bank: billing.bank ?? null,
                iban: billing.iban ?? null,
              }
            : null,
        address: addressLine(billing, countryName(billing.country_id, 'ro')),
        email: order.clientEmail,
        phone: billing.phone,
      },
      lines: items.map((i) => ({
        name: i.productName,
        sku: i.sku,
        quantity: i.quantity,
        unitGross: (i.billingSpecialPrice ?? i.billingSellingPrice) + i.personalizationPrice,
        couponDiscount: i.couponDiscount,
        gross: i.lineTotal,
        vatRate: isVatRate(i.vatRate) ? i.vatRate : 21,
      })),
      shipping:
        order.shippingCost > 0
          ? { name: order.carrierName, gross: order.shippingCost, vatRate: SHIPPING_VAT_RATE }
          : null,
      vat: order.vat as VatBreakdown[],
      total: invoice.total,
      donation: order.donation,
    };
  }

  return {
    issueWithin,

    /** Issues an order's invoice in a transaction of its own (the back office: cash on delivery, transfers). */
    issue(orderId: number, actor: string): Promise<Bill> {
      return withTransaction(db, (tx) => issueWithin(tx, orderId, actor));
    },

    /** The bills of each order (SPEC §3 bills_list), for the order history. */
    async billsOf(orderIds: number[]): Promise<Map<number, Bill[]>> {
      const byOrder = new Map<number, Bill[]>();
      if (!orderIds.length) return byOrder;
      const rows = await db
        .select({ orderId: invoices.orderId, series: invoices.series, number: invoices.number })
        .from(invoices)
        .where(inArray(invoices.orderId, orderIds));
      for (const r of rows) byOrder.set(r.orderId, [bill(r.series, r.number)]);
      return byOrder;
    },

    /** The signed key that opens an order's invoice without a session (payment e-mail, guest's page). */
    linkKey: signature,

    /** The download address of an order's invoice, signed, for an e-mail. */
    downloadUrl(orderId: number): string {
      return `${options.publicUrl}/api/client-order/download-invoice/${orderId}?key=${signature(orderId)}`;
    },

    /**
     * The invoice's PDF and its file name, for the order's owner or the holder of its signed link. Anyone else,
     * and an order without an invoice, gets NOT_FOUND: the answer never tells whether the order exists.
     */
    async document(orderId: number, access: InvoiceAccess): Promise<{ fileName: string; pdf: Buffer }> {
      const [order] = await db.select({ clientId: orders.clientId }).from(orders).where(eq(orders.id, orderId));
      const allowed =
        order && ((access.clientId !== null && order.clientId === access.clientId) || keyMatches(orderId, access.key));
      if (!allowed) throw new AppError('NOT_FOUND');
      const facts = await factsOf(orderId);
      if (!facts) throw new AppError('NOT_FOUND');
      return { fileName: invoiceFileName(facts.bill), pdf: await renderInvoicePdf(facts) };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
