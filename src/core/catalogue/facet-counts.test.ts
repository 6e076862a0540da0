import { describe, expect, it } from 'vitest';
import { type ListingFilters, PRICE_RANGES_LEI } from '../../contracts/listing';
import { FacetColumns, type ProductFacets, priceRangeOf } from './facet-columns';
import { countFacets, FACET_VALUES, type FacetCounts, type FacetScope, listFilter } from './facet-counts';
import { FacetRows } from './facet-table';
import { testProductFacets } from './testing';

const noFilters: ListingFilters = {
  searchText: null,
  productType: null,
  category: null,
  authors: [],
  publishers: [],
  bindings: [],
  languages: [],
  translations: [],
  minPrice: null,
  maxPrice: null,
  inStock: false,
  onSale: false,
};

const product = testProductFacets;

const table = new FacetColumns();
let nextId = 1;
/** Adds a product to `table`, its id the next. */
const add = (over: Partial<ProductFacets>): number => {
  const id = nextId++;
  table.set(product(id, over));
  return id;
};

const rows: number[] = [
  add({ categoryId: 1, authors: ['Ana', 'Dan'], publisher: 'Maranatha', price: 10_00, onSale: true }),
  add({ categoryId: 1, authors: ['Ana'], publisher: 'Maranatha', price: 60_00, available: false }),
  add({ categoryId: 2, authors: ['Bogdan'], publisher: 'Lumina', price: 250_00 }),
  add({ categoryId: 3, authors: ['Ana'], publisher: '', productType: 'biblie', price: 24_99, onSale: true }),
  add({ categoryId: 2, authors: [], publisher: 'Lumina', price: 25_00, available: false, onSale: true }),
];

const count = (filters: Partial<ListingFilters>, scope: { categoryIds?: number[]; scopeIds?: number[] } = {}) =>
  countFacets(table, rows, {
    filters: { ...noFilters, ...filters },
    categoryIds: scope.categoryIds ?? null,
    scopeIds: scope.scopeIds ?? null,
  });

describe('countFacets', () => {
  it('counts every facet over every row without filters; empty values are not listed', () => {
    const counts = count({});
    expect(counts.flags).toEqual({ total: 5, inStock: 3, onSale: 3 });
    expect(Object.fromEntries(counts.categories)).toEqual({ 1: 2, 2: 2, 3: 1 });
    expect(counts.values.authors).toEqual([
      ['Ana', 3],
      ['Bogdan', 1],
      ['Dan', 1],
    ]);
    expect(counts.values.publishers).toEqual([
      ['Lumina', 2],
      ['Maranatha', 2],
    ]);
    expect(counts.prices).toEqual([2, 1, 1, 0, 1]);
  });

  it('counts each facet with every filter but its own', () => {
    const counts = count({ authors: ['Ana'], inStock: true });
    // The total keeps both filters; the author facet drops its own (3 available rows, 2 by Ana or others).
    expect(counts.flags.total).toBe(2);
    expect(counts.values.authors).toEqual([
      ['Ana', 2],
      ['Bogdan', 1],
      ['Dan', 1],
    ]);
    // "In stock" counts Ana's rows without the stock filter; "on sale" keeps it.
    expect(counts.flags.inStock).toBe(2);
    expect(counts.flags.onSale).toBe(2);
    expect(counts.values.publishers).toEqual([['Maranatha', 1]]);
  });

  it('lists the chosen values first, then the most frequent, at most FACET_VALUES besides the chosen', () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      add({ publisher: `P${String(i).padStart(2, '0')}`, authors: i < 3 ? ['X'] : [] }),
    );
    const counts = countFacets(table, [...many, add({ publisher: 'P05' })], {
      filters: { ...noFilters, publishers: ['P19'] },
      categoryIds: null,
      scopeIds: null,
    });
    const listed = counts.values.publishers.map(([value]) => value);
    expect(listed).toHaveLength(FACET_VALUES + 1);
    expect(listed[0]).toBe('P19');
    expect(listed[1]).toBe('P05');
    expect(listed.slice(2, 5)).toEqual(['P00', 'P01', 'P02']);
    // A chosen value no product has is not listed; the list still makes room for one more (as the SQL did).
    const unknown = countFacets(table, many, {
      filters: { ...noFilters, publishers: ['Nimeni'] },
      categoryIds: null,
      scopeIds: null,
    });
    expect(unknown.values.publishers.map(([value]) => value)).toEqual(
      Array.from({ length: FACET_VALUES + 1 }, (_, i) => `P${String(i).padStart(2, '0')}`),
    );
    expect(unknown.flags.total).toBe(0);
  });

  it('keeps the categories outside the scope out, and counts the category facet without the category filter', () => {
    const counts = count({}, { categoryIds: [2], scopeIds: [1, 2] });
    expect(counts.flags.total).toBe(2);
    expect(Object.fromEntries(counts.categories)).toEqual({ 1: 2, 2: 2 });
    expect(counts.values.authors).toEqual([['Bogdan', 1]]);
  });

  it('narrows by product type, price range and sale before counting', () => {
    expect(count({ productType: 'biblie' }).flags.total).toBe(1);
    const priced = count({ minPrice: 25_00, maxPrice: 49_99 });
    expect(priced.flags.total).toBe(1);
    expect(priced.prices).toEqual([2, 1, 1, 0, 1]);
    expect(count({ onSale: true }).flags).toEqual({ total: 3, inStock: 2, onSale: 3 });
  });

  it('puts a price in the range of whole lei it falls in', () => {
    expect([0, 24_99, 25_00, 49_99, 50_00, 199_99, 200_00, 9_999_99].map(priceRangeOf)).toEqual([
      0, 0, 1, 1, 2, 3, 4, 4,
    ]);
  });
});

