import { type ListingFilters, PRICE_RANGES_LEI } from '../../contracts/listing';
import { lastBanOfLei } from '../../contracts/money';

/** What a product is counted by in a list's facets (facet-table.ts keeps one per listed product). */
export interface FacetRow {
  id: number;
  categoryId: number;
  productType: string;
  authors: readonly string[];
  publisher: string | null;
  binding: string | null;
  language: string | null;
  translation: string | null;
  /** Bani: the price the shopper pays. */
  price: number;
  available: boolean;
  onSale: boolean;
  /** Orders the products a search finds only in descriptions (best sellers first). */
  salesCount: number;
}

/** A text-valued facet: its counts are its most frequent values. */
export type ValueFacet = 'authors' | 'publishers' | 'bindings' | 'languages' | 'translations';

/** The most frequent values a facet lists, besides those chosen. */
export const FACET_VALUES = 12;

export interface FacetScope {
  filters: ListingFilters;
  /** The category browsed and everything below it (the category filter); null when none is. */
  categoryIds: readonly number[] | null;
  /** The categories the counts are taken in (listing.ts, `facetScopeIds`); null for the whole catalogue. */
  scopeIds: readonly number[] | null;
}

export interface FacetCounts {
  /** Products per category (its own, not its subtree's), with every filter but the category's. */
  categories: Map<number, number>;
  /** Per text facet: the chosen values first, then the most frequent, at most FACET_VALUES + chosen. */
  values: Record<ValueFacet, [string, number][]>;
  /** Products per PRICE_RANGES_LEI index, with every filter but the price. */
  prices: number[];
  /** The list's total, how many of it are available, and how many on sale (each with the other flag kept). */
  flags: { total: number; inStock: number; onSale: number };
}

/** The highest price (bani) of each PRICE_RANGES_LEI range but the last. */
const PRICE_CEILINGS = PRICE_RANGES_LEI.map(([, max]) => (max === null ? Number.POSITIVE_INFINITY : lastBanOfLei(max)));

export function priceRangeOf(price: number): number {
  const i = PRICE_CEILINGS.findIndex((ceiling) => price <= ceiling);
  return i < 0 ? PRICE_CEILINGS.length - 1 : i;
}

/** One bit per filter group: a row counts in a facet when it passes every group but the facet's own. */
const BIT = {
  category: 1,
  authors: 2,
  publishers: 4,
  bindings: 8,
  languages: 16,
  translations: 32,
  price: 64,
  inStock: 128,
  onSale: 256,
} as const;
const FLAGS = BIT.inStock | BIT.onSale;

const VALUE_FACETS: readonly ValueFacet[] = ['authors', 'publishers', 'bindings', 'languages', 'translations'];

/** The value(s) a row holds for a text facet. */
function valuesOf(row: FacetRow, facet: Exclude<ValueFacet, 'authors'>): string | null {
  switch (facet) {
    case 'publishers':
      return row.publisher;
    case 'bindings':
      return row.binding;
    case 'languages':
      return row.language;
    case 'translations':
      return row.translation;
  }
}

/** The filter groups `row` fails, as BIT flags. */
function failedFilters(
  row: FacetRow,
  scope: Omit<FacetScope, 'scopeIds'>,
  chosen: Record<ValueFacet, Set<string>>,
): number {
  const f = scope.filters;
  let failed = 0;
  if (scope.categoryIds && !scope.categoryIds.includes(row.categoryId)) failed |= BIT.category;
  if (chosen.authors.size && !row.authors.some((a) => chosen.authors.has(a))) failed |= BIT.authors;
  for (const facet of VALUE_FACETS) {
    if (facet === 'authors' || !chosen[facet].size) continue;
    const value = valuesOf(row, facet);
    if (value === null || !chosen[facet].has(value)) failed |= BIT[facet];
  }
  if ((f.minPrice !== null && row.price < f.minPrice) || (f.maxPrice !== null && row.price > f.maxPrice))
    failed |= BIT.price;
  if (f.inStock && !row.available) failed |= BIT.inStock;
  if (f.onSale && !row.onSale) failed |= BIT.onSale;
  return failed;
}

/** Whether a row is in the list: the product type and every filter of the scope (its categories included). */
export function listFilter(scope: Omit<FacetScope, 'scopeIds'>): (row: FacetRow) => boolean {
  const chosen = chosenValues(scope.filters);
  const type = scope.filters.productType;
  return (row) => (!type || row.productType === type) && failedFilters(row, scope, chosen) === 0;
}

function chosenValues(f: ListingFilters): Record<ValueFacet, Set<string>> {
  return {
    authors: new Set(f.authors),
    publishers: new Set(f.publishers),
    bindings: new Set(f.bindings),
    languages: new Set(f.languages),
    translations: new Set(f.translations),
  };
}

/** The chosen values first, then the most frequent, ties in alphabetical (code point) order. */
function topValues(counts: Map<string, number>, selected: readonly string[]): [string, number][] {
  const chosen = new Set(selected);
  return [...counts]
    .sort(([a, n], [b, m]) => Number(chosen.has(b)) - Number(chosen.has(a)) || m - n || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, FACET_VALUES + selected.length);
}

/**
 * Every facet's counts over `rows` (the products a search and the product type match), in one pass:
 * each facet counts what choosing its values would give, with every other filter kept. Rows outside
 * the scope's categories are not counted at all.
 */
export function countFacets(rows: Iterable<FacetRow>, scope: FacetScope): FacetCounts {
  const f = scope.filters;
  const chosen = chosenValues(f);
  const inScope = scope.scopeIds ? new Set(scope.scopeIds) : null;
  const categories = new Map<number, number>();
  const values = Object.fromEntries(VALUE_FACETS.map((k) => [k, new Map<string, number>()])) as Record<
    ValueFacet,
    Map<string, number>
  >;
  const prices = PRICE_RANGES_LEI.map(() => 0);
  const flags = { total: 0, inStock: 0, onSale: 0 };
  const add = (counts: Map<string, number>, value: string | null) => {
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  };

  for (const row of rows) {
    if (f.productType && row.productType !== f.productType) continue;
    if (inScope && !inScope.has(row.categoryId)) continue;
    const failed = failedFilters(row, scope, chosen);
    const passesAllBut = (bits: number) => (failed & ~bits) === 0;
    if (passesAllBut(BIT.category)) categories.set(row.categoryId, (categories.get(row.categoryId) ?? 0) + 1);
    if (passesAllBut(BIT.authors)) for (const author of row.authors) add(values.authors, author);
    for (const facet of VALUE_FACETS) {
      if (facet !== 'authors' && passesAllBut(BIT[facet])) add(values[facet], valuesOf(row, facet));
    }
    if (passesAllBut(BIT.price)) prices[priceRangeOf(row.price)]++;
    if (passesAllBut(FLAGS)) {
      if (!(failed & FLAGS)) flags.total++;
      if (row.available && !(failed & BIT.onSale)) flags.inStock++;
      if (row.onSale && !(failed & BIT.inStock)) flags.onSale++;
    }
  }

  return {
    categories,
    values: Object.fromEntries(VALUE_FACETS.map((k) => [k, topValues(values[k], f[k])])) as Record<
      ValueFacet,
      [string, number][]
    >,
    prices,
    flags,
  };
}
