import { type PricePeriod, REFERENCE_DAYS, scaleBani } from '../../contracts/money';
import { CATALOGUE_DATE, DAY_MS, type GeneratedProduct } from './catalogue-generator';
import type { Random } from './random';

export interface DemoPrice extends PricePeriod {
  sellingPrice: number;
  specialPrice: number | null;
}

/**
 * The prices a demo product had before today: the selling price since it was added, and for a discounted
 * product the discount from a recent day on, at least 30 days after the product was added, so the 30-day
 * reference of every discount is in the history (the generator discounts no product newer than that).
 * A quarter of the discounted products also had a shorter promotion in the month before, as happens in a
 * real shop: when it was deeper than today's discount, the 30-day reference is below today's price and
 * the product shows no reduction; when it was shallower, the reduction is measured from it.
 */
export function demoPriceHistory(product: GeneratedProduct, r: Random): DemoPrice[] {
  const { sellingPrice, specialPrice, createdAt } = product;
  const regular = (validFrom: Date, validTo: Date | null): DemoPrice => ({
    sellingPrice,
    specialPrice: null,
    price: sellingPrice,
    validFrom,
    validTo,
  });
  if (specialPrice === null) return [regular(createdAt, null)];
  const discounted = (validFrom: Date): DemoPrice => ({
    sellingPrice,
    specialPrice,
    price: specialPrice,
    validFrom,
    validTo: null,
  });
  const discountStart = new Date(
    Math.max(CATALOGUE_DATE - r.int(1, 45) * DAY_MS, createdAt.getTime() + (REFERENCE_DAYS + 1) * DAY_MS),
  );
  const promoEnd = new Date(discountStart.getTime() - r.int(3, 25) * DAY_MS);
  const promoStart = new Date(promoEnd.getTime() - r.int(5, 14) * DAY_MS);
  if (r.chance(0.25) && promoStart > createdAt) {
    const promoPrice = scaleBani(sellingPrice, 100 - r.int(5, 45), 100);
    return [
      regular(createdAt, promoStart),
      { sellingPrice, specialPrice: promoPrice, price: promoPrice, validFrom: promoStart, validTo: promoEnd },
      regular(promoEnd, discountStart),
      discounted(discountStart),
    ];
  }
  return [regular(createdAt, discountStart), discounted(discountStart)];
}