const everything = (filters: Partial<ListingFilters> = {}): FacetScope => ({
  filters: { ...noFilters, ...filters },
  categoryIds: null,
  scopeIds: null,
});
const listed = (rows: FacetRows, ids: number[], filters: Partial<ListingFilters>) =>
  ids.filter(listFilter({ filters: { ...noFilters, ...filters }, categoryIds: null }, rows.columns));

describe('the columns of a product written again', () => {
  it('count a replaced product by its new category, authors, price and flags only', () => {
    const rows = new FacetRows();
    const before = { authors: ['Ana', 'Dan', 'Ion'], publisher: 'Lumina', price: 10_00, available: true };
    rows.set(product(1, before), []);
    rows.set(product(2, { authors: ['Ana'] }), []);
    const after = product(1, {
      categoryId: 2,
      authors: ['Maria'],
      publisher: null,
      price: 150_00,
      available: false,
      onSale: true,
    });
    rows.set(after, []);
    expect(rows.columns.get(1)).toEqual(after);
    const counts = countFacets(rows.columns, [1], everything());
    expect(Object.fromEntries(counts.categories)).toEqual({ 2: 1 });
    expect(counts.values.authors).toEqual([['Maria', 1]]);
    expect(counts.values.publishers).toEqual([]);
    expect(counts.prices).toEqual([0, 0, 0, 1, 0]);
    expect(counts.flags).toEqual({ total: 1, inStock: 0, onSale: 1 });
    expect(listed(rows, [1, 2], { authors: ['Dan'] })).toEqual([]);
    expect(listed(rows, [1, 2], { authors: ['Ana'] })).toEqual([2]);
    expect(listed(rows, [1, 2], { authors: ['Maria'], onSale: true, minPrice: 100_00 })).toEqual([1]);
    expect(listed(rows, [1, 2], { inStock: true })).toEqual([2]);
    expect(rows.in([1])).toEqual([2]);
    expect(rows.in([2])).toEqual([1]);
    // From one author to several, and a related product found by the new ones.
    rows.set(product(2, { authors: ['Ion', 'Maria'] }), []);
    expect(countFacets(rows.columns, [2], everything()).values.authors).toEqual([
      ['Ion', 1],
      ['Maria', 1],
    ]);
    expect(rows.related(1, 4)).toEqual([2]);
  });

  it('count, list and page nothing of a deleted product, until it is set again', () => {
    const rows = new FacetRows();
    rows.set(product(1, { authors: ['Dan', 'Ana'], salesCount: 9 }), []);
    rows.set(product(2, { authors: ['Ana'], salesCount: 1 }), []);
    expect(rows.slice('sales', null, () => true, 0, 5)).toEqual([1, 2]);
    rows.delete(1);
    const counts = countFacets(rows.columns, [1, 2], everything());
    expect(counts.flags.total).toBe(1);
    expect(counts.values.authors).toEqual([['Ana', 1]]);
    expect(listed(rows, [1, 2], {})).toEqual([2]);
    expect(rows.in(null)).toEqual([2]);
    expect(rows.slice('sales', null, () => true, 0, 5)).toEqual([2]);
    expect(rows.slice('sales', { ids: [1, 2] }, () => true, 0, 5)).toEqual([2]);
    expect(rows.columns.get(1)).toBeUndefined();
    expect(rows.related(2, 4)).toEqual([]);
    rows.set(product(1, { authors: ['Dan'] }), []);
    expect(countFacets(rows.columns, [1, 2], everything()).values.authors).toEqual([
      ['Ana', 1],
      ['Dan', 1],
    ]);
  });

  it('keep every product when a higher id than the columns hold arrives, and count that one', () => {
    const rows = new FacetRows();
    const low = product(3, { categoryId: 7, authors: ['Ana', 'Dan'], price: 99_00, onSale: true });
    rows.set(low, []);
    const room = rows.columns.arrays.flags.length;
    const high = product(room * 3, { categoryId: 9, authors: ['Ion'], available: false });
    rows.set(high, []);
    expect(rows.columns.arrays.flags.length).toBeGreaterThan(high.id);
    expect(rows.columns.get(low.id)).toEqual(low);
    expect(rows.columns.get(high.id)).toEqual(high);
    const counts = countFacets(rows.columns, [low.id, high.id - 1, high.id, high.id * 10], everything());
    expect(Object.fromEntries(counts.categories)).toEqual({ 7: 1, 9: 1 });
    expect(counts.values.authors).toEqual([
      ['Ana', 1],
      ['Dan', 1],
      ['Ion', 1],
    ]);
    expect(counts.flags).toEqual({ total: 2, inStock: 1, onSale: 1 });
    expect(counts.prices).toEqual([0, 1, 1, 0, 0]);
    expect(listed(rows, [low.id, high.id, high.id * 10], {})).toEqual([low.id, high.id]);
    expect(rows.in(null)).toEqual([low.id, high.id]);
  });
});

