import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('keeps a value for its time, shares one load between callers, and forgets failures', async () => {
    let now = 0;
    let loads = 0;
    const cache = createTtlCache<number>({ max: 2, ttlMs: 100, now: () => now });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    now = 99;
    expect(await cache.get('a', load)).toBe(1);
    now = 100;
    expect(await cache.get('a', load)).toBe(2);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', load)).toBe(3);
  });

  it('drops the least recently used beyond its size', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ max: 2, ttlMs: 1000 });
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(4);
  });

  it('answers a stale value while one background load replaces it', async () => {
    let now = 0;
    let loads = 0;
    const cache = createTtlCache<number>({ max: 10, ttlMs: 100, staleMs: 1000, now: () => now });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 500;
    const [first, second] = [cache.get('a', load), cache.get('a', load)];
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(2);
    expect(await cache.get('a', load)).toBe(2);
    now = 5000;
    expect(await cache.get('a', load)).toBe(3);
  });

  it('forgets everything on clear(), and a background load begun before it brings nothing back', async () => {
    let now = 0;
    let version = 1;
    const cache = createTtlCache<number>({ max: 10, ttlMs: 100, staleMs: 1000, now: () => now });
    let finishRefresh: (value: number) => void = () => {};
    expect(await cache.get('a', async () => version)).toBe(1);
    now = 500;
    // The stale entry is answered while a refresh that read the old rows is still on its way.
    expect(await cache.get('a', () => new Promise<number>((resolve) => (finishRefresh = resolve)))).toBe(1);
    version = 2;
    cache.clear();
    finishRefresh(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('a', async () => version)).toBe(2);
  });

  it('forgets what can no longer be answered when it stores something else', async () => {
    let now = 0;
    const cache = createTtlCache<number>({ max: 10, ttlMs: 100, staleMs: 50, now: () => now });
    const load = async () => 1;
    await cache.get('a', load);
    await cache.get('b', load);
    now = 149;
    await cache.get('c', load);
    expect(cache.size()).toBe(3);
    now = 150;
    await cache.get('d', load);
    expect(cache.size()).toBe(2);
  });
});
