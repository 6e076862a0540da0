/**
 * Short-lived cache of anonymous, public pages (DESIGN §8), keyed by URL, language and currency.
 * A page opts in by answering with `Cache-Control: … s-maxage=N`. The CSP nonce of a cached page is
 * swapped for the new response's nonce on every hit, so no nonce is ever sent twice.
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

export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  constructor(private readonly maxEntries = 2000) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert to keep the map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.entries.set(key, page);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

export function withNonce(body: string, oldNonce: string, newNonce: string): string {
  return oldNonce ? body.replaceAll(`nonce="${oldNonce}"`, `nonce="${newNonce}"`) : body;
}
