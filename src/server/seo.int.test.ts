import { describe, expect, it } from 'vitest';
import { createSitemapService } from '../core/seo/sitemap-service';
import { testDatabases } from '../db/testing';
import { useSeededApp } from './testing';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe.each(testDatabases)('sitemap and robots on $name', ({ url }) => {
  const { db, shop } = useSeededApp(url, 250);

  it('/sitemap.xml indexes a part for pages, categories and products', async () => {
    const res = await shop.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(res.body)).toEqual([
      'http://shop.test/sitemap-pages-1.xml',
      'http://shop.test/sitemap-categories-1.xml',
      'http://shop.test/sitemap-products-1.xml',
    ]);
  });

  it('the parts list absolute URLs of every product, every category and the pages', async () => {
    const products = locs((await shop.app.inject({ url: '/sitemap-products-1.xml' })).body);
    expect(products).toHaveLength(250);
    expect(products.every((u) => u.startsWith('http://shop.test/produs/'))).toBe(true);
    const categories = locs((await shop.app.inject({ url: '/sitemap-categories-1.xml' })).body);
    expect(categories).toContain('http://shop.test/shop/biblii');
    expect(categories).toContain('http://shop.test/shop/biblia-cornilescu');
    const pages = locs((await shop.app.inject({ url: '/sitemap-pages-1.xml' })).body);
    expect(pages).toEqual(expect.arrayContaining(['http://shop.test/', 'http://shop.test/shop']));
    for (const missing of ['/sitemap-products-2.xml', '/sitemap-nope-1.xml', '/sitemap-products-0.xml']) {
      expect((await shop.app.inject({ url: missing })).statusCode, missing).toBe(404);
    }
  });

  it('splits a part at the URL limit, and lists what each page source gives', async () => {
    const service = createSitemapService(
      db.db,
      [async () => [{ loc: '/pages/about', lastmod: '2026-11-01' }], async () => [{ loc: '/pages/blog' }]],
      100,
    );
    const parts = await service.parts();
    expect(parts.filter((p) => p.kind === 'products').map((p) => p.number)).toEqual([1, 2, 3]);
    expect(await service.entries({ kind: 'products', number: 3 })).toHaveLength(50);
    expect(await service.entries({ kind: 'products', number: 4 })).toBeNull();
    expect(await service.entries({ kind: 'pages', number: 1 })).toEqual([
      { loc: '/pages/about', lastmod: '2026-11-01' },
      { loc: '/pages/blog' },
    ]);
  });

  it('/robots.txt points to the sitemap and keeps crawlers out of the API and search results', async () => {
    const res = await shop.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: http://shop.test/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /pages/search');
  });
});
