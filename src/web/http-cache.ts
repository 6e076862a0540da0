/**
 * For pages that are anonymous and the same for everyone with one language and currency: browsers
 * revalidate, the server's HTML cache (server/html-cache.ts) keeps them a minute.
 */
export function publicPageHeaders() {
  return { 'Cache-Control': 'public, max-age=0, s-maxage=60', Vary: 'Cookie' };
}

/** For pages about the visitor (account forms, profile): never stored by a browser or a cache. */
export function privatePageHeaders() {
  return { 'Cache-Control': 'private, no-store' };
}

/** The back office (issue 13): never stored anywhere, never indexed (the pages' meta says it too). */
export function adminPageHeaders() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}
