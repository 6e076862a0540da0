import { z } from 'zod';
import { lastBanOfLei, leiToBani } from './money';
import { productCardSchema, productSlugSchema, productTypes } from './catalogue';
import { MAX_PAGE, MAX_PER_PAGE } from './pagination';
import { LANGUAGES } from './languages';
import { isPlainLine } from './validation';
import {
  isSearchable,
  type ListingFilters,
  MAX_PRICE_LEI,
  MAX_SEARCH_LENGTH,
  MAX_SHOWN,
  MAX_VALUES,
  SORT_KEYS,
} from './listing-values';

export * from './listing-values';

/** Query strings give a string, a repeated key gives an array; blank form fields count as absent. */
function blankToUndefined(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (Array.isArray(value)) {
    const kept = value.map(blankToUndefined).filter((v) => v !== undefined);
    return kept.length === 0 ? undefined : kept;
  }
  return value;
}

/** One line of text: at most `max` characters, no control characters (NUL would reach PostgreSQL). */
const line = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, { error: message })
    .refine(isPlainLine, { error: 'validation.controlCharacters' });

/** A single-valued parameter; given twice it stays an array and fails with `message`. */
// `.optional()` outside the preprocessing is what marks the parameter as not required in /api/openapi.json.
const single = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess(blankToUndefined, z.union([schema, z.undefined()], { error: message })).optional();

const multi = (message: string) =>
  z
    .preprocess(
      (v) => {
        const value = blankToUndefined(v);
        return value === undefined ? [] : Array.isArray(value) ? value : [value];
      },
      z.array(line(MAX_SEARCH_LENGTH, message), { error: message }).max(MAX_VALUES, { error: message }),
    )
    .optional()
    .transform((values) => values ?? []);

const wholeNumber = (min: number, max: number, message: string) =>
  single(
    z
      .string()
      .regex(/^\d{1,7}$/, { error: message })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { error: message }),
    message,
  );

const flag = (message: string) =>
  single(
    z.enum(['1', '0', 'true', 'false'], { error: message }).transform((v) => v === '1' || v === 'true'),
    message,
  );

/** Message keys (texts in web/i18n/validation.*), one per rule the parameters break. */
const messages = {
  searchText: 'validation.searchText',
  productType: 'validation.productType',
  category: 'validation.category',
  sortBy: 'validation.sortBy',
  page: 'validation.page',
  perPage: 'validation.perPage',
  limit: 'validation.limit',
  values: 'validation.values',
  price: 'validation.price',
  priceOrder: 'validation.priceOrder',
  flag: 'validation.flag',
  lang: 'validation.lang',
  query: 'validation.query',
} as const;

/**
 * Filters, sort and search of a product list, with the query-string names of SPEC §2 (searchText,
 * productType, selectVal, sortBy) plus the facets. `selectVal` is the category chosen next to the
 * search box, the same as `category`. Prices are whole lei. Used by the API and by the pages.
 */
const listingParams = {
  searchText: single(line(MAX_SEARCH_LENGTH, messages.searchText), messages.searchText),
  productType: single(z.enum(productTypes, { error: messages.productType }), messages.productType),
  category: single(productSlugSchema, messages.category),
  selectVal: single(productSlugSchema, messages.category),
  sortBy: single(z.enum(SORT_KEYS, { error: messages.sortBy }), messages.sortBy),
  author: multi(messages.values),
  publisher: multi(messages.values),
  binding: multi(messages.values),
  language: multi(messages.values),
  translation: multi(messages.values),
  min_price: wholeNumber(0, MAX_PRICE_LEI, messages.price),
  max_price: wholeNumber(0, MAX_PRICE_LEI, messages.price),
  in_stock: flag(messages.flag),
  on_sale: flag(messages.flag),
};

