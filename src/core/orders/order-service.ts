import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { addressLine } from '../../contracts/addresses';
import type { CartOwner, CartView } from '../../contracts/cart';
import type {
  CheckoutInput,
  CheckoutQuote,
  OrderReceipt,
  OrderStatus,
  PaymentState,
  PlacedOrder,
} from '../../contracts/checkout';
import { isCouponActive } from '../../contracts/coupons';
import { AppError } from '../../contracts/errors';
import { type CountryId, countryName } from '../../contracts/geography';
import {
  type Bani,
  type CouponInput,
  type CurrencyView,
  formatMoney,
  type PricedCart,
  priceCart,
  toRon,
  type VatBreakdown,
} from '../../contracts/money';
import { personalizationInputs, type PersonalizationValues } from '../../contracts/personalization';
import type { Language } from '../../contracts/preferences';
import { bucharestDay, workingDaysBefore } from '../../contracts/dates';
import {
  allowedPaymentMethods,
  type CarrierLocation,
  type CarrierOption,
  DELIVERY_OPTION,
  type CarrierId,
  defaultPaymentMethod,
  type GlsLocker,
  type PaymentMethod,
  SHIPPING_VAT_RATE,
} from '../../contracts/shipping';
import type { Db } from '../../db/client';
import { orderCounters, orderEvents, orderItems, orders } from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import type { AddressService } from '../accounts/address-service';
import type { CacheRegistry } from '../cache/registry';
import type { SettingsService } from '../settings/settings-service';
import type { CartService } from '../cart/cart-service';
import type { CaseService } from '../cases/case-service';
import type { CatalogueService } from '../catalogue/catalogue-service';
import { returnStock, takeStock } from '../catalogue/stock';
import type { CouponService } from '../content/coupon-service';
import type { CurrencyService } from '../currency/currency-service';
import type { Logger } from '../logger';
import { enqueueMail, type MailService } from '../mail/mail-service';
import type { ShippingService } from '../shipping/shipping-service';
import type { UploadService } from '../uploads/upload-service';
import type { DeliverySnapshot } from './delivery-snapshot';
import { cancellationMail, cardCancellationMail, confirmationMail, shopNotificationMail } from './order-mails';

/**
 * Cancels an order inside the caller's transaction when it still matches `condition`, and puts exactly its
 * lines' quantities back on the shelf, with a `canceled` event naming what returned. Null (nothing written)
 * when the order does not match. The one cancellation: the unpaid-order job and the back office both use it;
 * the caller writes the e-mail and clears the product caches after its commit.
 */
export async function cancelOrderWithin(
  tx: Tx,
  orderId: number,
  condition: SQL,
  event: { actor: string; at: Date; data: Record<string, unknown> },
): Promise<{ order: typeof orders.$inferSelect; returned: { productId: number; quantity: number }[] } | null> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'canceled', updatedAt: event.at })
    .where(and(eq(orders.id, orderId), condition))
    .returning();
  if (!order) return null;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  for (const item of items) await returnStock(tx, item.productId, item.quantity);
  const returned = items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
  await tx.insert(orderEvents).values({
    orderId,
    at: event.at,
    actor: event.actor,
    kind: 'canceled',
    data: { ...event.data, returned },
  });
  return { order, returned };
}

/** SPEC §9: a bank transfer or Revolut order keeps its books this many working days. */
const UNPAID_WORKING_DAYS = 3;

export interface OrderOptions {
  publicUrl: string;
  /** Where the shop's new-order notifications go. */
  shopInbox: string;
  /** The account for bank transfers, shown in the e-mail (SPEC §9: reserved 3 working days). */
  bankAccount: { iban: string; bank: string; holder: string };
  /** Signs the receipt a browser keeps between placing an order and the order-registered page. */
  receiptKey: Buffer;
  /** How long a card order may stay unpaid before it is cancelled and its stock returned (issue 12: 2 hours). */
  cardUnpaidMs?: number;
}

/** Issue 12: a card order not paid within 2 hours is cancelled unless configured otherwise. */
export const DEFAULT_CARD_UNPAID_MS = 2 * 60 * 60_000;

export interface PlaceContext {
  client: { id: number; email: string } | null;
  cartToken: string | null;
  idempotencyKey: string;
  currency: CurrencyView;
  lang: Language;
}

