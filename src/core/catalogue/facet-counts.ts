import { type ListingFilters, PRICE_RANGES_LEI } from '../../contracts/listing';
import { lastBanOfLei } from '../../contracts/money';

/** A text-valued facet: its counts are its most frequent values. */
export type ValueFacet = 'authors' | 'publishers' | 'bindings' | 'languages' | 'translations';
type SingleValueFacet = Exclude<ValueFacet, 'authors'>;

/** A product without a value for a facet (null or empty). */
const NONE = -1;
/** A chosen value no product has. */
const UNKNOWN = -2;

/**
 * The distinct values of one text facet, numbered as the table meets them: rows hold numbers, so a
 * count is an increment in a typed array instead of a string lookup (decision 028).
 */
export class FacetValues {
  private readonly numbers = new Map<string, number>();
  readonly names: string[] = [];

  /** The value's number, given when new; NONE for no value. */
  add(value: string | null): number {
    if (!value) return NONE;
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.names.length;
      this.numbers.set(value, n);
      this.names.push(value);
    }
    return n;
  }

  /** The value's number, or UNKNOWN when no product has it. */
  find(value: string): number {
    return this.numbers.get(value) ?? UNKNOWN;
  }
}

export type FacetDictionaries = Record<ValueFacet, FacetValues>;

export function facetDictionaries(): FacetDictionaries {
  return {
    authors: new FacetValues(),
    publishers: new FacetValues(),
    bindings: new FacetValues(),
    languages: new FacetValues(),
    translations: new FacetValues(),
  };
}

/** What a product is counted by in a list's facets, its text values numbered by the table's dictionaries. */
export interface FacetRow {
  id: number;
  categoryId: number;
  productType: string;
  authors: readonly number[];
  publishers: number;
  bindings: number;
  languages: number;
  translations: number;
  /** Bani: the price the shopper pays. */
  price: number;
  available: boolean;
  onSale: boolean;
  /** Orders the products a search finds only in descriptions (best sellers first). */
  salesCount: number;
}

/** A product's facet values as text, as the database gives them. */
export interface ProductFacets {
  id: number;
  categoryId: number;
  productType: string;
  authors: readonly string[];
  publisher: string | null;
  binding: string | null;
  language: string | null;
  translation: string | null;
  price: number;
  available: boolean;
  onSale: boolean;
  salesCount: number;
}

export function facetRow(dictionaries: FacetDictionaries, p: ProductFacets): FacetRow {
  return {
    id: p.id,
    categoryId: p.categoryId,
    productType: p.productType,
    authors: p.authors.map((a) => dictionaries.authors.add(a)).filter((n) => n !== NONE),
    publishers: dictionaries.publishers.add(p.publisher),
    bindings: dictionaries.bindings.add(p.binding),
    languages: dictionaries.languages.add(p.language),
    translations: dictionaries.translations.add(p.translation),
    price: p.price,
    available: p.available,
    onSale: p.onSale,
    salesCount: p.salesCount,
  };
}

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
  let i = 0;
  while (i < PRICE_CEILINGS.length - 1 && price > PRICE_CEILINGS[i]) i++;
  return i;
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
const SINGLE_VALUE_FACETS: readonly SingleValueFacet[] = ['publishers', 'bindings', 'languages', 'translations'];

/** The chosen values of each text facet, as the dictionaries number them. */
type Chosen = Record<ValueFacet, Set<number>>;

function chosenNumbers(f: ListingFilters, dictionaries: FacetDictionaries): Chosen {
  const numbers = (facet: ValueFacet) => new Set(f[facet].map((v) => dictionaries[facet].find(v)));
  return {
    authors: numbers('authors'),
    publishers: numbers('publishers'),
    bindings: numbers('bindings'),
    languages: numbers('languages'),
    translations: numbers('translations'),
  };
}

/** The filter groups `row` fails, as BIT flags. */
function failedFilters(row: FacetRow, scope: Omit<FacetScope, 'scopeIds'>, chosen: Chosen): number {
  const f = scope.filters;
  let failed = 0;
  if (scope.categoryIds && !scope.categoryIds.includes(row.categoryId)) failed |= BIT.category;
  if (chosen.authors.size && !row.authors.some((a) => chosen.authors.has(a))) failed |= BIT.authors;
  for (const facet of SINGLE_VALUE_FACETS) {
    if (chosen[facet].size && !chosen[facet].has(row[facet])) failed |= BIT[facet];
  }
  if ((f.minPrice !== null && row.price < f.minPrice) || (f.maxPrice !== null && row.price > f.maxPrice))
    failed |= BIT.price;
  if (f.inStock && !row.available) failed |= BIT.inStock;
  if (f.onSale && !row.onSale) failed |= BIT.onSale;
  return failed;
}

