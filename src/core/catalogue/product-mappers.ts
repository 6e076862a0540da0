import { drawnCoverPath, isOutOfStock, type ProductCard } from '../../contracts/catalogue';
import { effectivePrice, priceDisplay } from '../../contracts/money';
import { products } from '../../db/schema';

/** What a product card needs, for `db.select(cardColumns)`. */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  sku: products.sku,
  title: products.title,
  authors: products.authors,
  images: products.images,
  sellingPrice: products.sellingPrice,
  specialPrice: products.specialPrice,
  referencePrice: products.referencePrice,
  isInStock: products.isInStock,
  quantity: products.quantity,
  productType: products.productType,
  personalizationRequired: products.personalizationRequired,
};

export interface CardColumns {
  id: number;
  slug: string;
  sku: string;
  title: string;
  authors: string[];
  images: string[];
  sellingPrice: number;
  specialPrice: number | null;
  referencePrice: number | null;
  isInStock: number;
  quantity: number;
  productType: string;
  personalizationRequired: boolean;
}

export function toCard(row: CardColumns): ProductCard {
  // The 30-day rule (DESIGN §6): the reduction, its "before" price and percentage come from the reference.
  const shown = priceDisplay({ price: effectivePrice(row), reference: row.referencePrice });
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    authors: row.authors,
    image: row.images[0] ?? drawnCoverPath(row.sku),
    price: shown.price,
    oldPrice: shown.reference,
    lowestPrice30Days: shown.reference,
    discount: shown.percent,
    inStock: !isOutOfStock(row),
    productType: row.productType,
    personalizationRequired: row.personalizationRequired,
  };
}
