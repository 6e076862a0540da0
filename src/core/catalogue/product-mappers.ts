import { effectivePrice } from '../../contracts/money';
import { isOutOfStock, type ProductCard } from '../../contracts/catalogue';
import type { ProductRow } from '../../db/schema';

export type CardColumns = Pick<
  ProductRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'authors'
  | 'images'
  | 'sellingPrice'
  | 'specialPrice'
  | 'isInStock'
  | 'quantity'
  | 'productType'
>;

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
    inStock: !isOutOfStock(row),
    productType: row.productType,
  };
}
