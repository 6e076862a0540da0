import type { Db } from '../../db/client';
import { contentSitemapEntries } from '../content/sitemap-entries';

/** One URL of the sitemap: a path of this site ("/pages/about") and, when known, its last change (YYYY-MM-DD). */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

/** Lists some of the site's pages for the sitemap's "pages" part. */
export type SitemapSource = (db: Db) => Promise<SitemapEntry[]>;

/** The home page and the shop's front page. */
const shopPages: SitemapSource = async () => [{ loc: '/' }, { loc: '/shop' }];

/**
 * Every source of the "pages" part, in order. Another area adds its pages (about, blog posts,
 * humanitarian cases, legal pages) with one line here.
 */
export const pageSources: SitemapSource[] = [shopPages, contentSitemapEntries];