const priceOrder: [(q: { min_price?: number; max_price?: number }) => boolean, { error: string; path: string[] }] = [
  (q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price,
  { error: messages.priceOrder, path: ['max_price'] },
];

/** GET /api/products: the listing parameters plus page, per_page and the language of category names. */
export const productListQuerySchema = z
  .object({
    ...listingParams,
    page: wholeNumber(1, MAX_PAGE, messages.page),
    per_page: wholeNumber(1, MAX_PER_PAGE, messages.perPage),
    lang: single(z.enum(LANGUAGES, { error: messages.lang }), messages.lang),
  })
  .refine(...priceOrder);

/** /pages/search: the listing parameters plus how many products are shown (Load More adds 3). */
export const searchPageQuerySchema = z
  .object({ ...listingParams, limit: wholeNumber(1, MAX_SHOWN, messages.limit) })
  .refine(...priceOrder);

/** /shop and /shop/:categorySlug: the listing parameters plus the page. */
export const shopPageQuerySchema = z
  .object({ ...listingParams, page: wholeNumber(1, MAX_PAGE, messages.page) })
  .refine(...priceOrder);

export type ListingParams = Omit<z.output<typeof shopPageQuerySchema>, 'page'>;

export function toListingFilters(p: ListingParams, category?: string): ListingFilters {
  const text = p.searchText?.normalize('NFC').trim();
  const searchText = text && isSearchable(text) ? text : null;
  return {
    searchText,
    productType: p.productType ?? null,
    category: category ?? p.category ?? p.selectVal ?? null,
    authors: p.author,
    publishers: p.publisher,
    bindings: p.binding,
    languages: p.language,
    translations: p.translation,
    minPrice: p.min_price === undefined ? null : leiToBani(p.min_price),
    // A whole-lei maximum includes its bani: "up to 49 lei" keeps 49,99 lei.
    maxPrice: p.max_price === undefined ? null : lastBanOfLei(p.max_price),
    inStock: p.in_stock ?? false,
    onSale: p.on_sale ?? false,
  };
}

/** A URLSearchParams as the object the schemas read: repeated keys become arrays. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

const facetCountSchema = z.object({ value: z.string(), count: z.number().int(), selected: z.boolean() });
export type FacetCount = z.infer<typeof facetCountSchema>;

const categoryFacetSchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
});
export type CategoryFacet = z.infer<typeof categoryFacetSchema>;

const categoryRefSchema = z.object({ slug: z.string(), name: z.string() }).nullable();

export const listingFacetsSchema = z.object({
  /** The category being browsed, its parent, and the categories one level below it (or beside it, for a leaf). */
  category: z.object({ current: categoryRefSchema, parent: categoryRefSchema, options: z.array(categoryFacetSchema) }),
  authors: z.array(facetCountSchema),
  publishers: z.array(facetCountSchema),
  bindings: z.array(facetCountSchema),
  languages: z.array(facetCountSchema),
  translations: z.array(facetCountSchema),
  /** Whole lei, both ends included; null = no bound. */
  priceRanges: z.array(
    z.object({
      min: z.number().int().nullable(),
      max: z.number().int().nullable(),
      count: z.number().int(),
      selected: z.boolean(),
    }),
  ),
  /** How many products of the list, other filters kept, are in stock / on sale. */
  inStock: z.number().int(),
  onSale: z.number().int(),
});
export type ListingFacets = z.infer<typeof listingFacetsSchema>;

/** GET /api/products answer. */
export const productListingSchema = z.object({
  data: z.array(productCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
  facets: listingFacetsSchema,
});
export type ProductListing = z.infer<typeof productListingSchema>;

export const searchSuggestionsSchema = z.object({
  query: z.string(),
  products: z.array(
    productCardSchema.pick({ id: true, slug: true, title: true, authors: true, image: true, price: true }),
  ),
  authors: z.array(z.string()),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const suggestQuerySchema = z.object({
  q: line(MAX_SEARCH_LENGTH, messages.searchText).refine((q) => q.length > 0, { error: messages.query }),
  lang: single(z.enum(LANGUAGES, { error: messages.lang }), messages.lang),
});
