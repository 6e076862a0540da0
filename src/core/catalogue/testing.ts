import type { ProductFacets } from './facet-columns';

/** A product's facet values for the facet table's tests: a book in stock at 30 lei, unless `over` says otherwise. */
export function testProductFacets(id: number, over: Partial<ProductFacets> = {}): ProductFacets {
  return {
    id,
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
  };
}
