import { describe, expect, it } from 'vitest';
import type { FacetRow, ProductFacets } from './facet-counts';
import { FacetRows } from './facet-table';

const row = (id: number, categoryId: number): ProductFacets => ({
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
    expect(rows.get(1)?.categoryId).toBe(20);
  });

  it('picks the best sellers among some ids, whether they are few (sorted) or many (the sales order walked)', () => {
    const rows = new FacetRows();
    for (let id = 1; id <= 40; id++) rows.set({ ...row(id, 10), salesCount: id % 5 }, []);
    const even = (r: FacetRow) => r.id % 2 === 0;
    // Few: 2 of 40 ids.
    expect(rows.bestSelling([3, 4], () => true, 5)).toEqual([4, 3]);
    // Many: every id, the odd ones refused; sales 4 first (ids 34, 24, 14, 4), then sales 3 (38, 28…).
    const all = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(rows.bestSelling(all, even, 6)).toEqual([34, 24, 14, 4, 38, 28]);
    // A product whose sales count changes moves in the order.
    rows.set({ ...row(2, 10), salesCount: 9 }, []);
    expect(rows.bestSelling(all, even, 2)).toEqual([2, 34]);
  });

  it("relates a product to its authors' best sellers first, then its category's, never itself nor twice", () => {
    const rows = new FacetRows();
    const product = (id: number, categoryId: number, authors: string[], salesCount: number) =>
      rows.set({ ...row(id, categoryId), authors, salesCount }, []);
    product(1, 10, ['Ana', 'Ion'], 50);
    product(2, 20, ['Ana'], 5);
    product(3, 30, ['Ana', 'Ion'], 7);
    product(4, 30, ['Ion'], 7);
    product(5, 10, [], 100);
    product(6, 10, ['Maria'], 1);
    product(7, 10, [], 100);
    // Sales 7 twice: the higher id first; product 3 shares both authors and comes once.
    expect(rows.related(1, 4)).toEqual([4, 3, 2, 7]);
    expect(rows.related(1, 2)).toEqual([4, 3]);
    // No author: the category's best sellers (ties by the highest id).
    expect(rows.related(5, 4)).toEqual([7, 1, 6]);
    // An author with no other product, then the category.
    expect(rows.related(6, 2)).toEqual([7, 5]);
    // A product moved or archived leaves the lists it was in.
    rows.set({ ...row(4, 10), authors: [], salesCount: 7 }, []);
    rows.delete(3);
    expect(rows.related(1, 4)).toEqual([2, 7, 5, 4]);
    expect(rows.related(99, 4)).toEqual([]);
  });
});
