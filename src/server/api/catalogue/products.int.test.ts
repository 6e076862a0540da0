import { count, desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductListing } from '../../../contracts/listing';
import { referencePrice } from '../../../contracts/money';
import { queryRows } from '../../../db/raw';
import { priceHistory, products } from '../../../db/schema';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

const sum = (values: { count: number }[]) => values.reduce((s, v) => s + v.count, 0);

describe.each(testDatabases)('products API on the demo catalogue, $name', ({ url }) => {
  const { db, shop } = useSeededApp(url, 600);

  async function list(query: string): Promise<ProductListing> {
    const res = await shop.app.inject({ url: `/api/products?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('answers { data, total, page, per_page, last_page, facets } with the page asked for', async () => {
    const first = await list('per_page=10');
    expect(first).toMatchObject({ total: 600, page: 1, per_page: 10, last_page: 60 });
    expect(first.data).toHaveLength(10);
    const third = await list('per_page=10&page=3');
    expect(third.page).toBe(3);
    expect(third.data.map((p) => p.id)).not.toContain(first.data[0].id);
    expect((await list('per_page=10&page=61')).data).toEqual([]);
    expect((await list('')).per_page).toBe(24);
  });

  it('facet counts add up to the total and each count is what choosing it gives', async () => {
    const all = await list('per_page=1');
    const { facets } = all;
    expect(sum(facets.category.options)).toBe(all.total);
    expect(sum(facets.priceRanges)).toBe(all.total);
    expect(sum(facets.languages)).toBe(all.total);
    for (const option of facets.category.options.slice(0, 3)) {
      expect((await list(`per_page=1&category=${option.slug}`)).total, option.slug).toBe(option.count);
    }
    const publisher = facets.publishers[0];
    expect((await list(`per_page=1&publisher=${encodeURIComponent(publisher.value)}`)).total).toBe(publisher.count);
    const range = facets.priceRanges[1];
    expect((await list(`per_page=1&min_price=${range.min}&max_price=${range.max}`)).total).toBe(range.count);
    expect((await list('per_page=1&in_stock=1')).total).toBe(facets.inStock);
    expect((await list('per_page=1&on_sale=1')).total).toBe(facets.onSale);
  });

  it('keeps the other filters in each facet and marks the chosen values', async () => {
    const bibles = await list('per_page=1&category=biblii');
    const binding = bibles.facets.bindings[0];
    const both = await list(`per_page=60&category=biblii&binding=${encodeURIComponent(binding.value)}`);
    expect(both.total).toBe(binding.count);
    expect(both.facets.bindings.find((b) => b.value === binding.value)?.selected).toBe(true);
    expect(both.facets.category.current?.slug).toBe('biblii');
    expect(both.facets.category.options.every((o) => o.count > 0)).toBe(true);
    // Two values of one facet widen the list; values of two facets narrow it.
    const [a, b] = bibles.facets.bindings;
    const either = await list(
      `per_page=1&category=biblii&binding=${encodeURIComponent(a.value)}&binding=${encodeURIComponent(b.value)}`,
    );
    expect(either.total).toBe(a.count + b.count);
  });

  it('sorts by price both ways', async () => {
    const up = (await list('sortBy=price-asc&per_page=60')).data.map((p) => p.price);
    expect(up).toEqual([...up].sort((x, y) => x - y));
    const down = (await list('sortBy=price-desc&per_page=60')).data.map((p) => p.price);
    expect(down).toEqual([...down].sort((x, y) => y - x));
    expect(down[0]).toBeGreaterThanOrEqual(up[up.length - 1]);
  });

  it('pages every list in the order the database gives, whatever its category, filters, sort and page', async () => {
    const [leaf] = await queryRows<{ slug: string }>(
      db.db,
      sql`select c.slug from categories c where c.parent_id is not null
        and (select count(*) from products p where p.category_id = c.id) >= 5 order by c.id limit 1`,
    );
    const [top] = await queryRows<{ slug: string }>(
      db.db,
      sql`select slug from categories where parent_id is null and exists (select 1 from categories c where c.parent_id = categories.id) order by id limit 1`,
    );
    /** The same list in SQL: the category's subtree, the filters, the sort's order, the page. */
    async function expected(
      category: string | null,
      filter: ReturnType<typeof sql>,
      order: ReturnType<typeof sql>,
      page: number,
    ) {
      const rows = await queryRows<{ id: number }>(
        db.db,
        sql`with recursive sub(id) as (
            select id from categories where ${category === null ? sql`parent_id is null` : sql`slug = ${category}`}
            union all select c.id from categories c join sub on c.parent_id = sub.id)
          select p.id from products p where p.archived_at is null and p.category_id in (select id from sub) and ${filter}
          order by ${order} limit 12 offset ${(page - 1) * 12}`,
      );
      return rows.map((r) => r.id);
    }
    const orders = {
      default: sql`p.sales_count desc, p.id desc`,
      'price-asc': sql`p.effective_price asc, p.id asc`,
      'price-desc': sql`p.effective_price desc, p.id desc`,
    };
    const filters: [string, ReturnType<typeof sql>][] = [
      ['', sql`true`],
      ['&in_stock=1', sql`p.is_available`],
      ['&on_sale=1', sql`p.on_sale`],
      ['&min_price=30&max_price=80', sql`p.effective_price between 3000 and 8099`],
      ['&language=ro&productType=carte', sql`p.language = 'ro' and p.product_type = 'carte'`],
    ];
    let compared = 0;
    for (const category of [null, top.slug, leaf.slug])
      for (const [query, filter] of filters)
        for (const sort of ['default', 'price-asc', 'price-desc', 'sale'] as const)
          for (const page of [1, 3]) {
            const onSale = sort === 'sale' ? sql` and p.on_sale` : sql``;
            const want = await expected(
              category,
              sql`${filter}${onSale}`,
              orders[sort === 'sale' ? 'default' : sort],
              page,
            );
            const got = await list(
              `sortBy=${sort}&per_page=12&page=${page}${category ? `&category=${category}` : ''}${query}`,
            );
            expect(
              got.data.map((p) => p.id),
              `${category} ${query} ${sort} page ${page}`,
            ).toEqual(want);
            if (want.length) compared++;
          }
    expect(compared).toBeGreaterThan(60);
  });

  it('sorts a search by price over all that it finds', async () => {
    const every = async (query: string) => {
      const out: ProductListing['data'] = [];
      for (let page = 1; ; page++) {
        const { data } = await list(`${query}&per_page=60&page=${page}`);
        if (!data.length) return out;
        out.push(...data);
      }
    };
    const found = await every('searchText=biblia');
    expect(found.length).toBeGreaterThan(12);
    const cheapest = await every('searchText=biblia&sortBy=price-asc');
    const dearest = await every('searchText=biblia&sortBy=price-desc');
    const ids = (cards: { id: number }[]) => cards.map((p) => p.id).sort((a, b) => a - b);
    expect(ids(cheapest)).toEqual(ids(found));
    expect(ids(dearest)).toEqual(ids(found));
    const prices = cheapest.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(dearest.map((p) => p.id)).toEqual(cheapest.map((p) => p.id).reverse());
  });

  it('New Added keeps the last 8 products added, newest first', async () => {
    const newest = await list('sortBy=new&per_page=60');
    expect(newest.total).toBe(8);
    expect(newest.last_page).toBe(1);
    const expected = await db.db
      .select({ id: products.id })
      .from(products)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(8);
    expect(newest.data.map((p) => p.id)).toEqual(expected.map((e) => e.id));
    const secondPage = await list('sortBy=new&per_page=3&page=3');
    expect(secondPage.data.map((p) => p.id)).toEqual(expected.slice(6).map((e) => e.id));
  });

  it('On Sale keeps only discounted products, all of them', async () => {
    const sale = await list('sortBy=sale&per_page=60');
    const [{ n }] = await db.db.select({ n: count() }).from(products).where(eq(products.onSale, true));
    expect(sale.total).toBe(n);
    expect(sale.data.length).toBeGreaterThan(0);
    for (const p of sale.data) expect(p.oldPrice, p.title).toBeGreaterThan(p.price);
  });

  it('shows a reduction only against the 30-day reference, with the percentage from it (DESIGN §6)', async () => {
    const all = (await Promise.all(Array.from({ length: 10 }, (_, i) => list(`per_page=60&page=${i + 1}`)))).flatMap(
      (page) => page.data,
    );
    expect(all).toHaveLength(600);
    const reduced = all.filter((p) => p.oldPrice !== null);
    expect(reduced.length).toBeGreaterThan(30);
    for (const p of all) {
      if (p.oldPrice === null) {
        expect(p, p.title).toMatchObject({ lowestPrice30Days: null, discount: null });
        continue;
      }
      expect(p.lowestPrice30Days, p.title).toBe(p.oldPrice);
      expect(p.price, p.title).toBeLessThan(p.oldPrice);
      expect(p.discount, p.title).toBe(Math.floor(((p.oldPrice - p.price) * 100) / p.oldPrice));
    }
    expect((await list('on_sale=1&per_page=1')).total).toBe(reduced.length);
  });

  it('stores for every demo product the reference its price history gives, in SQL and in contracts alike', async () => {
    const history = await db.db.select().from(priceHistory);
    const byProduct = new Map<number, typeof history>();
    for (const h of history) byProduct.set(h.productId, [...(byProduct.get(h.productId) ?? []), h]);
    const rows = await db.db.select().from(products);
    // The migration's SQL for the reference, over the stored history.
    const computed = await queryRows<{ id: number; reference: number | null }>(
      db.db,
      sql`
      select p.id, (select min(h.price) from price_history h, price_history c
        where c.product_id = p.id and c.valid_to is null and h.product_id = p.id
          and h.valid_from < c.valid_from and h.valid_to > c.valid_from - interval '30 days') as reference
      from products p`,
    );
    const sqlReference = new Map(computed.map((r) => [r.id, r.reference === null ? null : Number(r.reference)]));
    let discountedWithoutReference = 0;
    for (const row of rows) {
      const periods = byProduct.get(row.id) ?? [];
      expect(row.referencePrice, row.slug).toBe(referencePrice(periods));
      expect(row.referencePrice, row.slug).toBe(sqlReference.get(row.id));
      // Every discounted demo product has the history its 30-day rule needs.
      if (row.specialPrice !== null && row.referencePrice === null) discountedWithoutReference++;
    }
    expect(discountedWithoutReference).toBe(0);
  });

  it('GET /api/products/:id answers the product, 404 when missing, 400 for a bad id', async () => {
    const [first] = (await list('per_page=1')).data;
    const res = await shop.app.inject({ url: `/api/products/${first.id}?lang=en` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, slug: first.slug, title: first.title });
    expect(res.json().breadcrumbs.length).toBeGreaterThan(0);
    expect((await shop.app.inject({ url: '/api/products/999999' })).statusCode).toBe(404);
    for (const bad of ['0', '-3', 'abc', '1.5', '99999999999']) {
      const r = await shop.app.inject({ url: `/api/products/${bad}` });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.code).toBe('VALIDATION');
    }
  });

  it('answers bad values with a 400, the error shape of DESIGN §4 and a message per field', async () => {
    const cases: [string, string][] = [
      ['page=-1', 'page'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=1000', 'per_page'],
      ['sortBy=cheapest', 'sortBy'],
      ['sortBy=new&sortBy=sale', 'sortBy'],
      ['min_price=100&max_price=10', 'max_price'],
      ['min_price=-5', 'min_price'],
      ['productType=carti', 'productType'],
      ['in_stock=maybe', 'in_stock'],
      [`searchText=${'a'.repeat(10_000)}`, 'searchText'],
      ['category=Nu Exista', 'category'],
      ['category=nu-exista', 'category'],
      ['lang=fr', 'lang'],
    ];
    for (const [query, field] of cases) {
      const res = await shop.app.inject({ url: `/api/products?${query}` });
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.error.code, query).toBe('VALIDATION');
      expect(body.error.message, query).toBeTypeOf('string');
      expect(Object.keys(body.error.fields), query).toContain(field);
    }
    const suggest = await shop.app.inject({ url: '/api/search/suggest' });
    expect(suggest.statusCode).toBe(400);
    expect(suggest.json().error.fields).toHaveProperty('q');
  });

  it('publishes the catalogue routes in the OpenAPI document', async () => {
    const doc = (await shop.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/search/suggest']),
    );
  });

  it('property: any query string gets a 200 or a 400, never a 500', async () => {
    const keys = fc.constantFrom(
      'searchText',
      'productType',
      'selectVal',
      'sortBy',
      'page',
      'per_page',
      'category',
      'author',
      'publisher',
      'binding',
      'language',
      'translation',
      'min_price',
      'max_price',
      'in_stock',
      'on_sale',
      'lang',
      'other',
    );
    const values = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.integer({ min: -1_000_000, max: 100_000_000 }).map(String),
      fc.constantFrom('new', 'sale', 'price-asc', 'biblii', 'carte', '1', '0', 'ro', 'Biblia', 'ş', '%', '\\', "'"),
    );
    const query = fc.array(fc.tuple(keys, values), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const qs = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        const res = await shop.app.inject({ url: `/api/products?${qs}` });
        expect([200, 400], `${qs} → ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        const suggest = await shop.app.inject({
          url: `/api/search/suggest?q=${encodeURIComponent(pairs[0]?.[1] ?? '')}`,
        });
        expect([200, 400]).toContain(suggest.statusCode);
      }),
      { numRuns: 150 },
    );
  });

  it('property: raw, even malformed, query strings get a 200 or a 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (raw) => {
        const res = await shop.app.inject({ url: `/api/products?${raw.replace(/[#\s]/g, '')}` });
        expect([200, 400], raw).toContain(res.statusCode);
      }),
      { numRuns: 100 },
    );
  });
});
