import { z } from 'zod';

/** SPEC §3: out of stock when is_in_stock is 0 or quantity is 0. */
export function isOutOfStock(p: { isInStock: number; quantity: number }): boolean {
  return p.isInStock === 0 || p.quantity <= 0;
}

export const productTypes = ['carte', 'biblie', 'cadou', 'muzica', 'copii'] as const;
export type ProductType = (typeof productTypes)[number];

export const productSlugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export interface ProductCard {
  id: number;
  slug: string;
  title: string;
  authors: string[];
  image: string;
  /** Bani; what the shopper pays. */
  price: number;
  /** Bani; the struck-through selling price when discounted, else null. */
  oldPrice: number | null;
  inStock: boolean;
  productType: string;
}

export interface Breadcrumb {
  name: string;
  href: string;
}

export interface ProductDetail extends ProductCard {
  sku: string;
  isbn: string | null;
  publisher: string | null;
  binding: string | null;
  pages: number | null;
  language: string;
  bibleTranslation: string | null;
  year: number | null;
  dimensions: string | null;
  weightGrams: number;
  vatRate: number;
  descriptionHtml: string;
  images: string[];
  quantity: number;
  hasPersonalization: boolean;
  personalizationRequired: boolean;
  category: { slug: string; name: string };
  breadcrumbs: Breadcrumb[];
}

export interface HomeSection {
  id: 'new' | 'sale' | 'bibles' | 'gifts' | 'bestsellers';
  products: ProductCard[];
}

export interface MenuCategory {
  slug: string;
  name: string;
  children: { slug: string; name: string }[];
}
