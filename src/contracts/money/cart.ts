import { type Bani, scaleBani } from './bani';
import { splitVat, type VatRate, type VatSplit } from './vat';

export interface CartLineInput {
  /** What the shopper pays for one unit now, VAT included: the special price when lower (SPEC §3). */
  unitPrice: Bani;
  /**
   * The unit's selling price before any reduction of its own; a coupon's percentage is taken from it.
   * Defaults to `unitPrice`.
   */
  regularPrice?: Bani;
  quantity: number;
  vatRate: VatRate;
  /** Per unit, VAT included, at the line's rate (an engraving follows the Bible it is made on). */
  personalizationPrice?: Bani;
  /** Matched against a coupon's product type (SPEC §3). */
  productType?: string;
}

export interface CouponInput {
  /** Whole percent off the products' price. */
  percent: number;
  /** Bani; the products' subtotal must reach it. */
  minimumAmount: Bani;
  /** Only products of this type, or every product when null. */
  productType: string | null;
}

export interface ShippingInput {
  price: Bani;
  vatRate: VatRate;
}

export interface PricedLine extends VatSplit {
  /** Before the coupon: (unit + personalisation) × quantity. */
  subtotal: Bani;
  /** The coupon's share on this line. */
  discount: Bani;
}

export interface VatBreakdown extends VatSplit {
  rate: VatRate;
}

export type CouponOutcome = 'none' | 'applied' | 'belowMinimum' | 'notBetter';

export interface PricedCart {
  lines: PricedLine[];
  /** Products and personalisation before the coupon. */
  subtotal: Bani;
  discount: Bani;
  shipping: Bani;
  /** Goes to the humanitarian case; outside the scope of VAT. */
  donation: Bani;
  /** subtotal − discount + shipping + donation: what the shopper pays. */
  total: Bani;
  /** One row per rate present, lowest rate first; the donation is in none of them. */
  vat: VatBreakdown[];
  vatTotal: Bani;
  coupon: CouponOutcome;
}

function assertAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole bani ≥ 0: ${value}`);
}

/**
 * The one price calculation of a cart, for the cart page, checkout, orders and invoices (DESIGN §9).
 *
 * - A coupon takes its percentage off each eligible line's regular price, rounded per line. Discounts are
 *   not cumulative (SPEC §9): a line already reduced keeps whichever reduction is higher, so the coupon's
 *   share on a line is what it saves beyond the line's own reduction.
 * - VAT is split per line, half away from zero, and summed per rate; shipping is one more line at its rate.
 *   Decision 009 says why and where an invoice total recomputed per rate may differ by a ban.
 */
export function priceCart(
  lines: readonly CartLineInput[],
  shipping: ShippingInput | null,
  donation: Bani,
  coupon: CouponInput | null,
): PricedCart {
  for (const line of lines) {
    assertAmount('unitPrice', line.unitPrice);
    assertAmount('regularPrice', line.regularPrice ?? line.unitPrice);
    assertAmount('personalizationPrice', line.personalizationPrice ?? 0);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError(`bad quantity ${line.quantity}`);
  }
  assertAmount('shipping', shipping?.price ?? 0);
  assertAmount('donation', donation);
  if (coupon && (!Number.isInteger(coupon.percent) || coupon.percent < 1 || coupon.percent > 100)) {
    throw new RangeError(`bad coupon percent ${coupon.percent}`);
  }

  const subtotals = lines.map((l) => (l.unitPrice + (l.personalizationPrice ?? 0)) * l.quantity);
  const subtotal = subtotals.reduce((a, b) => a + b, 0);

  const savings = lines.map((l) => {
    if (!coupon || (coupon.productType !== null && l.productType !== coupon.productType)) return 0;
    const regular = (l.regularPrice ?? l.unitPrice) * l.quantity;
    const own = regular - l.unitPrice * l.quantity;
    return Math.max(0, scaleBani(regular, coupon.percent, 100) - own);
  });
  const couponSaves = savings.some((s) => s > 0);
  let outcome: CouponOutcome = 'none';
  if (coupon) {
    if (subtotal < coupon.minimumAmount) outcome = 'belowMinimum';
    else outcome = couponSaves ? 'applied' : 'notBetter';
  }
  const applied = outcome === 'applied';

  const priced: PricedLine[] = lines.map((_, i) => {
    const discount = applied ? savings[i] : 0;
    return { subtotal: subtotals[i], discount, ...splitVat(subtotals[i] - discount, lines[i].vatRate) };
  });
  const discount = priced.reduce((a, l) => a + l.discount, 0);

  const byRate = new Map<VatRate, VatBreakdown>();
  const add = (rate: VatRate, split: VatSplit) => {
    const row = byRate.get(rate) ?? { rate, gross: 0, net: 0, vat: 0 };
    byRate.set(rate, { rate, gross: row.gross + split.gross, net: row.net + split.net, vat: row.vat + split.vat });
  };
  for (const [i, l] of priced.entries()) add(lines[i].vatRate, l);
  const shippingPrice = shipping?.price ?? 0;
  if (shipping && shippingPrice > 0) add(shipping.vatRate, splitVat(shippingPrice, shipping.vatRate));
  const vat = [...byRate.values()].sort((a, b) => a.rate - b.rate);

  return {
    lines: priced,
    subtotal,
    discount,
    shipping: shippingPrice,
    donation,
    total: subtotal - discount + shippingPrice + donation,
    vat,
    vatTotal: vat.reduce((a, r) => a + r.vat, 0),
    coupon: outcome,
  };
}
