import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isbn13CheckDigit } from '../../../contracts/isbn';
import type { ProductListing } from '../../../contracts/listing';
import { categories, priceHistory, products } from '../../../db/schema';
import { type TestDb, testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

const ISBN_BODY = '978973123456';
const ISBN = ISBN_BODY + String(isbn13CheckDigit(ISBN_BODY));

type Fixture = Partial<typeof products.$inferInsert> & { sku: string; title: string; category: string };

/** A small catalogue whose search behaviour we can state exactly. */
const fixtures: Fixture[] = [
  { sku: 'T-001', title: 'Biblia Cornilescu, ediție de buzunar', category: 'biblia-cornilescu', isbn: ISBN },
  { sku: 'T-002', title: 'Biblie pentru copii ilustrată', category: 'biblii', authors: ['Ana Pop'] },
  { sku: 'T-003', title: 'Biblii de studiu: ghid', category: 'biblii', sellingPrice: 9000 },
  {
    sku: 'T-004',
    title: 'Predici alese',
    category: 'predici',
    authors: ['Charles H. Spurgeon'],
    publisher: 'Editura Făclia',
    sellingPrice: 4000,
    specialPrice: 3000,
  },
  { sku: 'T-005', title: 'Știința rugăciunii', category: 'predici', authors: ['Iosif Țon'] },
  { sku: 'T-006', title: 'Ştiinţa credinţei', category: 'predici', authors: ['Ion Ţandără'] },
  { sku: 'T-007', title: 'Lumina lumii', category: 'predici' },
  { sku: 'T-008', title: 'Cartea a doua', category: 'predici', authors: ['Lumina Popescu'] },
  { sku: 'T-009', title: 'Cartea a treia', category: 'predici', publisher: 'Editura Lumina' },
  { sku: 'T-010', title: 'Cartea a patra', category: 'predici', description: '<p>Despre lumina dimineții.</p>' },
  { sku: 'T-011', title: 'Harul suficient', category: 'predici', quantity: 0, salesCount: 900 },
  { sku: 'T-012', title: 'Harul suficient', category: 'predici', quantity: 5, salesCount: 1 },
  { sku: 'T-013', title: 'Cană cu versetul Ioan 3:16', category: 'cani', productType: 'cadou', vatRate: 21 },
];

async function insertFixtures(db: TestDb): Promise<void> {
  const ids = new Map<string, number>();
  for (const [slug, name, parent] of [
    ['biblii', 'Biblii', null],
    ['biblia-cornilescu', 'Biblia Cornilescu', 'biblii'],
    ['carti-crestine', 'Cărți creștine', null],
    ['predici', 'Predici', 'carti-crestine'],
    ['cadouri', 'Cadouri', null],
    ['cani', 'Căni', 'cadouri'],
  ] as const) {
    const [row] = await db.db
      .insert(categories)
      .values({ slug, name, nameEn: name, parentId: parent ? ids.get(parent) : null })
      .returning();
    ids.set(slug, row.id);
  }
  await db.db.insert(products).values(
    fixtures.map(({ category, ...f }, i) => ({
      slug: f.sku.toLowerCase(),
      vatRate: 11,
      sellingPrice: 5000,
      productType: 'carte',
      quantity: 10,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      ...f,
      categoryId: ids.get(category)!,
    })),
  );
}

describe.each(testDatabases)('search semantics on $name', ({ url }) => {
  const { db, shop } = useSeededApp(url, insertFixtures);

  async function search(text: string, extra = ''): Promise<ProductListing> {
    const res = await shop.app.inject({ url: `/api/products?searchText=${encodeURIComponent(text)}${extra}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const skusOf = async (text: string, extra = '') =>
    (await search(text, extra)).data.map((p) => fixtures.find((f) => f.title === p.title && f.sku)?.sku);
  const titlesOf = async (text: string, extra = '') => (await search(text, extra)).data.map((p) => p.title);

  it('finds the same Bibles for biblie, Biblia, BIBLIE and biblii', async () => {
    const expected = [
      'Biblia Cornilescu, ediție de buzunar',
      'Biblie pentru copii ilustrată',
      'Biblii de studiu: ghid',
    ].sort();
    for (const word of ['biblie', 'Biblia', 'BIBLIE', 'biblii']) {
      expect((await titlesOf(word)).sort(), word).toEqual(expected);
    }
  });

  it('matches ș/ş, ț/ţ, ă, â, î and their plain letters both ways', async () => {
    const both = ['Știința rugăciunii', 'Ştiinţa credinţei'];
    for (const word of ['stiinta', 'știința', 'ştiinţa', 'ȘTIINȚA', 'STIINTA']) {
      expect((await titlesOf(word)).sort(), word).toEqual(both.sort());
    }
    for (const word of ['ton', 'țon', 'ţon']) expect(await titlesOf(word), word).toEqual(['Știința rugăciunii']);
    for (const word of ['tandara', 'Țandără', 'ţandără'])
      expect(await titlesOf(word), word).toEqual(['Ştiinţa credinţei']);
    expect(await titlesOf('rugaciunii')).toEqual(['Știința rugăciunii']);
    expect(await titlesOf('cana')).toEqual(['Cană cu versetul Ioan 3:16']);
  });

  it('corrects typos with trigram similarity', async () => {
    expect(await titlesOf('cornilesku')).toEqual(['Biblia Cornilescu, ediție de buzunar']);
    expect(await titlesOf('spurjon')).toEqual(['Predici alese']);
    expect(await titlesOf('predici spurjon')).toEqual(['Predici alese']);
    // Words already looked up (kept one by one), in another phrase.
    expect(await titlesOf('spurjon predici')).toEqual(['Predici alese']);
  });

  it('matches a submitted word cut short as a prefix when whole words find nothing', async () => {
    expect(await titlesOf('cornil')).toEqual(['Biblia Cornilescu, ediție de buzunar']);
  });

  it('finds a product by its ISBN, with or without hyphens, and by its product code', async () => {
    const hyphenated = `${ISBN.slice(0, 3)}-${ISBN.slice(3, 6)}-${ISBN.slice(6, 12)}-${ISBN.slice(12)}`;
    for (const code of [ISBN, hyphenated]) expect(await titlesOf(code), code).toEqual([fixtures[0].title]);
    expect(await titlesOf('t-004')).toEqual(['Predici alese']);
    expect(await titlesOf('T004')).toEqual(['Predici alese']);
  });

  it('ranks title above author above publisher above description', async () => {
    expect(await titlesOf('lumina')).toEqual(['Lumina lumii', 'Cartea a doua', 'Cartea a treia', 'Cartea a patra']);
  });

  it('puts the product in stock first when relevance ties', async () => {
    const found = (await search('harul')).data;
    expect(found.map((p) => p.inStock)).toEqual([true, false]);
    expect(await skusOf('harul')).toHaveLength(2);
  });

  it('finds nothing, with a 200, for words the catalogue does not have', async () => {
    const none = await search('xyzzyq');
    expect(none).toMatchObject({ data: [], total: 0, page: 1, last_page: 1 });
  });

  it('narrows a search by product type, category and selectVal', async () => {
    expect(await titlesOf('biblia', '&category=biblia-cornilescu')).toEqual([fixtures[0].title]);
    expect(await titlesOf('biblia', '&selectVal=biblia-cornilescu')).toEqual([fixtures[0].title]);
    expect(await titlesOf('versetul', '&productType=cadou')).toEqual(['Cană cu versetul Ioan 3:16']);
    expect(await titlesOf('versetul', '&productType=carte')).toEqual([]);
  });

  it('suggests products while typing, authors (typos too) and categories', async () => {
    const suggest = async (q: string) => {
      const res = await shop.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await suggest('cornil')).products.map((p: { title: string }) => p.title)).toContain(fixtures[0].title);
    expect((await suggest('spurj')).authors).toEqual(['Charles H. Spurgeon']);
    expect((await suggest('spurjon')).authors).toEqual(['Charles H. Spurgeon']);
    expect((await suggest('bibli')).categories.map((c: { slug: string }) => c.slug)).toContain('biblii');
    expect((await suggest('ţon')).authors).toEqual(['Iosif Țon']);
    expect(await suggest('!!!')).toEqual({ query: '!!!', products: [], authors: [], categories: [] });
  });

  it('keeps a price history and measures a reduction from the lowest price of the 30 days before it', async () => {
    const [row] = await db.db.select().from(products).where(eq(products.sku, 'T-003'));
    const show = async () => (await shop.app.inject({ url: `/api/products/${row.id}` })).json();
    await db.db.update(products).set({ specialPrice: 6000 }).where(eq(products.id, row.id));
    expect(await show()).toMatchObject({ price: 6000, oldPrice: 9000, lowestPrice30Days: 9000, discount: 33 });
    // 75 lei after 60 lei within 30 days is no reduction (DESIGN §6), although it is below the selling price.
    await db.db.update(products).set({ specialPrice: 7500 }).where(eq(products.id, row.id));
    const history = await db.db.select().from(priceHistory).where(eq(priceHistory.productId, row.id));
    expect(history.map((h) => [h.price, h.validTo === null]).sort()).toEqual(
      [
        [6000, false],
        [7500, true],
        [9000, false],
      ].sort(),
    );
    expect(await show()).toMatchObject({ price: 7500, oldPrice: null, lowestPrice30Days: null, discount: null });
    const [stored] = await db.db.select().from(products).where(eq(products.id, row.id));
    expect(stored).toMatchObject({ referencePrice: 6000, onSale: false });
    // A change that leaves the prices alone records nothing.
    await db.db.update(products).set({ quantity: 3 }).where(eq(products.id, row.id));
    expect(await db.db.select().from(priceHistory).where(eq(priceHistory.productId, row.id))).toHaveLength(3);
  });

  it('shows no 30-day price for a product without a discount', async () => {
    const [row] = await db.db.select().from(products).where(eq(products.sku, 'T-007'));
    const res = await shop.app.inject({ url: `/api/products/${row.id}` });
    expect(res.json()).toMatchObject({ oldPrice: null, lowestPrice30Days: null, discount: null });
  });

  it('shows no reduction for a special price without an earlier price to measure it from', async () => {
    // T-004 was created with its special price: no history, so its price is its own reference.
    const [row] = await db.db.select().from(products).where(eq(products.sku, 'T-004'));
    expect(row).toMatchObject({ specialPrice: 3000, referencePrice: null, onSale: false });
    const res = await shop.app.inject({ url: `/api/products/${row.id}` });
    expect(res.json()).toMatchObject({ price: 3000, oldPrice: null, discount: null });
  });
});

/**
 * Issue 14: relevance in two stages. Titles, authors, publishers and translations are ranked first
 * (their own small vector); products that mention the words only in their description follow, best
 * sellers first, and are read only for the pages past the first stage's matches.
 */
const stageFixtures: Fixture[] = [
  { sku: 'S-001', title: 'Ştiinţa tăcerii', category: 'predici', salesCount: 1 },
  { sku: 'S-002', title: 'Cartea întâi', category: 'predici', authors: ['Ana Știința'], salesCount: 2 },
  {
    sku: 'S-003',
    title: 'Cartea a doua',
    category: 'predici',
    description: '<p>Despre știința rugăciunii.</p>',
    salesCount: 50,
  },
  {
    sku: 'S-004',
    title: 'Cartea a treia',
    category: 'predici',
    description: '<p>Ştiinţa iertării.</p>',
    salesCount: 500,
  },
  {
    sku: 'S-005',
    title: 'Cartea a patra',
    category: 'predici',
    description: '<p>O carte despre stiinta.</p>',
    salesCount: 5,
    quantity: 0,
  },
  { sku: 'S-006', title: 'Alt subiect', category: 'predici', description: '<p>Nimic de căutat.</p>', salesCount: 900 },
];

async function insertStageFixtures(db: TestDb): Promise<void> {
  const [category] = await db.db
    .insert(categories)
    .values({ slug: 'predici', name: 'Predici', nameEn: 'Sermons', parentId: null })
    .returning();
  await db.db.insert(products).values(
    stageFixtures.map(({ category: _, ...f }, i) => ({
      slug: f.sku.toLowerCase(),
      // A cover, as every catalogue product has: the search page renders it.
      images: [`/covers/${f.sku}/1.svg`],
      vatRate: 11,
      sellingPrice: 5000,
      productType: 'carte' as const,
      quantity: 10,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      ...f,
      categoryId: category.id,
    })),
  );
}

describe.each(testDatabases)('search ranked in two stages on $name', ({ url }) => {
  const { shop } = useSeededApp(url, insertStageFixtures, { pages: true });
  const expected = ['Ştiinţa tăcerii', 'Cartea întâi', 'Cartea a treia', 'Cartea a doua', 'Cartea a patra'];

  async function search(text: string, extra = ''): Promise<ProductListing> {
    const res = await shop.app.inject({ url: `/api/products?searchText=${encodeURIComponent(text)}${extra}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('puts title and author matches first, then description-only matches, best sellers first', async () => {
    for (const word of ['stiinta', 'ştiinţa', 'știința', 'ȘTIINȚA']) {
      const found = await search(word);
      expect(
        found.data.map((p) => p.title),
        word,
      ).toEqual(expected);
      expect(found.total, word).toBe(5);
    }
  });

  it('pages across the two stages without losing or repeating a product', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await search('stiinta', `&per_page=2&page=${page}`)).data);
    expect(pages.map((p) => p.title)).toEqual(expected);
    // A first page the titles fill never needs the descriptions, and says the same total.
    expect(await search('stiinta', '&per_page=1')).toMatchObject({ total: 5, last_page: 5 });
  });

  it('corrects a typo before both stages', async () => {
    expect((await search('stiintta')).data.map((p) => p.title)).toEqual(expected);
  });

  it('falls back to descriptions alone when no title matches, and counts facets over every match', async () => {
    const found = await search('iertarii');
    expect(found.data.map((p) => p.title)).toEqual(['Cartea a treia']);
    expect(found.facets.category.options.map((o) => o.count)).toEqual([1]);
    expect((await search('rugaciunii')).data.map((p) => p.title)).toEqual(['Cartea a doua']);
  });

  it('shows the search page in the same order', async () => {
    const res = await shop.app.inject({ url: '/pages/search?searchText=stiinta' });
    expect(res.statusCode).toBe(200);
    const positions = expected.map((title) => res.body.indexOf(title));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