/** A small seeded generator (mulberry32): a failing case names its seed. */
function randomness(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)];
  return {
    int,
    pick,
    chance: (p: number) => next() < p,
    /** Up to `most` values, repeats allowed. */
    some: <T>(values: readonly T[], most: number): T[] => Array.from({ length: int(most + 1) }, () => pick(values)),
  };
}

type Group = 'category' | keyof FacetCounts['values'] | 'price' | 'inStock' | 'onSale';
const VALUES_OF: Record<keyof FacetCounts['values'], (p: ProductFacets) => string[]> = {
  authors: (p) => p.authors.filter((a) => a !== ''),
  publishers: (p) => (p.publisher ? [p.publisher] : []),
  bindings: (p) => (p.binding ? [p.binding] : []),
  languages: (p) => (p.language ? [p.language] : []),
  translations: (p) => (p.translation ? [p.translation] : []),
};
const VALUE_GROUPS = Object.keys(VALUES_OF) as (keyof FacetCounts['values'])[];
const GROUPS: Group[] = ['category', ...VALUE_GROUPS, 'price', 'inStock', 'onSale'];

/** The facets' rules written plainly, over the products as given: the oracle of the counts over columns. */
function reference(products: ReadonlyMap<number, ProductFacets>, scope: FacetScope) {
  const f = scope.filters;
  const passes = (p: ProductFacets, group: Group): boolean => {
    if (group === 'category') return !scope.categoryIds || scope.categoryIds.includes(p.categoryId);
    if (group === 'price')
      return (f.minPrice === null || p.price >= f.minPrice) && (f.maxPrice === null || p.price <= f.maxPrice);
    if (group === 'inStock') return !f.inStock || p.available;
    if (group === 'onSale') return !f.onSale || p.onSale;
    return f[group].length === 0 || VALUES_OF[group](p).some((v) => f[group].includes(v));
  };
  const passesAllBut = (p: ProductFacets, except: Group | null) =>
    GROUPS.every((group) => group === except || passes(p, group));
  const ofType = (p: ProductFacets) => !f.productType || p.productType === f.productType;
  const rangeOf = (price: number) =>
    PRICE_RANGES_LEI.findIndex(([min, max]) => price >= min * 100 && (max === null || price < (max + 1) * 100));

  function counts(ids: readonly number[]): FacetCounts {
    const counted = ids
      .map((id) => products.get(id))
      .filter((p): p is ProductFacets => !!p && ofType(p))
      .filter((p) => !scope.scopeIds || scope.scopeIds.includes(p.categoryId));
    const categories = new Map<number, number>();
    for (const p of counted.filter((p) => passesAllBut(p, 'category')).sort((a, b) => a.categoryId - b.categoryId))
      categories.set(p.categoryId, (categories.get(p.categoryId) ?? 0) + 1);
    const top = (facet: keyof FacetCounts['values']): [string, number][] => {
      const tally = new Map<string, number>();
      for (const p of counted.filter((p) => passesAllBut(p, facet)))
        for (const v of VALUES_OF[facet](p)) tally.set(v, (tally.get(v) ?? 0) + 1);
      const order = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
      const chosen = [...tally].filter(([v]) => f[facet].includes(v)).sort(order);
      const others = [...tally].filter(([v]) => !f[facet].includes(v)).sort(order);
      return [...chosen, ...others.slice(0, FACET_VALUES + f[facet].length - chosen.length)];
    };
    return {
      categories,
      values: Object.fromEntries(VALUE_GROUPS.map((facet) => [facet, top(facet)])) as FacetCounts['values'],
      prices: PRICE_RANGES_LEI.map(
        (_, i) => counted.filter((p) => passesAllBut(p, 'price') && rangeOf(p.price) === i).length,
      ),
      flags: {
        total: counted.filter((p) => passesAllBut(p, null)).length,
        inStock: counted.filter((p) => passesAllBut(p, 'inStock') && p.available).length,
        onSale: counted.filter((p) => passesAllBut(p, 'onSale') && p.onSale).length,
      },
    };
  }

  const listed = (id: number) => {
    const p = products.get(id);
    return !!p && ofType(p) && passesAllBut(p, null);
  };
  return { counts, listed };
}

