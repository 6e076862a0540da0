import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PersonalizationForm } from '../../contracts/personalization';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    sku: text('sku').notNull(),
    isbn: text('isbn'),
    title: text('title').notNull(),
    authors: text('authors').array().notNull().default(sql`'{}'::text[]`),
    publisher: text('publisher'),
    binding: text('binding'),
    pages: integer('pages'),
    language: text('language').notNull().default('ro'),
    bibleTranslation: text('bible_translation'),
    year: smallint('year'),
    dimensions: text('dimensions'),
    /** Safe HTML: staff input is sanitised before it is stored; the demo generator writes fixed markup. */
    description: text('description').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** Percent, e.g. 11 or 21 (DESIGN §6). */
    vatRate: smallint('vat_rate').notNull(),
    weightGrams: integer('weight_grams').notNull().default(0),
    /** Integer bani, VAT included. */
    sellingPrice: integer('selling_price').notNull(),
    /** Integer bani, VAT included; null when there is no discount. */
    specialPrice: integer('special_price'),
    /** Last purchase price in bani (SPEC §3 aquisition_price). */
    acquisitionPrice: integer('acquisition_price'),
    quantity: integer('quantity').notNull().default(0),
    isInStock: smallint('is_in_stock').notNull().default(1),
    productType: text('product_type').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    hasPersonalization: boolean('has_personalization').notNull().default(false),
    personalizationRequired: boolean('personalization_required').notNull().default(false),
    personalizationForm: jsonb('personalization_form').$type<PersonalizationForm | null>(),
    salesCount: integer('sales_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When staff archived the product (issue 13): hidden from the shop, kept for orders and the back office. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * When the row last changed, set by a trigger on every update (migration 0020): the listing's facet table
     * reads what changed since it last looked instead of every product (decision 028).
     */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the shopper pays, in bani (SPEC §3: the special price when lower); kept for sorting and price facets. */
    effectivePrice: integer('effective_price')
      .notNull()
      .generatedAlwaysAs(
        sql`case when special_price is not null and special_price < selling_price then special_price else selling_price end`,
      ),
    /** SPEC §3: in stock unless is_in_stock is 0 or quantity is 0. */
    isAvailable: boolean('is_available').notNull().generatedAlwaysAs(sql`is_in_stock <> 0 and quantity > 0`),
    /**
     * Bani: the lowest price applied in the 30 days before the current price began (DESIGN §6), set by the
     * price-history trigger when a price changes (migration 0005); null when no earlier price is known,
     * which means the current price is its own reference.
     */
    referencePrice: integer('reference_price'),
    /**
     * SPEC §9 "On Sale", under the 30-day rule: the price is below its reference. The same comparison as
     * `priceDisplay` in contracts/money, so the facet, the sort and the badge agree.
     */
    onSale: boolean('on_sale')
      .notNull()
      .generatedAlwaysAs(
        sql`reference_price is not null and (case when special_price is not null and special_price < selling_price then special_price else selling_price end) < reference_price`,
      ),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_isbn_idx').on(t.isbn),
    index('products_category_idx').on(t.categoryId),
    index('products_type_idx').on(t.productType),
    index('products_created_idx').on(t.createdAt),
    index('products_sales_idx').on(t.salesCount, t.id),
    index('products_authors_idx').using('gin', t.authors),
    index('products_price_idx').on(t.effectivePrice),
    index('products_publisher_idx').on(t.publisher),
    index('products_translation_idx').on(t.bibleTranslation),
    index('products_on_sale_idx').on(t.salesCount).where(sql`on_sale`),
    index('products_changed_idx').on(t.changedAt),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