/** Whether a row is in the list: the product type and every filter of the scope (its categories included). */
export function listFilter(
  scope: Omit<FacetScope, 'scopeIds'>,
  dictionaries: FacetDictionaries,
): (row: FacetRow) => boolean {
  const chosen = chosenNumbers(scope.filters, dictionaries);
  const type = scope.filters.productType;
  return (row) => (!type || row.productType === type) && failedFilters(row, scope, chosen) === 0;
}

/**
 * The chosen values first, then the most frequent, ties in alphabetical (code point) order, at most
 * FACET_VALUES besides the chosen; values nothing has are left out. The others are picked in one pass
 * (a search's 10,000 authors are not sorted to show 12).
 */
function topValues(counts: Int32Array, values: FacetValues, chosen: Set<number>, selected: number): [string, number][] {
  const before = (a: number, b: number) =>
    counts[a] > counts[b] || (counts[a] === counts[b] && values.names[a] < values.names[b]);
  const inOrder = (list: number[]) => list.sort((a, b) => (before(a, b) ? -1 : 1));
  const first = inOrder([...chosen].filter((n) => n >= 0 && counts[n] > 0));
  const room = FACET_VALUES + selected - first.length;
  const best: number[] = [];
  for (let n = 0; n < counts.length; n++) {
    if (!counts[n] || chosen.has(n)) continue;
    if (best.length === room && !before(n, best[room - 1])) continue;
    let at = best.length;
    while (at > 0 && before(n, best[at - 1])) at--;
    best.splice(at, 0, n);
    if (best.length > room) best.pop();
  }
  return [...first, ...best].map((n) => [values.names[n], counts[n]]);
}

/**
 * Every facet's counts over `rows` (the products a search and the product type match), in one pass:
 * each facet counts what choosing its values would give, with every other filter kept. Rows outside
 * the scope's categories are not counted at all.
 */
export function countFacets(rows: Iterable<FacetRow>, scope: FacetScope, dictionaries: FacetDictionaries): FacetCounts {
  const f = scope.filters;
  const chosen = chosenNumbers(f, dictionaries);
  const inScope = scope.scopeIds ? new Set(scope.scopeIds) : null;
  // A list without filters (most searches) fails none: no row is tested.
  const filtered =
    scope.categoryIds !== null ||
    VALUE_FACETS.some((k) => chosen[k].size > 0) ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.inStock ||
    f.onSale;
  const perCategory: number[] = [];
  const authors = new Int32Array(dictionaries.authors.names.length);
  const publishers = new Int32Array(dictionaries.publishers.names.length);
  const bindings = new Int32Array(dictionaries.bindings.names.length);
  const languages = new Int32Array(dictionaries.languages.names.length);
  const translations = new Int32Array(dictionaries.translations.names.length);
  const prices = PRICE_RANGES_LEI.map(() => 0);
  const flags = { total: 0, inStock: 0, onSale: 0 };

  // One pass, each facet written out: this loop is most of a search's time (decision 028).
  for (const row of rows) {
    if (f.productType && row.productType !== f.productType) continue;
    if (inScope && !inScope.has(row.categoryId)) continue;
    const failed = filtered ? failedFilters(row, scope, chosen) : 0;
    if ((failed & ~BIT.category) === 0) perCategory[row.categoryId] = (perCategory[row.categoryId] ?? 0) + 1;
    if ((failed & ~BIT.authors) === 0) for (const author of row.authors) authors[author]++;
    if ((failed & ~BIT.publishers) === 0 && row.publishers !== NONE) publishers[row.publishers]++;
    if ((failed & ~BIT.bindings) === 0 && row.bindings !== NONE) bindings[row.bindings]++;
    if ((failed & ~BIT.languages) === 0 && row.languages !== NONE) languages[row.languages]++;
    if ((failed & ~BIT.translations) === 0 && row.translations !== NONE) translations[row.translations]++;
    if ((failed & ~BIT.price) === 0) prices[priceRangeOf(row.price)]++;
    if ((failed & ~FLAGS) === 0) {
      if (!(failed & FLAGS)) flags.total++;
      if (row.available && !(failed & BIT.onSale)) flags.inStock++;
      if (row.onSale && !(failed & BIT.inStock)) flags.onSale++;
    }
  }

  const counts: Record<ValueFacet, Int32Array> = { authors, publishers, bindings, languages, translations };
  const categories = new Map<number, number>();
  for (const [id, n] of perCategory.entries()) if (n) categories.set(id, n);
  return {
    categories,
    values: Object.fromEntries(
      VALUE_FACETS.map((k) => [k, topValues(counts[k], dictionaries[k], chosen[k], f[k].length)]),
    ) as Record<ValueFacet, [string, number][]>,
    prices,
    flags,
  };
}
