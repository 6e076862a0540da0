import { describe, expect, it } from 'vitest';
import { createCacheRegistry } from '../core/cache/registry';
import { HtmlCache, sharedMaxAgeSeconds, withNonce } from './html-cache';

const page = (body: string, expiresAt: number) => ({ status: 200, headers: [], body, nonce: 'abc', expiresAt });

describe('HtmlCache', () => {
  it('returns fresh entries and forgets expired ones', () => {
    const cache = new HtmlCache();
    cache.set('k', page('x', 1000));
    expect(cache.get('k', 999)?.body).toBe('x');
    expect(cache.get('k', 1000)).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its size', () => {
    const cache = new HtmlCache(2);
    cache.set('a', page('a', 10));
    cache.set('b', page('b', 10));
    cache.get('a', 0);
    cache.set('c', page('c', 10));
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)?.body).toBe('a');
    expect(cache.get('c', 0)?.body).toBe('c');
  });
});

describe('HtmlCache and the cache registry', () => {
  it('drops every page when a product changes, and counts its size from zero again', () => {
    const registry = createCacheRegistry();
    const cache = new HtmlCache(100, 10);
    registry.register('html', ['*'], () => cache.clear());
    cache.set('ro|RON|/produs/biblia', page('12345', 10));
    cache.set('ro|RON|/shop', page('12345', 10));
    expect(registry.invalidate('product:7')).toEqual(['html']);
    expect(cache.get('ro|RON|/produs/biblia', 0)).toBeUndefined();
    expect(cache.get('ro|RON|/shop', 0)).toBeUndefined();
    cache.set('a', page('1234567890', 10));
    expect(cache.get('a', 0)?.body).toBe('1234567890');
  });
});

describe('HtmlCache size bound', () => {
  it('evicts the oldest pages once the characters held pass the bound', () => {
    const cache = new HtmlCache(100, 10);
    cache.set('a', page('12345', 10));
    cache.set('b', page('12345', 10));
    cache.set('c', page('1', 10));
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)?.body).toBe('12345');
    expect(cache.get('c', 0)?.body).toBe('1');
  });
});

describe('sharedMaxAgeSeconds', () => {
  it('reads s-maxage and refuses private or no-store pages', () => {
    expect(sharedMaxAgeSeconds('public, max-age=0, s-maxage=60')).toBe(60);
    expect(sharedMaxAgeSeconds('private, s-maxage=60')).toBe(0);
    expect(sharedMaxAgeSeconds('no-store')).toBe(0);
    expect(sharedMaxAgeSeconds(null)).toBe(0);
  });
});

describe('withNonce', () => {
  it('swaps every nonce attribute for the new one', () => {
    expect(withNonce('<script nonce="old"></script><link nonce="old">', 'old', 'new')).toBe(
      '<script nonce="new"></script><link nonce="new">',
    );
  });
});
