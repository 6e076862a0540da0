import { z } from 'zod';
import { type ProductCard, productSlugSchema, productTypes } from './catalogue';

/** SPEC §2 search sorts: Default Sorting, Low to High, High to Low, New Added, On Sale. */
export const SORT_KEYS = ['default', 'price-asc', 'price-desc', 'new', 'sale'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** SPEC §2 and §9: the search page shows 9 products first and 3 more per "Load More Products". */
export const SEARCH_FIRST_COUNT = 9;
export const SEARCH_MORE_COUNT = 3;
/** SPEC §9: "New Added" keeps the last 8 products added. */
export const NEW_ADDED_COUNT = 8;
export const SHOP_PAGE_SIZE = 24;
export const MAX_PER_PAGE = 60;
export const MAX_PAGE = 10_000;
/** The search page never shows more than this many products at once (Load More stops adding). */
export const MAX_SHOWN = 300;
export const MAX_SEARCH_LENGTH = 200;
const MAX_VALUES = 20;
const MAX_PRICE_LEI = 100_000;

/** Price ranges offered as facets, in whole lei; the last one has no upper bound. */
export const PRICE_RANGES_LEI: readonly [number, number | null][] = [
  [0, 25],
  [25, 50],
  [50, 100],
  [100, 200],
  [200, null],
];

/** Query strings give a string, a repeated key gives an array; blank form fields count as absent. */
function blankToUndefined(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (Array.isArray(value)) {
    const kept = value.map(blankToUndefined).filter((v) => v !== undefined);
    return kept.length === 0 ? undefined : kept;
  }
  return value;
}

/** A single-valued parameter; given twice it stays an array and fails with `message`. */
const single = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess(blankToUndefined, z.union([schema, z.undefined()], { error: message }));

const multi = (message: string) =>
  z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      return value === undefined ? [] : Array.isArray(value) ? value : [value];
    },
    z.array(z.string().max(MAX_SEARCH_LENGTH, { error: message }), { error: message }).max(MAX_VALUES, {
      error: message,
    }),
  );

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

const messages = {
  searchText: `Textul căutat poate avea cel mult ${MAX_SEARCH_LENGTH} de caractere.`,
  productType: `Tip de produs necunoscut. Valori permise: ${productTypes.join(', ')}.`,
  category: 'Categoria trebuie să fie un cod de categorie (litere mici, cifre și cratime).',
  sortBy: `Sortare necunoscută. Valori permise: ${SORT_KEYS.join(', ')}.`,
  page: `Pagina trebuie să fie un număr întreg între 1 și ${MAX_PAGE}.`,
  perPage: `Numărul de produse pe pagină trebuie să fie un număr întreg între 1 și ${MAX_PER_PAGE}.`,
  limit: `Numărul de produse afișate trebuie să fie un număr întreg între 1 și ${MAX_SHOWN}.`,
  values: `Cel mult ${MAX_VALUES} de valori, fiecare de cel mult ${MAX_SEARCH_LENGTH} de caractere.`,
  price: `Prețul trebuie să fie un număr întreg de lei, între 0 și ${MAX_PRICE_LEI}.`,
  priceOrder: 'Prețul maxim trebuie să fie cel puțin egal cu prețul minim.',
  flag: 'Valoarea trebuie să fie 1 sau 0.',
} as const;

/**
 * Filters, sort and search of a product list, with the query-string names of SPEC §2 (searchText,
 * productType, selectVal, sortBy) plus the facets. `selectVal` is the category chosen next to the
 * search box, the same as `category`. Prices are whole lei. Used by the API and by the pages.
 */
const listingParams = {
  searchText: single(z.string().max(MAX_SEARCH_LENGTH, { error: messages.searchText }), messages.searchText),
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

/** GET /api/products: the listing parameters plus page and per_page. */
export const productListQuerySchema = z
  .object({
    ...listingParams,
    page: wholeNumber(1, MAX_PAGE, messages.page),
    per_page: wholeNumber(1, MAX_PER_PAGE, messages.perPage),
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

export type ListingParams = z.output<typeof shopPageQuerySchema>;

/** What a product list is narrowed by, prices in bani. */
export interface ListingFilters {
  searchText: string | null;
  productType: (typeof productTypes)[number] | null;
  category: string | null;
  authors: string[];
  publishers: string[];
  bindings: string[];
  languages: string[];
  translations: string[];
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  onSale: boolean;
}

export function toListingFilters(p: ListingParams, category?: string): ListingFilters {
  const searchText = p.searchText?.normalize('NFC').trim() || null;
  return {
    searchText,
    productType: p.productType ?? null,
    category: category ?? p.category ?? p.selectVal ?? null,
    authors: p.author,
    publishers: p.publisher,
    bindings: p.binding,
    languages: p.language,
    translations: p.translation,
    minPrice: p.min_price === undefined ? null : p.min_price * 100,
    maxPrice: p.max_price === undefined ? null : p.max_price * 100,
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

/** Field → message, from a failed parse, in the API's error shape (DESIGN §4). */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export interface FacetCount {
  value: string;
  count: number;
  selected: boolean;
}

export interface CategoryFacet {
  slug: string;
  name: string;
  count: number;
  selected: boolean;
}

export interface PriceRangeFacet {
  /** Whole lei; null = no bound. */
  min: number | null;
  max: number | null;
  count: number;
  selected: boolean;
}

export interface ListingFacets {
  /** The category being browsed, its parent, and the categories one level below it (or beside it, for a leaf). */
  category: {
    current: { slug: string; name: string } | null;
    parent: { slug: string; name: string } | null;
    options: CategoryFacet[];
  };
  authors: FacetCount[];
  publishers: FacetCount[];
  bindings: FacetCount[];
  languages: FacetCount[];
  translations: FacetCount[];
  priceRanges: PriceRangeFacet[];
  /** How many products of the list, other filters kept, are in stock / on sale. */
  inStock: number;
  onSale: number;
}

/** GET /api/products answer. */
export interface ProductListing {
  data: ProductCard[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
  facets: ListingFacets;
}

export interface SearchSuggestions {
  query: string;
  products: Pick<ProductCard, 'id' | 'slug' | 'title' | 'authors' | 'image' | 'price'>[];
  authors: string[];
  categories: { slug: string; name: string }[];
}
