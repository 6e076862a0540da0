import { describe, expect, it } from 'vitest';
import type { ListingFilters } from '../../contracts/listing';
import {
  countFacets,
  FACET_VALUES,
  type FacetRow,
  facetDictionaries,
  facetRow,
  type ProductFacets,
  priceRangeOf,
} from './facet-counts';

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

const dictionaries = facetDictionaries();
let nextId = 1;
const row = (over: Partial<ProductFacets>): FacetRow =>
  facetRow(dictionaries, {
    id: nextId++,
    categoryId: 1,
    productType: 'carte',
    authors: [],
    publisher: null,
    binding: null,
    language: 'ro',
    translation: null,
    price: 30_00,
    available: true,
    onSale: false,
    salesCount: 0,
    ...over,
  });

const rows: FacetRow[] = [
  row({ categoryId: 1, authors: ['Ana', 'Dan'], publisher: 'Maranatha', price: 10_00, onSale: true }),
  row({ categoryId: 1, authors: ['Ana'], publisher: 'Maranatha', price: 60_00, available: false }),
  row({ categoryId: 2, authors: ['Bogdan'], publisher: 'Lumina', price: 250_00 }),
  row({ categoryId: 3, authors: ['Ana'], publisher: '', productType: 'biblie', price: 24_99, onSale: true }),
  row({ categoryId: 2, authors: [], publisher: 'Lumina', price: 25_00, available: false, onSale: true }),
];

const count = (filters: Partial<ListingFilters>, scope: { categoryIds?: number[]; scopeIds?: number[] } = {}) =>
  countFacets(
    rows,
    { filters: { ...noFilters, ...filters }, categoryIds: scope.categoryIds ?? null, scopeIds: scope.scopeIds ?? null },
    dictionaries,
  );

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
      row({ publisher: `P${String(i).padStart(2, '0')}`, authors: i < 3 ? ['X'] : [] }),
    );
    const counts = countFacets(
      [...many, row({ publisher: 'P05' })],
      { filters: { ...noFilters, publishers: ['P19'] }, categoryIds: null, scopeIds: null },
      dictionaries,
    );
    const listed = counts.values.publishers.map(([value]) => value);
    expect(listed).toHaveLength(FACET_VALUES + 1);
    expect(listed[0]).toBe('P19');
    expect(listed[1]).toBe('P05');
    expect(listed.slice(2, 5)).toEqual(['P00', 'P01', 'P02']);
    // A chosen value no product has is not listed; the list still makes room for one more (as the SQL did).
    const unknown = countFacets(
      many,
      { filters: { ...noFilters, publishers: ['Nimeni'] }, categoryIds: null, scopeIds: null },
      dictionaries,
    );
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
