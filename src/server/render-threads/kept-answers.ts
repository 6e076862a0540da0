/**
 * The main thread's answers that a render thread keeps between requests (decision 058). The root loader asks for the
 * category menu, the display currency and the list of currencies on every page, and the main thread answers each
 * from a cache of its own: three messages each way and three copies of the same data, for every page. A render
 * thread keeps those answers while the process's cache generation (core/cache/registry.ts) is the one its request
 * came with, so an invalidation (an edited category, new rates) reaches the next request at once, and for at most
 * `KEPT_FOR_MS`, which bounds what a cache's own expiry (the rates') adds to how stale an answer may be.
 */

/** The calls kept, by their path in the load context: each answer depends only on its arguments and the caches. */
export const KEPT_CALLS: ReadonlySet<string> = new Set([
  'services.catalogue.categoryMenu',
  'services.currency.view',
  'services.currency.available',
]);

export const KEPT_FOR_MS = 1_000;

/** More entries than languages × display currencies mean arguments nobody sends: the list starts over. */
const MAX_KEPT = 64;

interface Kept {
  generation: number;
  at: number;
  answer: Promise<unknown>;
}

export interface KeptAnswers {
  /**
   * The kept answer of `path(args)` when it is kept and still valid for a request of `generation`, otherwise
   * `ask()`'s, kept for the next requests when the call is one of KEPT_CALLS. A null generation (a request whose
   * services fail on purpose: the error page's) keeps nothing and is given nothing kept.
   */
  answer(
    path: readonly string[],
    args: readonly unknown[],
    generation: number | null,
    ask: () => Promise<unknown>,
  ): Promise<unknown>;
}

/** Objects and arrays frozen all the way down: an answer is shared by every request that follows. */
function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) deepFrozen(member);
    Object.freeze(value);
  }
  return value;
}

export function createKeptAnswers(now: () => number = () => performance.now()): KeptAnswers {
  const kept = new Map<string, Kept>();
  return {
    answer(path, args, generation, ask) {
      const name = path.join('.');
      if (generation === null || !KEPT_CALLS.has(name)) return ask();
      const key = `${name}${JSON.stringify(args)}`;
      const at = now();
      const found = kept.get(key);
      // A kept answer that turns out to fail was not this request's call: it asks for itself.
      if (found && found.generation === generation && at - found.at < KEPT_FOR_MS) return found.answer.catch(ask);
      const entry: Kept = { generation, at, answer: ask().then(deepFrozen) };
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, entry);
      entry.answer.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return entry.answer;
    },
  };
}
