import type { Bani } from './bani';

/** SPEC §3: the price charged is the special price when there is one, else the selling price. */
export function effectivePrice(p: { sellingPrice: Bani; specialPrice: Bani | null }): Bani {
  return p.specialPrice !== null && p.specialPrice < p.sellingPrice ? p.specialPrice : p.sellingPrice;
}

const DAY_MS = 86_400_000;
/** DESIGN §6: a reduction is measured against the lowest price of the 30 days before it. */
export const REFERENCE_DAYS = 30;

/** One row of a product's price history: the price the shopper paid from `validFrom` until `validTo`. */
export interface PricePeriod {
  price: Bani;
  validFrom: Date;
  /** null for the price in force. */
  validTo: Date | null;
}

/**
 * The reference of the price in force: the lowest price applied in the 30 days before it began, i.e. of the
 * earlier periods still in force after `start − 30 days`. Null when there is no such period (a new product,
 * or a price unchanged for longer than the history goes back): the current price is then its own reference
 * and no reduction shows. `products.reference_price` holds the same value, set in SQL by the price-history
 * trigger (migration 0005); a test on the demo data holds the two together.
 */
export function referencePrice(history: readonly PricePeriod[]): Bani | null {
  const current = history.find((p) => p.validTo === null);
  if (!current) return null;
  const since = current.validFrom.getTime() - REFERENCE_DAYS * DAY_MS;
  let lowest: Bani | null = null;
  for (const p of history) {
    if (p.validTo === null || p.validTo.getTime() <= since || p.validFrom >= current.validFrom) continue;
    lowest = lowest === null ? p.price : Math.min(lowest, p.price);
  }
  return lowest;
}

export interface PriceDisplay {
  /** What the shopper pays. */
  price: Bani;
  /** The struck-through "before" price: the 30-day reference, only when the price is below it. */
  reference: Bani | null;
  /** Whole percent below the reference, rounded down so a reduction is never overstated; null under 1 %. */
  percent: number | null;
}

/**
 * What a product shows about its price, in one place for the card, the product page, the API and
 * the "On Sale" facet (whose SQL column `on_sale` is the same comparison): a reduction only when the
 * price is below its 30-day reference.
 */
export function priceDisplay({ price, reference }: { price: Bani; reference: Bani | null }): PriceDisplay {
  if (reference === null || price >= reference) return { price, reference: null, percent: null };
  const percent = Math.floor(((reference - price) * 100) / reference);
  return { price, reference, percent: percent > 0 ? percent : null };
}
