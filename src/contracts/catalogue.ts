import { z } from 'zod';
import { personalizationFormSchema } from './personalization';

export * from './catalogue-values';

export const productSlugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  image: z.string(),
  /** Bani; what the shopper pays. */
  price: z.number().int(),
  /**
   * Bani; the struck-through "before" price of a reduction: the lowest price of the 30 days before the
   * current price began (DESIGN §6, `priceDisplay` in contracts/money). Null when the price is not below it.
   */
  oldPrice: z.number().int().nullable(),
  /** Bani; the same 30-day reference as `oldPrice`, under the name the price line reads it by. */
  lowestPrice30Days: z.number().int().nullable(),
  /** Whole percent below the 30-day reference (SPEC §3 product "discount"); null without a reduction. */
  discount: z.number().int().nullable(),
  inStock: z.boolean(),
  productType: z.string(),
  /** A personalised Bible that cannot be bought without its engraving: its card leads to the product page. */
  personalizationRequired: z.boolean(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const breadcrumbSchema = z.object({ name: z.string(), href: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

export const productDetailSchema = productCardSchema.extend({
  sku: z.string(),
  isbn: z.string().nullable(),
  publisher: z.string().nullable(),
  binding: z.string().nullable(),
  pages: z.number().int().nullable(),
  language: z.string(),
  bibleTranslation: z.string().nullable(),
  year: z.number().int().nullable(),
  dimensions: z.string().nullable(),
  weightGrams: z.number().int(),
  vatRate: z.number().int(),
  descriptionHtml: z.string(),
  images: z.array(z.string()),
  quantity: z.number().int(),
  hasPersonalization: z.boolean(),
  /** SPEC §3 personalization_form; null for a product that cannot be personalised. */
  personalizationForm: personalizationFormSchema.nullable(),
  category: z.object({ slug: z.string(), name: z.string() }),
  breadcrumbs: z.array(breadcrumbSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export interface HomeSection {
  id: 'new' | 'sale' | 'bibles' | 'gifts' | 'bestsellers';
  products: ProductCard[];
}

export interface MenuCategory {
  slug: string;
  name: string;
  children: { slug: string; name: string }[];
}