describe('countFacets against the plain rules', () => {
  const authors = ['Ana', 'ana', 'Dan', 'Émile', 'Ion', 'Ştefan', 'Ștefan', 'Zoe', ...'ABCDEFGHIJKLMNOP'.split('')];
  const publishers = Array.from({ length: 16 }, (_, i) => `Editura ${i}`);
  const bindings = ['Broșată', 'Cartonată', 'Spirală'];
  const languages = ['en', 'hu', 'ro'];
  const translations = ['Cornilescu', 'Fidela', 'NTR'];
  const productTypes = ['carte', 'biblie', 'cadou'] as const;
  // Each end of each price range.
  const prices = [0, 24_99, 25_00, 49_99, 50_00, 99_99, 100_00, 199_99, 200_00, 1_000_00];
  /** Most ids are below it; a few far above make the columns grow. */
  const HIGHEST_ID = 150;
  /** What the columns give back of a product: empty text as null, no empty authors. */
  const held = (p: ProductFacets): ProductFacets => ({
    ...p,
    authors: p.authors.filter((a) => a !== ''),
    publisher: p.publisher || null,
    binding: p.binding || null,
    language: p.language || null,
    translation: p.translation || null,
  });

  const randomProduct = (r: ReturnType<typeof randomness>, id: number): ProductFacets => ({
    id,
    categoryId: 1 + r.int(8),
    productType: r.pick(productTypes),
    authors: r.some([...authors, ''], 3),
    publisher: r.chance(0.15) ? null : r.pick([...publishers, '']),
    binding: r.chance(0.3) ? null : r.pick(bindings),
    language: r.chance(0.1) ? null : r.pick(languages),
    translation: r.chance(0.6) ? null : r.pick(translations),
    price: r.chance(0.4) ? r.pick(prices) : r.int(300_00),
    available: r.chance(0.7),
    onSale: r.chance(0.3),
    salesCount: r.int(20),
  });

  const randomScope = (r: ReturnType<typeof randomness>): FacetScope => {
    const chosen = (values: string[]) => (r.chance(0.35) ? r.some([...values, 'Nimeni'], 2) : []);
    return {
      filters: {
        ...noFilters,
        productType: r.chance(0.3) ? r.pick([...productTypes, 'copii'] as const) : null,
        authors: chosen(authors),
        publishers: chosen(publishers),
        bindings: chosen(bindings),
        languages: chosen(languages),
        translations: chosen(translations),
        minPrice: r.chance(0.25) ? r.pick(prices) : null,
        maxPrice: r.chance(0.25) ? r.pick(prices) : null,
        inStock: r.chance(0.3),
        onSale: r.chance(0.3),
      },
      // Category 50 holds nothing.
      categoryIds: r.chance(0.3) ? r.some([1, 2, 3, 4, 5, 6, 7, 8, 50], 3) : null,
      scopeIds: r.chance(0.3) ? r.some([1, 2, 3, 4, 5, 6, 7, 8, 50], 6) : null,
    };
  };

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'gives the same counts and lists for random products and filters (seed %i)',
    (seed) => {
      const r = randomness(seed);
      const rows = new FacetRows();
      // The columns alone, replaced without the table's delete first.
      const bare = new FacetColumns();
      const products = new Map<number, ProductFacets>();
      const candidates = new Set(Array.from({ length: HIGHEST_ID + 10 }, (_, id) => id));
      for (let round = 0; round < 30; round++) {
        // Products added, replaced and deleted, as a table read again and again meets them.
        for (let change = r.int(40); change > 0; change--) {
          const id = r.chance(0.01) ? 1000 + r.int(5000) : 1 + r.int(HIGHEST_ID);
          candidates.add(id);
          if (r.chance(0.2)) {
            rows.delete(id);
            bare.delete(id);
            products.delete(id);
          } else {
            const p = randomProduct(r, id);
            rows.set(p, []);
            bare.set(p);
            products.set(id, p);
          }
        }
        const everyId = [...candidates].sort((a, b) => a - b);
        for (const id of everyId) {
          const p = products.get(id);
          expect(rows.columns.get(id)).toEqual(p && held(p));
          expect(bare.get(id)).toEqual(p && held(p));
        }
        for (let check = 0; check < 6; check++) {
          const scope = randomScope(r);
          const oracle = reference(products, scope);
          // A search's matches (some of them perhaps no longer listed), or a list's categories.
          const ids = r.chance(0.7) ? everyId.filter(() => r.chance(0.6)) : rows.in(scope.scopeIds);
          const context = JSON.stringify({ seed, round, scope, ids });
          const counts = countFacets(rows.columns, ids, scope);
          expect({ ...counts, categories: [...counts.categories].sort((a, b) => a[0] - b[0]) }, context).toEqual({
            ...oracle.counts(ids),
            categories: [...oracle.counts(ids).categories],
          });
          expect(countFacets(bare, ids, scope), context).toEqual(counts);
          const accept = listFilter(scope, rows.columns);
          expect(ids.filter(accept), context).toEqual(ids.filter(oracle.listed));
        }
        const categories = [...new Set(r.some([1, 2, 3, 4, 5, 6, 7, 8, 50], 3))];
        expect([...rows.in(categories)].sort((a, b) => a - b)).toEqual(
          [...products.values()]
            .filter((p) => categories.includes(p.categoryId))
            .map((p) => p.id)
            .sort((a, b) => a - b),
        );
      }
    },
  );
});
