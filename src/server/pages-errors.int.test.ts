import { describe, expect, it, vi } from 'vitest';
import { MAX_SHOWN } from '../contracts/listing';
import { testDatabases } from '../db/testing';
import { useSeededApp } from './testing';

// The pages as in production: React's production build (ten times faster to render than its
// development build) is chosen when React is first imported, so before the imports above run.
vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

/** Typed errors on the pages (decision 010) and the search page's edges (issue 8 items 7 and 15). */
describe.each(testDatabases)('page errors and search edges on $name', ({ url }) => {
  const { shop } = useSeededApp(url, 400, { pages: true });
  const get = (path: string, lang?: 'en') => shop.app.inject({ url: path, cookies: lang ? { lang } : undefined });

  it.each([
    '/shop?binding=%00',
    '/shop?author=a%00b',
    '/pages/search?searchText=%1B',
    '/pages/blog-grid?tag=%00',
    '/pages/cazuri-umanitare?status=%00',
  ])('%s answers the 400 page naming the bad value', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Adresa conține valori pe care nu le putem folosi');
  });

  it('writes the 400 page in the shopper language', async () => {
    const res = await get('/shop?page=abc', 'en');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The page must be a whole number between 1 and 10,000.');
    const ro = await get('/pages/cazuri-umanitare?min_price=5000&max_price=100');
    expect(ro.statusCode).toBe(400);
    expect(ro.body).toContain('Prețul maxim trebuie să fie cel puțin egal cu prețul minim.');
  });

  it('answers a missing product, post or case with the 404 page', async () => {
    for (const path of ['/produs/nu-exista', '/pages/blog-details/99999', '/pages/cazuri-umanitare/nimeni-99999']) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });

  it.each(['%25', "'", '%25%27%22!', '...'])(
    'a search for only punctuation (%s) is no search, and the page says so',
    async (q) => {
      const res = await get(`/pages/search?searchText=${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('nu conține litere sau cifre de căutat');
      expect(res.body).toContain('Se afișează 1–9 din 400');
    },
  );

  it(`stops offering "Load More" at ${MAX_SHOWN} products`, async () => {
    const atMost = await get(`/pages/search?limit=${MAX_SHOWN}`);
    expect(atMost.statusCode).toBe(200);
    expect(atMost.body).not.toContain('Încarcă mai multe produse');
    expect(atMost.body).toContain(`Se afișează cel mult ${MAX_SHOWN} de produse`);
    const near = await get(`/pages/search?limit=${MAX_SHOWN - 1}`);
    expect(near.body).toContain(`limit=${MAX_SHOWN}`);
    expect(near.body).not.toContain(`limit=${MAX_SHOWN + 2}`);
  });

  it('takes q as the search text, by a redirect to the one address of the search', async () => {
    const res = await get('/pages/search?q=biblia&sortBy=new');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/pages/search?sortBy=new&searchText=biblia');
  });
});
