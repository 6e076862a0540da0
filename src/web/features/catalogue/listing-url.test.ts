import { describe, expect, it } from 'vitest';
import { hasFacetFilters, hrefWith, hrefWithout } from './listing-url';

const q = (s: string) => new URLSearchParams(s);

describe('listing links', () => {
  it('applies changes and goes back to the first page', () => {
    expect(hrefWith(q('sortBy=new&page=3&author=A'), { sortBy: 'sale' })).toBe('?author=A&sortBy=sale');
    expect(hrefWith(q('page=3'), { page: '4' }, { keepPosition: true })).toBe('?page=4');
    expect(hrefWith(q('limit=12&searchText=biblia'), { limit: '15' }, { keepPosition: true })).toBe(
      '?searchText=biblia&limit=15',
    );
    expect(hrefWith(q('in_stock=1'), { in_stock: null })).toBe('');
    expect(hrefWith(q(''), { author: ['A', 'B'] })).toBe('?author=A&author=B');
  });
  it('removes one value of a repeated key', () => {
    expect(hrefWithout(q('author=A&author=B&page=2'), 'author', 'A')).toBe('?author=B');
  });
  it('tells whether facets narrow the list', () => {
    expect(hasFacetFilters(q('sortBy=new&page=2'))).toBe(false);
    expect(hasFacetFilters(q('min_price='))).toBe(false);
    expect(hasFacetFilters(q('on_sale=1'))).toBe(true);
  });
});
