import { CATALOGUE_DATE, DAY_MS, type GeneratedProduct } from './catalogue-generator';
import type { Random } from './random';

export interface DemoPrice {
  sellingPrice: number;
  specialPrice: number | null;
  price: number;
  validFrom: Date;
  validTo: Date | null;
}

/**
 * The prices a demo product had before today: the selling price since it was added, and for a
 * discounted product the discount from a recent day on. A quarter of the discounted products also had
 * a shorter, deeper promotion in the month before, so their "lowest price of the previous 30 days"
 * is below the struck-through price, as happens in a real shop.
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
  const discountStart = new Date(CATALOGUE_DATE - r.int(1, 45) * DAY_MS);
  if (discountStart.getTime() - createdAt.getTime() < DAY_MS) return [discounted(createdAt)];
  const promoEnd = new Date(discountStart.getTime() - r.int(3, 25) * DAY_MS);
  const promoStart = new Date(promoEnd.getTime() - r.int(5, 14) * DAY_MS);
  if (r.chance(0.25) && promoStart > createdAt) {
    const promoPrice = Math.round((sellingPrice * (100 - r.int(36, 45))) / 100);
    return [
      regular(createdAt, promoStart),
      { sellingPrice, specialPrice: promoPrice, price: promoPrice, validFrom: promoStart, validTo: promoEnd },
      regular(promoEnd, discountStart),
      discounted(discountStart),
    ];
  }
  return [regular(createdAt, discountStart), discounted(discountStart)];
}
