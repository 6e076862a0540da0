/**
 * The two rules of the in-process caches that keep entries in a `Map` in order of use (least recently used
 * first, a use moving an entry to the end) with the time each was stored (`at`).
 */

/**
 * Forgets, from the least recently used on, every entry stored `lifetimeMs` or longer ago: it can no longer be
 * answered. Without this an entry stayed until `max` newer ones came after it, so a cache grew towards `max` for
 * as long as the process lived (the product cards to the whole catalogue over a 10-minute soak), and V8 sized its
 * heap at twice what the entries kept alive. The first entry still answerable stops the sweep: every entry after it
 * was used since.
 */
export function dropExpired<K>(entries: Map<K, { at: number }>, now: number, lifetimeMs: number): void {
  for (const [key, entry] of entries) {
    if (now - entry.at < lifetimeMs) break;
    entries.delete(key);
  }
}

/** Forgets the least recently used entries beyond `max`. */
export function dropBeyond<K>(entries: Map<K, unknown>, max: number): void {
  while (entries.size > max) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}
