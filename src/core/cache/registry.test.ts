import { describe, expect, it } from 'vitest';
import { createCacheRegistry } from './registry';

describe('cache registry', () => {
  function registryWithCaches() {
    const registry = createCacheRegistry();
    registry.register('listing', ['products', 'categories'], () => {});
    registry.register('product page', ['product:7'], () => {});
    registry.register('menu', ['categories'], () => {});
    registry.register('rates', ['rates'], () => {});
    registry.register('blog', ['content:blog'], () => {});
    registry.register('html', ['*'], () => {});
    return registry;
  }

  it('clears the caches that depend on a tag, its family, or everything', () => {
    const registry = registryWithCaches();
    expect(registry.invalidate('product:7')).toEqual(['listing', 'product page', 'html']);
    expect(registry.invalidate('product:8')).toEqual(['listing', 'html']);
    expect(registry.invalidate('category:biblii')).toEqual(['listing', 'menu', 'html']);
    expect(registry.invalidate('rates')).toEqual(['rates', 'html']);
    expect(registry.invalidate('content:blog')).toEqual(['blog', 'html']);
    expect(registry.invalidate('content:coupons')).toEqual(['html']);
  });

  it('clears the caches of single members when the whole family is invalidated', () => {
    const registry = registryWithCaches();
    expect(registry.invalidate('products')).toEqual(['listing', 'product page', 'html']);
  });

  it('clears each cache once however many of its tags are invalidated, and really clears TTL caches', async () => {
    const registry = createCacheRegistry();
    let clears = 0;
    registry.register('listing', ['products', 'categories'], () => clears++);
    registry.invalidate('product:1', 'product:2', 'categories');
    expect(clears).toBe(1);
    let loads = 0;
    const cache = registry.ttlCache<number>('pages', ['products'], { max: 10, ttlMs: 60_000 });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    registry.invalidate('product:3');
    expect(await cache.get('a', load)).toBe(2);
  });

  it('reports the entries of the caches that count them, by name', async () => {
    const registry = createCacheRegistry();
    const pages = registry.ttlCache<number>('pages', ['products'], { max: 10, ttlMs: 60_000 });
    let cards = 3;
    registry.register(
      'cards',
      ['products'],
      () => {},
      () => cards,
    );
    registry.register('weights', ['products'], () => {});
    await pages.get('a', async () => 1);
    cards = 4;
    expect(registry.sizes()).toEqual({ pages: 1, cards: 4 });
  });

  it('changes its generation with every invalidation cleared here, relayed ones too, and not otherwise', async () => {
    const registry = createCacheRegistry();
    const rates = registry.ttlCache<number>('rates', ['rates'], { max: 1, ttlMs: 60_000 });
    const first = registry.generation();
    await rates.get('r', async () => 1);
    expect(registry.generation()).toBe(first);
    registry.invalidate('rates');
    const second = registry.generation();
    expect(second).not.toBe(first);
    registry.invalidateRelayed(['categories']);
    expect(registry.generation()).not.toBe(second);
  });
});
