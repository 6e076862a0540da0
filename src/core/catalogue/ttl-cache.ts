/**
 * A small in-process cache of promises: values live `ttlMs`, the least recently used go first beyond
 * `max`, and concurrent callers of the same key share one load. A failed load is not kept.
 */
export function createTtlCache<V>(options: { max: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now(), value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > options.max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
