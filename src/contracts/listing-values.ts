import type { ProductType } from './catalogue-values';

// The listing's constants and plain helpers, without zod (./listing.ts re-exports them with the
// schemas): pages' browser code needs these, and a module building zod schemas at load time would
// put zod (~26 KB gzip) in every page's JavaScript (issue 14).

/** SPEC §2 search sorts: Default Sorting, Low to High, High to Low, New Added, On Sale. */
export const SORT_KEYS = ['default', 'price-asc', 'price-desc', 'new', 'sale'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** SPEC §2 and §9: the search page shows 9 products first and 3 more per "Load More Products". */
export const SEARCH_FIRST_COUNT = 9;
export const SEARCH_MORE_COUNT = 3;
/** SPEC §9: "New Added" keeps the last 8 products added. */
export const NEW_ADDED_COUNT = 8;
export const SHOP_PAGE_SIZE = 24;
/** The search page never shows more than this many products at once (Load More stops adding). */
export const MAX_SHOWN = 300;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_VALUES = 20;
export const MAX_PRICE_LEI = 100_000;

/**
 * Price ranges offered as facets, in whole lei, both ends included (49 keeps 49,99 lei), so the
 * ranges do not overlap; the last one has no upper bound.
 */
export const PRICE_RANGES_LEI: readonly [number, number | null][] = [
  [0, 24],
  [25, 49],
  [50, 99],
  [100, 199],
  [200, null],
];

/** What a product list is narrowed by, prices in bani. */
export interface ListingFilters {
  searchText: string | null;
  productType: ProductType | null;
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

/** Lower case, no diacritics (ș/ş, ț/ţ, ă, â, î and any other), as the search lexicon stores words. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Whether a search text has anything to search for: a letter or digit the search words are made of.
 * A text of only punctuation (`%`, `'`) is treated as no search at all, and the search page says so.
 */
export function isSearchable(text: string): boolean {
  return /[a-z0-9]/.test(foldText(text));
}
