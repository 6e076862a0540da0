import { asc, count, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { pageSources, type SitemapEntry, type SitemapSource } from './sitemap-sources';

/** sitemaps.org: at most 50,000 URLs per file. */
export const SITEMAP_URL_LIMIT = 50_000;

export const SITEMAP_KINDS = ['pages', 'categories', 'products'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapPart {
  kind: SitemapKind;
  /** 1-based. */
  number: number;
}

/** The sitemap index and its parts; each part holds at most `urlLimit` URLs. */
export function createSitemapService(
  db: Db,
  sources: SitemapSource[] = pageSources,
  urlLimit: number = SITEMAP_URL_LIMIT,
) {
  const pages = async (): Promise<SitemapEntry[]> => (await Promise.all(sources.map((s) => s(db)))).flat();
  const countOf: Record<SitemapKind, () => Promise<number>> = {
    pages: async () => (await pages()).length,
    categories: async () => (await db.select({ n: count() }).from(categories))[0].n,
    products: async () => (await db.select({ n: count() }).from(products).where(isNull(products.archivedAt)))[0].n,
  };

  return {
    /** Every part the index lists; an empty kind still has one (empty) part. */
    async parts(): Promise<SitemapPart[]> {
      const counts = await Promise.all(SITEMAP_KINDS.map((kind) => countOf[kind]()));
      return SITEMAP_KINDS.flatMap((kind, i) =>
        Array.from({ length: Math.max(1, Math.ceil(counts[i] / urlLimit)) }, (_, n) => ({ kind, number: n + 1 })),
      );
    },

    /** The URLs of one part, or null when there is no such part. */
    async entries({ kind, number }: SitemapPart): Promise<SitemapEntry[] | null> {
      if (!Number.isInteger(number) || number < 1) return null;
      const offset = (number - 1) * urlLimit;
      let entries: SitemapEntry[];
      if (kind === 'pages') entries = (await pages()).slice(offset, offset + urlLimit);
      else if (kind === 'categories') {
        const rows = await db
          .select({ slug: categories.slug })
          .from(categories)
          .orderBy(asc(categories.id))
          .limit(urlLimit)
          .offset(offset);
        entries = rows.map((r) => ({ loc: `/shop/${r.slug}` }));
      } else {
        const rows = await db
          .select({ slug: products.slug })
          .from(products)
          .where(isNull(products.archivedAt))
          .orderBy(asc(products.id))
          .limit(urlLimit)
          .offset(offset);
        entries = rows.map((r) => ({ loc: `/produs/${r.slug}` }));
      }
      return entries.length || number === 1 ? entries : null;
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
