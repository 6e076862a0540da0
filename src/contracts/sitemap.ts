/** One URL of the sitemap: a path of this site ("/pages/about") and, when known, its last change (YYYY-MM-DD). */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}