/** The shopper's choices the checkout page asks figures for. */
export interface QuoteQuery {
  owner: CartOwner;
  lang: Language;
  currency: CurrencyView;
  country: CountryId;
  carrierId: CarrierId | null;
  paymentMethod: PaymentMethod | null;
  locationId: number | null;
  /** Whole units of the display currency. */
  donationUnits: number;
  couponCode: string | null;
}

/** What a coupon code does to this cart (issue 11 item 4): its outcome and, when it applies, its terms. */
export type CouponCheck =
  | { outcome: 'unknown' | 'expired' }
  | { outcome: 'belowMinimum' | 'notBetter' | 'applied'; coupon: CouponInput };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Checkout's order (issue 11, DESIGN §9): the cart re-priced from the catalogue, the carrier's cost from the
 * shipping service, the coupon and donation, then one transaction that takes the stock, writes the order
 * and its e-mails, and empties the cart. The browser's figures are never used, only compared.
 */
export function createOrderService(
  db: Db,
  deps: {
    cart: CartService;
    shipping: ShippingService;
    coupons: CouponService;
    currency: CurrencyService;
    cases: CaseService;
    catalogue: CatalogueService;
    uploads: UploadService;
    addresses: AddressService;
    mail: MailService;
    caches: CacheRegistry;
    /** The depot's address as staff keep it (decision 024). */
    settings: Pick<SettingsService, 'depot'>;
  },
  options: OrderOptions,
  log: Logger,
) {
  async function checkCoupon(code: string | null, now = new Date()): Promise<CouponCheck | null> {
    if (!code) return null;
    const found = (await deps.coupons.list()).find((c) => c.couponCode.toLowerCase() === code.toLowerCase());
    if (!found) return { outcome: 'unknown' };
    if (!isCouponActive(found, now)) return { outcome: 'expired' };
    const coupon = {
      percent: found.discountPercentage,
      minimumAmount: found.minimumAmount,
      productType: found.productType,
    };
    return { outcome: 'applied', coupon };
  }

  /** The cart's lines as the one price calculation takes them. */
  const lineInputs = (cart: CartView) =>
    cart.lines.map((l) => ({
      unitPrice: l.unitPrice,
      regularPrice: l.regularPrice,
      quantity: l.quantity,
      vatRate: l.vatRate,
      personalizationPrice: l.personalizationPrice,
      productType: l.productType,
    }));

  function totalsOf(cart: CartView, carrier: CarrierOption, donation: Bani, coupon: CouponCheck | null): PricedCart {
    return priceCart(
      lineInputs(cart),
      { price: carrier.shippingCost, vatRate: SHIPPING_VAT_RATE },
      donation,
      coupon && 'coupon' in coupon ? coupon.coupon : null,
    );
  }

  /** Where the parcel goes, checked against the carrier: the depot, a locker, an agency's point or an address. */
  async function deliveryOf(
    input: CheckoutInput,
    lang: Language,
  ): Promise<{ snapshot: DeliverySnapshot; pickup: CarrierLocation | GlsLocker | null }> {
    const option = DELIVERY_OPTION[input.carrier];
    const contact = input.deliveryContact ?? {
      first_name: input.billing.first_name,
      last_name: input.billing.last_name,
      phone: input.billing.phone,
    };
    const recipient = `${contact.first_name} ${contact.last_name}`;
    const country = input.shipping_country;
    if (option === 'pickup') {
      const parts = { ...(await deps.settings.depot()) };
      const line = `${parts.street} ${parts.number}, ${parts.city} ${parts.zip_code}, jud. ${parts.county}`;
      return {
        snapshot: { kind: 'pickup', line, recipient, phone: contact.phone, country_id: country, parts },
        pickup: null,
      };
    }
    if (option === 'locker') {
      const locker = input.locker_id ? await deps.shipping.locker(input.locker_id) : null;
      if (!locker) throw new AppError('VALIDATION', { fields: { locker_id: 'validation.checkout.lockerRequired' } });
      const line = `${locker.location_name}, ${locker.street} ${locker.number}, ${locker.city} ${locker.zip_code}`;
      return {
        snapshot: { kind: 'locker', line, recipient, phone: contact.phone, country_id: country, parts: { ...locker } },
        pickup: locker,
      };
    }
    if (option === 'agency') {
      const point = input.carrier_location_id ? await deps.shipping.location(input.carrier_location_id, lang) : null;
      if (!point || point.carrier_id !== input.carrier || point.country_id !== country) {
        throw new AppError('VALIDATION', {
          fields: { carrier_location_id: 'validation.checkout.pickupPointRequired' },
        });
      }
      const line = `${point.agency} (${point.country_name}): ${point.location_contact_info}`;
      return {
        snapshot: { kind: 'agency', line, recipient, phone: contact.phone, country_id: country, parts: { ...point } },
        pickup: point,
      };
    }
    const address = input.delivery ?? input.billing;
    const parts = { ...address, country: countryName(address.country_id, lang) };
    const line = addressLine(address, parts.country);
    return {
      snapshot: {
        kind: 'home',
        line,
        recipient: `${address.first_name} ${address.last_name}`,
        phone: address.phone,
        country_id: address.country_id,
        parts,
      },
      pickup: null,
    };
  }

  /** SPEC §3: an image input's stored picture goes into the order as its content, not its id. */
  async function personalizationJson(
    values: PersonalizationValues | null,
    productId: number,
    forms: Awaited<ReturnType<CatalogueService['orderFacts']>>,
  ) {
    if (!values) return null;
    const form = forms.get(productId)?.personalizationForm ?? null;
    const out: Record<string, string> = { ...values };
    for (const input of personalizationInputs(form)) {
      const id = values[input.name];
      if (input.type !== 'image' || !id) continue;
      const file = await deps.uploads.read(id, 'full');
      if (file) out[input.name] = `data:${file.contentType};base64,${Buffer.from(file.bytes).toString('base64')}`;
    }
    return JSON.stringify({ form, values: out });
  }

  async function nextOrderNumber(tx: Tx, at: Date): Promise<string> {
    const year = Number(bucharestDay(at).slice(0, 4));
    const [row] = await tx
      .insert(orderCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: orderCounters.year, set: { last: sql`${orderCounters.last} + 1` } })
      .returning({ last: orderCounters.last });
    return `MRN-${year}-${String(row.last).padStart(6, '0')}`;
  }

  function receiptSignature(orderId: number): string {
    return createHmac('sha256', options.receiptKey).update(`receipt:${orderId}`).digest('base64url');
  }

  /**
   * The key as stored: with its shopper (the client, else the guest's cart), so a key another shopper sends
   * (leaked, or reused by a careless API client) makes that shopper's own order instead of answering this one.
   */
  function ownedKey(ctx: PlaceContext): string {
    const owner = ctx.client ? `c${ctx.client.id}` : `g${hashToken(ctx.cartToken ?? '').slice(0, 16)}`;
    return `${ctx.idempotencyKey}:${owner}`;
  }

  /** The order a receipt token names, when the shop signed it; null otherwise. */
  function orderIdOfReceipt(token: string): number | null {
    const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    const expected = Buffer.from(receiptSignature(id));
    const given = Buffer.from(match[2]);
    return timingSafeEqual(expected, given) ? id : null;
  }

  /** The order a key made already, as `place` answered it (a guest's link is in the e-mail only). */
  async function existingOrder(key: string): Promise<PlacedOrder | null> {
    const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
    if (!row) return null;
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(orderItems.id);
    return {
      id: row.id,
      order_ref_number: row.orderRefNumber,
      billing_total_amount: row.total,
      payment_method: row.paymentMethod as PaymentMethod,
      status: row.status as OrderStatus,
      payment_state: row.paymentState as PaymentState,
      guest_link: null,
      products: items.map((i) => ({
        products_id: i.productId,
        product: i.productName,
        quantity: i.quantity,
        price: (i.billingSpecialPrice ?? i.billingSellingPrice) + i.personalizationPrice,
        vat: i.vatRate,
      })),
    };
  }

  /**
   * Cancels one unpaid order whose reservation ran out, returning its stock, in one transaction; nothing when
   * it was paid or cancelled meanwhile (the conditional update finds no row).
   */
  async function cancelUnpaidOrder(orderId: number, now: Date): Promise<boolean> {
    const cancelled = await withTransaction(db, async (tx) => {
      const done = await cancelOrderWithin(
        tx,
        orderId,
        // A card order whose payment was declined is unpaid too; a paid one is never cancelled here.
        and(eq(orders.status, 'pending'), inArray(orders.paymentState, ['awaiting_payment', 'failed'])) as SQL,
        { actor: 'system', at: now, data: { reason: 'unpaid' } },
      );
      if (!done) return null;
      const { order } = done;
      const lang = order.lang === 'en' ? 'en' : 'ro';
      await enqueueMail(
        tx,
        order.paymentMethod === 'card'
          ? cardCancellationMail(order.clientEmail, order.orderRefNumber, lang)
          : cancellationMail(order.clientEmail, order.orderRefNumber, lang),
      );
      return done.returned.map((r) => r.productId);
    });
    if (!cancelled) return false;
    deps.caches.invalidate(...cancelled.map((id) => `product:${id}` as const));
    return true;
  }

  /**
   * Bank transfers and Revolut wait 3 working days (SPEC §9), card orders `cardUnpaidMs` (issue 12); then the
   * order goes and its books return.
   */
  async function cancelUnpaid(now = new Date()): Promise<number> {
    const before = workingDaysBefore(now, UNPAID_WORKING_DAYS);
    const cardBefore = new Date(now.getTime() - (options.cardUnpaidMs ?? DEFAULT_CARD_UNPAID_MS));
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          or(
            and(
              eq(orders.paymentState, 'awaiting_payment'),
              inArray(orders.paymentMethod, ['transfer', 'revolut']),
              lt(orders.createdAt, before),
            ),
            and(
              inArray(orders.paymentState, ['awaiting_payment', 'failed']),
              eq(orders.paymentMethod, 'card'),
              lt(orders.createdAt, cardBefore),
            ),
          ),
        ),
      );
    let n = 0;
    for (const { id } of due) if (await cancelUnpaidOrder(id, now)) n += 1;
    if (n > 0) deps.mail.deliverSoon();
    return n;
  }

  /** Writes a new order for the cart: checks, stock, order, lines, e-mails and the cart emptied, in one transaction. */
  async function placeNew(input: CheckoutInput, ctx: PlaceContext): Promise<PlacedOrder> {
    const owner: CartOwner = { token: ctx.cartToken, clientId: ctx.client?.id ?? null };
    const cart = await deps.cart.view(owner, ctx.lang);
    if (cart.lines.length === 0) throw new AppError('NOT_FOUND', { messageKey: 'apiError.checkout.emptyCart' });
    const country = input.shipping_country;
    if (!allowedPaymentMethods(country, input.carrier).includes(input.payment_method)) {
      throw new AppError('VALIDATION', { fields: { payment_method: 'validation.checkout.paymentNotAllowed' } });
    }
    const coupon = await checkCoupon(input.couponCode);
    const couponForCarrier = coupon && 'coupon' in coupon ? coupon.coupon : null;
    // Free shipping follows the products after the coupon.
    const goods = priceCart(lineInputs(cart), null, 0, couponForCarrier);
    const carrier = await deps.shipping.quote({
      countryId: country,
      carrierId: input.carrier,
      items: cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      cartTotal: goods.subtotal - goods.discount,
    });
    if (!carrier) throw new AppError('VALIDATION', { fields: { carrier: 'validation.shipping.carrier' } });
    const { snapshot, pickup } = await deliveryOf(input, ctx.lang);
    const donation = input.donation > 0 ? toRon(input.donation * 100, ctx.currency) : 0;
    const totals = totalsOf(cart, carrier, donation, coupon);
    if (input.expected_total !== undefined && input.expected_total !== totals.total) {
      throw new AppError('CONFLICT', {
        messageKey: 'apiError.checkout.totalChanged',
        params: { total: formatMoney(totals.total, { code: 'RON' }, ctx.lang) },
        detail: `expected ${input.expected_total}, now ${totals.total}`,
      });
    }
    const billing =
      input.selectedAddressId && ctx.client
        ? { ...(await deps.addresses.get(ctx.client.id, input.selectedAddressId)), ...input.billing }
        : input.billing;
    const [facts, caseNow] = await Promise.all([
      deps.catalogue.orderFacts(cart.lines.map((l) => l.productId)),
      input.donation > 0 ? deps.cases.firstActive(ctx.lang) : Promise.resolve(null),
    ]);
    const personalizations = await Promise.all(
      cart.lines.map((l) => personalizationJson(l.personalization, l.productId, facts)),
    );
    const guestToken = ctx.client ? null : randomBytes(32).toString('base64url');
    const paymentState: PaymentState = input.payment_method === 'ramburs' ? 'cash_on_delivery' : 'awaiting_payment';
    const now = new Date();

    const placed = await withTransaction(db, async (tx) => {
      const short: Record<string, string> = {};
      for (const line of cart.lines) {
        if (!(await takeStock(tx, line.productId, line.quantity)))
          short[`line.${line.id}`] = 'validation.checkout.noQtyAvailable';
      }
      if (Object.keys(short).length > 0) {
        throw new AppError('CONFLICT', { messageKey: 'apiError.checkout.notAllInStock', fields: short });
      }
      const ref = await nextOrderNumber(tx, now);
      const [order] = await tx
        .insert(orders)
        .values({
          orderRefNumber: ref,
          idempotencyKey: ctx.idempotencyKey,
          clientId: ctx.client?.id ?? null,
          clientEmail: input.client_email,
          paymentState,
          paymentMethod: input.payment_method,
          carrierId: carrier.id,
          carrierName: carrier.name,
          pickupPoint: pickup,
          billingAddress: billing,
          deliveryAddress: snapshot,
          subtotal: totals.subtotal,
          discount: totals.discount,
          shippingCost: totals.shipping,
          realDeliveryCost: carrier.real_delivery_cost,
          donation: totals.donation,
          total: totals.total,
          vat: totals.vat,
          couponCode: coupon?.outcome === 'applied' ? input.couponCode : null,
          currency: ctx.currency.code,
          currencyRates: ctx.currency.code === 'RON' ? {} : { [ctx.currency.code]: ctx.currency.ronPerUnit },
          caseId: caseNow?.id ?? null,
          lang: ctx.lang,
          clientComments: input.client_comments,
          guestTokenHash: guestToken ? hashToken(guestToken) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        cart.lines.map((line, i) => ({
          orderId: order.id,
          productId: line.productId,
          productName: line.title,
          sku: line.sku,
          urlPath: `/produs/${line.slug}`,
          thumbnail: line.image,
          quantity: line.quantity,
          acquisitionPrice: facts.get(line.productId)?.acquisitionPrice ?? null,
          billingSellingPrice: line.regularPrice,
          billingSpecialPrice: line.unitPrice < line.regularPrice ? line.unitPrice : null,
          personalizationPrice: line.personalizationPrice,
          personalizationForm: personalizations[i],
          hasPersonalization: line.personalization !== null,
          appliedDiscountValue: line.regularPrice - line.unitPrice,
          couponDiscount: totals.lines[i].discount,
          vatRate: line.vatRate,
          lineTotal: totals.lines[i].subtotal - totals.lines[i].discount,
        })),
      );
      await tx.insert(orderEvents).values({
        orderId: order.id,
        at: now,
        actor: ctx.client ? 'client' : 'guest',
        kind: 'placed',
        data: { paymentMethod: input.payment_method, total: totals.total },
      });
      const mailFacts = {
        ref,
        lang: ctx.lang,
        cart,
        totals,
        carrier,
        delivery: snapshot,
        paymentMethod: input.payment_method,
        bankAccount: options.bankAccount,
        orderLink: guestToken
          ? `${options.publicUrl}/pages/comanda/${guestToken}`
          : `${options.publicUrl}/pages/profile?tab=comenzi`,
        returnsLink: `${options.publicUrl}/pages/retururi-colete`,
      };
      await enqueueMail(tx, confirmationMail(input.client_email, mailFacts));
      await enqueueMail(tx, shopNotificationMail(options.shopInbox, input.client_email, mailFacts));
      await deps.cart.clearWithin(tx, owner);
      return { id: order.id, ref };
    });
    deps.caches.invalidate(...cart.lines.map((l) => `product:${l.productId}` as const));
    deps.mail.deliverSoon();
    if (input.saveNewAddress && ctx.client && !input.selectedAddressId) {
      await deps.addresses
        .create(ctx.client.id, { ...input.billing, address_type: 'billing' })
        .catch((err: unknown) => log.warn({ err, orderId: placed.id }, 'the order’s address was not saved'));
    }
    return {
      id: placed.id,
      order_ref_number: placed.ref,
      billing_total_amount: totals.total,
      payment_method: input.payment_method,
      status: 'pending',
      payment_state: paymentState,
      guest_link: guestToken ? `${options.publicUrl}/pages/comanda/${guestToken}` : null,
      products: cart.lines.map((l) => ({
        products_id: l.productId,
        product: l.title,
        quantity: l.quantity,
        price: l.unitPrice + l.personalizationPrice,
        vat: l.vatRate,
      })),
    };
  }

  return {
    checkCoupon,

    orderIdOfReceipt,

    /** The signed token of an order's receipt (the `last_order` cookie): the order's id and its signature. */
    receiptToken(orderId: number): string {
      return `${orderId}.${receiptSignature(orderId)}`;
    },

    /**
     * The order a receipt token names, as the order-registered page shows it and its purchase event reports
     * it; null for a token that is not one the shop signed.
     */
    async receipt(token: string): Promise<OrderReceipt | null> {
      const id = orderIdOfReceipt(token);
      if (id === null) return null;
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row) return null;
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id);
      return {
        order_ref_number: row.orderRefNumber,
        total: row.total,
        shipping: row.shippingCost,
        vat: (row.vat as VatBreakdown[]).reduce((sum, r) => sum + r.vat, 0),
        coupon: row.couponCode,
        payment_method: row.paymentMethod as PaymentMethod,
        items: items.map((i) => ({
          product_id: i.productId,
          name: i.productName,
          price: (i.billingSpecialPrice ?? i.billingSellingPrice) + i.personalizationPrice,
          quantity: i.quantity,
        })),
      };
    },

    /** The checkout page's figures for the shopper's choices (the server's only; see CheckoutQuote). */
    async quote(q: QuoteQuery): Promise<CheckoutQuote> {
      const cart = await deps.cart.view(q.owner, q.lang);
      const check = await checkCoupon(q.couponCode);
      const goods = priceCart(lineInputs(cart), null, 0, check && 'coupon' in check ? check.coupon : null);
      const carriers =
        cart.lines.length === 0
          ? []
          : await deps.shipping.carriersFor({
              countryId: q.country,
              items: cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
              cartTotal: goods.subtotal - goods.discount,
            });
      const carrier = carriers.find((c) => c.id === q.carrierId) ?? carriers[0] ?? null;
      const carrierId = carrier?.id ?? null;
      const locations =
        carrier?.delivery_option === 'agency' ? await deps.shipping.locations(carrier.id, q.country, q.lang) : [];
      const donation = q.donationUnits > 0 ? toRon(q.donationUnits * 100, q.currency) : 0;
      const totals = priceCart(
        lineInputs(cart),
        carrier ? { price: carrier.shippingCost, vatRate: SHIPPING_VAT_RATE } : null,
        donation,
        check && 'coupon' in check ? check.coupon : null,
      );
      return {
        cart,
        country: q.country,
        carriers,
        carrier,
        locations,
        locationId: locations.find((l) => l.id === q.locationId)?.id ?? locations[0]?.id ?? null,
        paymentMethods: allowedPaymentMethods(q.country, carrierId),
        paymentMethod: defaultPaymentMethod(q.country, carrierId, q.paymentMethod),
        coupon: check === null ? 'none' : 'coupon' in check ? totals.coupon : check.outcome,
        totals,
      };
    },
    cancelUnpaid,

    /** Runs `cancelUnpaid` now and every `everyMs`; answers the function that stops it. */
    startUnpaidCancellation(runLog: Logger, everyMs = 15 * 60_000): () => void {
      const run = () =>
        cancelUnpaid().then(
          (n) => n > 0 && runLog.info({ orders: n }, 'unpaid orders cancelled, their stock returned'),
          (err: unknown) => runLog.error({ err }, 'unpaid order cancellation failed'),
        );
      void run();
      const timer = setInterval(run, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    /**
     * Places the order (issue 11 item 6). The same idempotency key again (a double click, a retried request,
     * ten at once) answers the order it made the first time: a request that fails because another one with its
     * key committed first (the key is unique, the cart was emptied) answers that order too.
     */
    async place(input: CheckoutInput, ctx: PlaceContext): Promise<PlacedOrder> {
      const key = ownedKey(ctx);
      const again = await existingOrder(key);
      if (again) return again;
      try {
        return await placeNew(input, { ...ctx, idempotencyKey: key });
      } catch (err) {
        const same = await existingOrder(key);
        if (same) return same;
        throw err;
      }
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
