import { type SQL, sql } from 'drizzle-orm';
import { isOutOfStock, type ProductCard } from '../../contracts/catalogue';
import { effectivePrice } from '../../contracts/money';
import { priceHistory, products } from '../../db/schema';

/**
 * The lowest price of the 30 days before the price in force began, for discounted products (DESIGN §6):
 * every closed history row that was still in force within those 30 days.
 */
// Written with plain "products" column names: inside the subqueries drizzle's own column references
// would be rendered unqualified and bind to price_history's columns.
const lowestPrice30Days: SQL<number | null> = sql<number | null>`case when products.on_sale then (
  select min(h.price) from ${priceHistory} h
  where h.product_id = products.id and h.valid_to is not null
    and h.valid_to > (
      select c.valid_from from ${priceHistory} c
      where c.product_id = products.id and c.valid_to is null
      order by c.valid_from desc limit 1
    ) - interval '30 days'
) end`;

/** What a product card needs, for `db.select(cardColumns)`. */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  authors: products.authors,
  images: products.images,
  sellingPrice: products.sellingPrice,
  specialPrice: products.specialPrice,
  isInStock: products.isInStock,
  quantity: products.quantity,
  productType: products.productType,
  lowestPrice30Days,
};

export interface CardColumns {
  id: number;
  slug: string;
  title: string;
  authors: string[];
  images: string[];
  sellingPrice: number;
  specialPrice: number | null;
  isInStock: number;
  quantity: number;
  productType: string;
  lowestPrice30Days: number | null;
}

export function toCard(row: CardColumns): ProductCard {
  const price = effectivePrice(row);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    authors: row.authors,
    image: row.images[0] ?? '',
    price,
    oldPrice: price < row.sellingPrice ? row.sellingPrice : null,
    lowestPrice30Days:
      price < row.sellingPrice && row.lowestPrice30Days !== null ? Number(row.lowestPrice30Days) : null,
    inStock: !isOutOfStock(row),
    productType: row.productType,
  };
}
