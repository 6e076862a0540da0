import { describe, expect, it } from 'vitest';
import type { FacetRow } from './facet-counts';
import { FacetRows } from './facet-table';

const row = (id: number, categoryId: number): FacetRow => ({
  id,
  categoryId,
  productType: 'carte',
  authors: [],
  publisher: null,
  binding: null,
  language: 'ro',
  translation: null,
  price: 1000,
  available: true,
  onSale: false,
  salesCount: 0,
});

const ids = (rows: Iterable<FacetRow>) => [...rows].map((r) => r.id).sort((a, b) => a - b);

describe('FacetRows', () => {
  it('answers the rows of some categories, or all of them', () => {
    const rows = new FacetRows();
    for (const r of [row(1, 10), row(2, 10), row(3, 20), row(4, 30)]) rows.set(r, []);
    expect(ids(rows.in([10, 30]))).toEqual([1, 2, 4]);
    expect(ids(rows.in([99]))).toEqual([]);
    expect(ids(rows.in(null))).toEqual([1, 2, 3, 4]);
  });

  it('moves a product read again to its new category, once, and forgets a deleted one', () => {
    const rows = new FacetRows();
    for (const r of [row(1, 10), row(2, 10)]) rows.set(r, []);
    rows.set(row(1, 20), []);
    rows.set(row(1, 20), []);
    expect(ids(rows.in([10]))).toEqual([2]);
    expect(ids(rows.in([20]))).toEqual([1]);
    rows.delete(2);
    rows.delete(2);
    expect(ids(rows.in(null))).toEqual([1]);
    expect(ids(rows.in([10]))).toEqual([]);
    expect(rows.byId.get(1)?.categoryId).toBe(20);
  });
});
