import type { SitemapEntry } from '../../contracts/sitemap';
import type { Db } from '../../db/client';
import { contentSitemapEntries } from '../content/sitemap-entries';

export type { SitemapEntry };

/** Lists some of the site's pages for the sitemap's "pages" part. */
export type SitemapSource = (db: Db) => Promise<SitemapEntry[]>;

/** The home page and the shop's front page. */
const shopPages: SitemapSource = async () => [{ loc: '/' }, { loc: '/shop' }];

/**
 * Every source of the "pages" part, in order. Another area adds its pages (about, blog posts,
 * humanitarian cases, legal pages) with one line here.
 */
export const pageSources: SitemapSource[] = [shopPages, contentSitemapEntries];
