import { dropBeyond, dropExpired } from './recency-map';

/**
 * A small in-process cache of promises. A value is fresh for `ttlMs`; for `staleMs` more it is still
 * answered while one background load replaces it (so popular lists never wait on their counts), after
 * that it is loaded again before answering. The least recently used go first beyond `max`, concurrent
 * callers of one key share one load, and a failed load is not kept. clear() forgets everything,
 * including what a background load that began before it would bring back.
 */
export function createTtlCache<V>(options: { max: number; ttlMs: number; staleMs?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 0;
  const entries = new Map<string, { at: number; value: Promise<V>; refreshing?: boolean }>();
  /** Bumped by clear(): a background refresh begun in an older generation may have read stale rows. */
  let generation = 0;

  function store(key: string, value: Promise<V>): Promise<V> {
    dropExpired(entries, now(), options.ttlMs + staleMs);
    entries.delete(key);
    entries.set(key, { at: now(), value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    dropBeyond(entries, options.max);
    return value;
  }

  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      const age = hit ? now() - hit.at : Number.POSITIVE_INFINITY;
      if (hit && age < options.ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit && age < options.ttlMs + staleMs) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          const startedIn = generation;
          const next = load();
          next.then(
            () => {
              if (startedIn === generation) store(key, next);
            },
            () => {
              hit.refreshing = false;
            },
          );
        }
        return hit.value;
      }
      return store(key, load());
    },
    clear(): void {
      generation++;
      entries.clear();
    },
    /** How many entries it holds, expired or not. */
    size(): number {
      return entries.size;
    },
  };
}

export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
