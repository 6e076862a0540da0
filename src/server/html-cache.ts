/**
 * Short-lived cache of anonymous, public pages (DESIGN §8), keyed by URL, language and currency.
 * A page opts in by answering with `Cache-Control: … s-maxage=N`. The CSP nonce of a cached page is
 * swapped for the new response's nonce on every hit, so no nonce is ever sent twice. Registered with the
 * services' cache registry, which clears it after any write (decision 012).
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  expiresAt: number;
}

const S_MAXAGE = /s-maxage=(\d+)/;

export function sharedMaxAgeSeconds(cacheControl: string | null): number {
  if (!cacheControl || /private|no-store/.test(cacheControl)) return 0;
  return Number(S_MAXAGE.exec(cacheControl)?.[1] ?? 0);
}

/** Bounded by count and by characters held, so unique URLs (query strings) cannot grow the process. */
export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  private size = 0;
  constructor(
    private readonly maxEntries = 1000,
    private readonly maxChars = 32_000_000,
  ) {}

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.size -= entry.body.length;
    this.entries.delete(key);
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.remove(key);
      return undefined;
    }
    // Re-insert to keep the map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Drops every page: each of them may show what a write changed (the menu, prices, rates). */
  clear(): void {
    this.entries.clear();
    this.size = 0;
  }

  set(key: string, page: CachedPage): void {
    this.remove(key);
    this.entries.set(key, page);
    this.size += page.body.length;
    while (this.entries.size > this.maxEntries || this.size > this.maxChars) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }
}

export function withNonce(body: string, oldNonce: string, newNonce: string): string {
  return oldNonce ? body.replaceAll(`nonce="${oldNonce}"`, `nonce="${newNonce}"`) : body;
}
