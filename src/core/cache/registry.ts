import { createTtlCache, type TtlCache } from './ttl-cache';

/**
 * What a cached value can depend on. A write names what it changed; every cache that depends on it
 * is cleared (decision 012).
 * - `products`: any product, or which products exist (counts, lists, search words);
 *   `product:<id>`: one product's price, stock or text.
 * - `categories`: the category tree; `category:<slug>`: one category.
 * - `content:<kind>`: one kind of content (blog posts, coupons, cases, the about page's statistics).
 * - `rates`: the BNR exchange rates.
 * - `geography`: Romania's counties, localities and streets (changed only by the importer).
 * - `carriers`: the carriers, their rates, pickup points and GLS lockers.
 */
export type CacheTag =
  | 'products'
  | `product:${number}`
  | 'categories'
  | `category:${string}`
  | `content:${ContentKind}`
  | 'rates'
  | 'geography'
  | 'carriers';

export type ContentKind = 'blog' | 'coupons' | 'cases' | 'statistics';

/** What a cache registers for: tags (`products` and `categories` include each of their members), or `*` for every tag. */
export type CacheDependency = CacheTag | '*';

/** The id of a `product:<id>` tag, or null for a tag that may touch every product. */
export function productIdOf(tag: CacheTag): number | null {
  return tag.startsWith('product:') ? Number(tag.slice('product:'.length)) : null;
}

const FAMILIES: Record<string, CacheTag> = { product: 'products', category: 'categories' };

/** `products` for `product:12`, `categories` for `category:biblii`, undefined for the others. */
function familyOf(tag: CacheDependency): CacheTag | undefined {
  const separator = tag.indexOf(':');
  return separator > 0 ? FAMILIES[tag.slice(0, separator)] : undefined;
}

/**
 * A cache of every product depends on each one; a cache of one product depends on `products`, which
 * says any of them may have changed.
 */
function dependsOn(dependency: CacheDependency, tag: CacheTag): boolean {
  return dependency === '*' || dependency === tag || familyOf(tag) === dependency || familyOf(dependency) === tag;
}

interface Registration {
  name: string;
  dependencies: readonly CacheDependency[];
  /** Called with the tags of the invalidation that touched it. */
  clear: (tags: readonly CacheTag[]) => void;
  /** How many entries it holds, for the memory report. */
  size?: () => number;
}

/**
 * Every in-process cache of one set of services, and what each depends on. One per process (built
 * by `createServices`); the `WORKERS` processes of one shop relay their invalidations to each other
 * (server/cluster-caches.ts). A change made by another program (a script, a second machine) still shows
 * when the caches expire on their own.
 */
export function createCacheRegistry() {
  const registrations: Registration[] = [];
  let relay: ((tags: CacheTag[]) => void) | null = null;
  let generation = 0;

  function clearHere(tags: readonly CacheTag[]): string[] {
    generation++;
    const cleared: string[] = [];
    for (const registration of registrations) {
      const touched = tags.filter((tag) => registration.dependencies.some((d) => dependsOn(d, tag)));
      if (!touched.length) continue;
      registration.clear(touched);
      cleared.push(registration.name);
    }
    return cleared;
  }

  return {
    /** Adds a cache: `clear` is called whenever one of the tags it depends on is invalidated. */
    register(
      name: string,
      dependencies: readonly CacheDependency[],
      clear: (tags: readonly CacheTag[]) => void,
      size?: () => number,
    ): void {
      registrations.push({ name, dependencies, clear, size });
    },

    /** A TTL cache (see ttl-cache.ts), registered under `name`. */
    ttlCache<V>(
      name: string,
      dependencies: readonly CacheDependency[],
      options: Parameters<typeof createTtlCache<V>>[0],
    ): TtlCache<V> {
      const cache = createTtlCache<V>(options);
      registrations.push({ name, dependencies, clear: () => cache.clear(), size: cache.size });
      return cache;
    },

    /** The entries each cache that counts them holds, by name: what the server's memory report prints. */
    sizes(): Record<string, number> {
      const sizes: Record<string, number> = {};
      for (const { name, size } of registrations) if (size) sizes[name] = size();
      return sizes;
    },

    /**
     * Clears every cache that depends on one of `tags`; answers the names of those cleared. Call it
     * after the write committed: a cache cleared before the commit could be refilled with the old rows.
     */
    invalidate(...tags: CacheTag[]): string[] {
      relay?.(tags);
      return clearHere(tags);
    },

    /** An invalidation another process of the shop made: cleared here, not relayed again. */
    invalidateRelayed(tags: readonly CacheTag[]): string[] {
      return clearHere(tags);
    },

    /**
     * A number that changes with every invalidation this process clears (its own or relayed), whichever caches it
     * touched: what a render thread's kept answers are checked against (decision 058). Expiry does not change it.
     */
    generation(): number {
      return generation;
    },

    /** Where this process's invalidations are sent for the shop's other processes (one relay). */
    relayTo(send: (tags: CacheTag[]) => void): void {
      relay = send;
    },
  };
}

export type CacheRegistry = ReturnType<typeof createCacheRegistry>;
