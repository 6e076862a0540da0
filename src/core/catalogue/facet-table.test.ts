import { describe, expect, it } from 'vitest';
import { FacetRows } from './facet-table';
import { testProductFacets } from './testing';

const row = (id: number, categoryId: number) => testProductFacets(id, { categoryId });

const ids = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

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
    expect(rows.columns.get(1)?.categoryId).toBe(20);
  });

  it('pages rows in best-seller and price orders, few rows sorted or many picked from the kept order', () => {
    const rows = new FacetRows();
    for (let id = 1; id <= 40; id++)
      rows.set({ ...row(id, id <= 2 ? 20 : 10), salesCount: id % 5, price: 100 * (id % 7) }, []);
    const all = () => true;
    const even = (id: number) => id % 2 === 0;
    // A category's rows (its own kept order), and a search's few rows (sorted): category 20's two.
    expect(rows.slice('sales', { categoryIds: [20] }, all, 0, 5)).toEqual([2, 1]);
    expect(rows.slice('sales', { ids: rows.in([20]) }, all, 0, 5)).toEqual([2, 1]);
    expect(rows.slice('price-desc', { categoryIds: [10, 20] }, all, 0, 2)).toEqual([34, 27]);
    // Many: every row, the odd ones refused; sales 4 first (ids 34, 24, 14, 4), then sales 3 (38, 28…).
    expect(rows.slice('sales', null, even, 0, 6)).toEqual([34, 24, 14, 4, 38, 28]);
    expect(rows.slice('sales', null, even, 4, 3)).toEqual([38, 28, 18]);
    // Many, within given ids (every product but id 34).
    expect(rows.slice('sales', { ids: rows.in(null).filter((id) => id !== 34) }, even, 0, 2)).toEqual([24, 14]);
    // Prices: 0 for ids 7, 14, 21, 28, 35; the dearest (600) are ids 6, 13, 20, 27, 34, highest id first.
    expect(rows.slice('price-asc', null, all, 0, 6)).toEqual([7, 14, 21, 28, 35, 1]);
    expect(rows.slice('price-desc', null, all, 0, 6)).toEqual([34, 27, 20, 13, 6, 40]);
    expect(rows.slice('price-desc', { categoryIds: [20] }, all, 0, 6)).toEqual([2, 1]);
    // Past the end: nothing.
    expect(rows.slice('price-asc', null, all, 40, 5)).toEqual([]);
    // A product whose sales count or price changes moves; an archived one leaves the orders.
    rows.set({ ...row(2, 20), salesCount: 9, price: 0 }, []);
    expect(rows.slice('sales', null, even, 0, 2)).toEqual([2, 34]);
    expect(rows.slice('price-asc', null, all, 0, 2)).toEqual([2, 7]);
    expect(rows.slice('sales', { categoryIds: [20] }, all, 0, 5)).toEqual([2, 1]);
    rows.delete(7);
    expect(rows.slice('price-asc', null, all, 0, 2)).toEqual([2, 14]);
    // A product moved to another category leaves that category's order and joins the other's.
    rows.set({ ...row(1, 10), salesCount: 1, price: 100 }, []);
    expect(rows.slice('sales', { categoryIds: [20] }, all, 0, 5)).toEqual([2]);
    expect(rows.slice('price-asc', { categoryIds: [10] }, all, 0, 3)).toEqual([14, 21, 28]);
    expect(rows.slice('price-asc', { categoryIds: [10] }, all, 3, 2)).toEqual([35, 1]);
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
