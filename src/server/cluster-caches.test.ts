import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createCacheRegistry } from '../core/cache/registry';
import { relayBetweenWorkers, shareWorkerCaches } from './cluster-caches';

/**
 * Three workers and a primary, joined as node:cluster joins them: a worker's process.send reaches the primary,
 * a Worker handle's send reaches that worker's process.
 */
function cluster(count: number) {
  const cleared: string[][] = [];
  const handles = Array.from({ length: count }, (_, i) => {
    const channel = new EventEmitter() as EventEmitter & { send?: (m: unknown) => unknown };
    const caches = createCacheRegistry();
    caches.register('product-page', ['product:7'], () => cleared[i]?.push('product-page'));
    caches.register('rates', ['rates'], () => cleared[i]?.push('rates'));
    cleared.push([]);
    return { id: i + 1, channel, caches, isConnected: () => true, send: (m: unknown) => channel.emit('message', m) };
  });
  for (const h of handles) {
    h.channel.send = (message) => relayBetweenWorkers(h, message, handles);
    shareWorkerCaches(h.caches, h.channel);
  }
  return { handles, cleared };
}

describe('caches shared by the WORKERS processes', () => {
  it("clears a product's caches in every worker when one of them changes it, and only those", () => {
    const { handles, cleared } = cluster(3);
    handles[1]?.caches.invalidate('product:7');
    expect(cleared).toEqual([['product-page'], ['product-page'], ['product-page']]);
  });

  it('does not relay a relayed invalidation again (no echo between workers)', () => {
    const { handles, cleared } = cluster(2);
    handles[0]?.caches.invalidate('rates');
    handles[1]?.caches.invalidate('rates');
    expect(cleared).toEqual([
      ['rates', 'rates'],
      ['rates', 'rates'],
    ]);
  });

  it('ignores messages that are not invalidations', () => {
    const { handles, cleared } = cluster(2);
    handles[0]?.channel.emit('message', { type: 'cache-invalidate', tags: [7] });
    handles[0]?.channel.emit('message', 'hello');
    relayBetweenWorkers({ id: 9, isConnected: () => true, send: () => 0 }, { type: 'other' }, handles);
    expect(cleared).toEqual([[], []]);
  });
});
