import { type ListingFilters, PRICE_RANGES_LEI } from '../../contracts/listing';
import {
  FLAG,
  type FacetColumns,
  type FacetValues,
  membership,
  NONE,
  type SingleValueFacet,
  type ValueFacet,
} from './facet-columns';

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

/** One bit per filter group: a product counts in a facet when it passes every group but the facet's own. */
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

function chosenNumbers(f: ListingFilters, table: FacetColumns): Chosen {
  const numbers = (facet: ValueFacet) => new Set(f[facet].map((v) => table.dictionaries[facet].find(v)));
  return {
    authors: numbers('authors'),
    publishers: numbers('publishers'),
    bindings: numbers('bindings'),
    languages: numbers('languages'),
    translations: numbers('translations'),
  };
}

const isMember = (members: Uint8Array, n: number) => n >= 0 && members[n] === 1;

/** Whether a product held is of the list's product type (any without one). */
function ofProductType(f: ListingFilters, table: FacetColumns): (id: number) => boolean {
  if (!f.productType) return () => true;
  const type = table.productTypes.find(f.productType);
  const { productType } = table.arrays;
  return (id) => productType[id] === type;
}

/** The filter groups a product held fails, as BIT flags. */
function failedFilters(
  scope: Omit<FacetScope, 'scopeIds'>,
  table: FacetColumns,
  chosen: Chosen,
): (id: number) => number {
  const f = scope.filters;
  const { flags, categoryId, firstAuthor, price } = table.arrays;
  const categories = scope.categoryIds && membership(scope.categoryIds, table.categoryBound);
  const dictionarySize = (facet: ValueFacet) => table.dictionaries[facet].names.length;
  const authors = chosen.authors.size ? membership(chosen.authors, dictionarySize('authors')) : null;
  const singles = SINGLE_VALUE_FACETS.filter((facet) => chosen[facet].size).map((facet) => ({
    column: table.arrays[facet],
    members: membership(chosen[facet], dictionarySize(facet)),
    bit: BIT[facet],
  }));
  const hasChosenAuthor = (members: Uint8Array, id: number) =>
    isMember(members, firstAuthor[id]) ||
    ((flags[id] & FLAG.moreAuthors) !== 0 && table.authorsAfterFirst(id).some((a) => members[a] === 1));
  const minPrice = f.minPrice ?? Number.NEGATIVE_INFINITY;
  const maxPrice = f.maxPrice ?? Number.POSITIVE_INFINITY;
  return (id) => {
    let failed = 0;
    if (categories && !isMember(categories, categoryId[id])) failed |= BIT.category;
    if (authors && !hasChosenAuthor(authors, id)) failed |= BIT.authors;
    for (const { column, members, bit } of singles) if (!isMember(members, column[id])) failed |= bit;
    if (price[id] < minPrice || price[id] > maxPrice) failed |= BIT.price;
    if (f.inStock && !(flags[id] & FLAG.available)) failed |= BIT.inStock;
    if (f.onSale && !(flags[id] & FLAG.onSale)) failed |= BIT.onSale;
    return failed;
  };
}

/** Whether a product is in the list: held, of its product type, and through every filter of the scope. */
export function listFilter(scope: Omit<FacetScope, 'scopeIds'>, table: FacetColumns): (id: number) => boolean {
  const ofType = ofProductType(scope.filters, table);
  const failed = failedFilters(scope, table, chosenNumbers(scope.filters, table));
  return (id) => table.has(id) && ofType(id) && failed(id) === 0;
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
 * Every facet's counts over the products of `ids` the table holds (a search's matches, a list's categories)
 * that are of the product type, in one pass over the table's columns: each facet counts what choosing its
 * values would give, with every other filter kept. Products outside the scope's categories are not counted
 * at all.
 */
export function countFacets(table: FacetColumns, ids: readonly number[], scope: FacetScope): FacetCounts {
  const f = scope.filters;
  const { dictionaries } = table;
  const chosen = chosenNumbers(f, table);
  const ofType = ofProductType(f, table);
  const inScope = scope.scopeIds && membership(scope.scopeIds, table.categoryBound);
  // A list without filters (most searches) fails none: no product is tested.
  const filtered =
    scope.categoryIds !== null ||
    VALUE_FACETS.some((k) => chosen[k].size > 0) ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.inStock ||
    f.onSale;
  const failedBy = failedFilters(scope, table, chosen);
  const { flags, categoryId, firstAuthor, publishers, bindings, languages, translations, priceRange } = table.arrays;
  const perCategory = new Int32Array(table.categoryBound);
  const authorCounts = new Int32Array(dictionaries.authors.names.length);
  const publisherCounts = new Int32Array(dictionaries.publishers.names.length);
  const bindingCounts = new Int32Array(dictionaries.bindings.names.length);
  const languageCounts = new Int32Array(dictionaries.languages.names.length);
  const translationCounts = new Int32Array(dictionaries.translations.names.length);
  const prices = new Int32Array(PRICE_RANGES_LEI.length);
  let total = 0;
  let inStock = 0;
  let onSale = 0;

  // One pass, each facet written out: this loop is most of a search's time (decision 028).
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (!table.has(id) || !ofType(id)) continue;
    if (inScope && inScope[categoryId[id]] !== 1) continue;
    const failed = filtered ? failedBy(id) : 0;
    const flag = flags[id];
    if ((failed & ~BIT.category) === 0) perCategory[categoryId[id]]++;
    if ((failed & ~BIT.authors) === 0 && firstAuthor[id] !== NONE) {
      authorCounts[firstAuthor[id]]++;
      if (flag & FLAG.moreAuthors) for (const author of table.authorsAfterFirst(id)) authorCounts[author]++;
    }
    if ((failed & ~BIT.publishers) === 0 && publishers[id] !== NONE) publisherCounts[publishers[id]]++;
    if ((failed & ~BIT.bindings) === 0 && bindings[id] !== NONE) bindingCounts[bindings[id]]++;
    if ((failed & ~BIT.languages) === 0 && languages[id] !== NONE) languageCounts[languages[id]]++;
    if ((failed & ~BIT.translations) === 0 && translations[id] !== NONE) translationCounts[translations[id]]++;
    if ((failed & ~BIT.price) === 0) prices[priceRange[id]]++;
    if ((failed & ~FLAGS) === 0) {
      if (!(failed & FLAGS)) total++;
      if (flag & FLAG.available && !(failed & BIT.onSale)) inStock++;
      if (flag & FLAG.onSale && !(failed & BIT.inStock)) onSale++;
    }
  }

  const counts: Record<ValueFacet, Int32Array> = {
    authors: authorCounts,
    publishers: publisherCounts,
    bindings: bindingCounts,
    languages: languageCounts,
    translations: translationCounts,
  };
  const categories = new Map<number, number>();
  for (let id = 0; id < perCategory.length; id++) if (perCategory[id]) categories.set(id, perCategory[id]);
  return {
    categories,
    values: Object.fromEntries(
      VALUE_FACETS.map((k) => [k, topValues(counts[k], dictionaries[k], chosen[k], f[k].length)]),
    ) as Record<ValueFacet, [string, number][]>,
    prices: Array.from(prices),
    flags: { total, inStock, onSale },
  };
}
