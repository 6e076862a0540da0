import type { SitemapEntry } from '../../contracts/sitemap';
import { STATIC_PAGE_SLUGS } from '../../contracts/static-pages';
import type { Db } from '../../db/client';
import { createCaseService } from '../cases/case-service';
import { createBlogService } from './blog-service';

/** The listing and information pages of issue 4, in the order a visitor meets them. */
const contentPages = [
  '/pages/about',
  '/pages/contact',
  '/pages/blog',
  '/pages/blog-grid',
  '/pages/coupons',
  '/pages/cazuri-umanitare',
];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The pages part of /sitemap.xml contributed by the content pages: fixed pages, every post, every case. */
export async function contentSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [posts, cases] = await Promise.all([createBlogService(db).sitemapRows(), createCaseService(db).sitemapRows()]);
  return [
    ...contentPages.map((loc) => ({ loc })),
    ...STATIC_PAGE_SLUGS.map((slug) => ({ loc: `/pages/${slug}` })),
    ...posts.map((p) => ({ loc: `/pages/blog-details/${p.id}`, lastmod: day(p.updatedAt) })),
    ...cases.map((c) => ({ loc: c.path, lastmod: day(c.updatedAt) })),
  ];
}
