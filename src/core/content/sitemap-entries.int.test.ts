import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_PAGE_SLUGS } from '../../contracts/static-pages';
import { seedDemoData } from '../../db/seed/seed';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { contentSitemapEntries } from './sitemap-entries';

describe.each(testDatabases)('content sitemap entries on $name', ({ url }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(url);
    await seedDemoData(db.db, 20);
  });
  afterAll(async () => {
    await db.close();
  });

  it('lists the content pages, every static page, every post and every case, once each', async () => {
    const entries = await contentSitemapEntries(db.db);
    const locs = entries.map((e) => e.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((loc) => loc.startsWith('/pages/'))).toBe(true);
    expect(locs).toEqual(
      expect.arrayContaining(['/pages/about', '/pages/contact', '/pages/coupons', '/pages/cazuri-umanitare']),
    );
    for (const slug of STATIC_PAGE_SLUGS) expect(locs).toContain(`/pages/${slug}`);
    expect(locs.filter((l) => l.startsWith('/pages/blog-details/'))).toHaveLength(12);
    const cases = entries.filter((e) => /^\/pages\/cazuri-umanitare\/[a-z0-9-]+-\d+$/.test(e.loc));
    expect(cases).toHaveLength(20);
    expect(cases[0].lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is empty of posts and cases on an empty database', async () => {
    const empty = await createTestDb(url);
    const entries = await contentSitemapEntries(empty.db);
    expect(entries.some((e) => e.loc.startsWith('/pages/blog-details/'))).toBe(false);
    expect(entries).toHaveLength(6 + STATIC_PAGE_SLUGS.length);
    await empty.close();
  });
});
