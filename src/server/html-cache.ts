import type { FastifyRequest } from 'fastify';
import { CURRENCY_COOKIE, LANG_COOKIE } from '../contracts/preferences';

/**
 * DESIGN §8: a short-lived cache of rendered pages, keyed by URL, language and currency. A route opts
 * in by answering the header `X-Html-Cache: <seconds>` (its `headers` export); the header never
 * leaves the server. Only GET requests of anonymous visitors are served from it: a request carrying
 * any cookie besides language and currency (a session, later) is always rendered afresh. The CSP
 * nonce of the cached page is replaced by the nonce of each response.
 */
export const HTML_CACHE_HEADER = 'x-html-cache';
const MAX_SECONDS = 300;

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  expires: number;
}

export function createHtmlCache({
  enabled = true,
  max = 300,
  now = Date.now,
}: {
  enabled?: boolean;
  max?: number;
  now?: () => number;
} = {}) {
  const pages = new Map<string, CachedPage>();
  const known = new Set([LANG_COOKIE, CURRENCY_COOKIE]);

  return {
    /** The cache key of a request, or null when it must be rendered afresh. */
    keyOf(req: FastifyRequest, prefs: { lang: string; currency: string }): string | null {
      if (!enabled || req.method !== 'GET') return null;
      if (Object.keys(req.cookies ?? {}).some((name) => !known.has(name))) return null;
      return `${prefs.lang}|${prefs.currency}|${req.url}`;
    },

    /** The cached page for `key`, carrying `nonce`, or null. */
    get(key: string, nonce: string): Response | null {
      const page = pages.get(key);
      if (!page) return null;
      if (page.expires <= now()) {
        pages.delete(key);
        return null;
      }
      const body = page.nonce ? page.body.replaceAll(page.nonce, nonce) : page.body;
      return new Response(body, { status: page.status, headers: page.headers });
    },

    /** Keeps a page its route marked cacheable (key null: keeps nothing); always strips the marking header. */
    async store(key: string | null, response: Response, nonce: string): Promise<Response> {
      const seconds = Number(response.headers.get(HTML_CACHE_HEADER));
      if (!response.headers.has(HTML_CACHE_HEADER)) return response;
      const headers = new Headers(response.headers);
      headers.delete(HTML_CACHE_HEADER);
      const cacheable =
        key !== null &&
        response.status === 200 &&
        !headers.has('set-cookie') &&
        Number.isFinite(seconds) &&
        seconds > 0;
      if (!cacheable) return new Response(response.body, { status: response.status, headers });
      const body = await response.text();
      pages.delete(key);
      pages.set(key, {
        status: response.status,
        headers: [...headers.entries()],
        body,
        nonce,
        expires: now() + Math.min(seconds, MAX_SECONDS) * 1000,
      });
      while (pages.size > max) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
      return new Response(body, { status: response.status, headers });
    },
  };
}
