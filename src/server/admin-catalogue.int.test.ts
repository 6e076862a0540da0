import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type AdminProductQuery,
  adminProductQuerySchema,
  categoryActionSchema,
  type ProductSaveInput,
  productSaveSchema,
} from '../contracts/admin-catalogue';
import type { ProductListing } from '../contracts/listing';
import { auditLog, categories, priceHistory, products } from '../db/schema';
import { insertBibles, testDatabases } from '../db/testing';
import { createTestStaff, useSeededApp } from './testing';

/** The editor's fields as the browser posts them (strings), parsed by the editor's own schema. */
function saveInput(categoryId: number, fields: Record<string, unknown> = {}): ProductSaveInput {
  return productSaveSchema.parse({
    intent: 'save',
    title: 'Biblia cu ilustrații',
    sku: 'NEW-1',
    isbn: '978-973-0-00000-9',
    authors: 'Ana Pop\nIon Pop',
    language: 'ro',
    vatRate: '11',
    weightGrams: '800',
    sellingPrice: '120,00',
    specialPrice: '',
    quantity: '7',
    isInStock: 'on',
    productType: 'biblie',
    categoryId: String(categoryId),
    description: '<p>Bună <script>alert(1)</script></p>',
    images: '/covers/NEW-1/1.svg',
    ...fields,
  });
}

const query = (params: Record<string, string> = {}): AdminProductQuery => adminProductQuerySchema.parse(params);

describe.each(testDatabases)('the back office catalogue on $name', ({ url }) => {
  let ids: number[] = [];
  const { db, shop } = useSeededApp(
    url,
    async (test) => {
      ids = await insertBibles(test.db, ['Biblia Cornilescu', 'Biblia de studiu', 'Biblia pentru copii']);
    },
    { pages: true },
  );
  const admin = () => shop.services.catalogueAdmin;
  const categoryId = async () => (await db.db.select().from(categories).where(eq(categories.slug, 'biblii')))[0].id;
  const page = (path: string) => shop.app.inject({ url: path });
  const auditOf = (entityId: number, entity = 'product') =>
    db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
      .orderBy(asc(auditLog.id));

  it('creates a product with every field, cleans its HTML, audits it, and the shop shows it at once', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    // The shop's search is cached before the write: the write must clear it.
    const before = await page('/api/products?searchText=ilustratii');
    expect(before.json<ProductListing>().data).toEqual([]);
    const id = await admin().create(staff.id, saveInput(await categoryId()));
    const product = await admin().product(id);
    expect(product).toMatchObject({
      slug: 'biblia-cu-ilustratii',
      isbn: '9789730000009',
      authors: ['Ana Pop', 'Ion Pop'],
      sellingPrice: 12000,
      specialPrice: null,
      quantity: 7,
      isInStock: true,
      archived: false,
    });
    expect(product.description).not.toContain('script');
    const [row] = await auditOf(id);
    expect(row).toMatchObject({ staffId: staff.id, action: 'product.create', before: null });
    const shown = await page('/produs/biblia-cu-ilustratii');
    expect(shown.statusCode).toBe(200);
    // Saved without a picture: the page and the cards show the cover the shop draws, never an empty `src`.
    expect(shown.body).toContain('src="/covers/NEW-1/1.svg"');
    expect(shown.body).not.toContain('src=""');
    const found = (await page('/api/products?searchText=ilustratii')).json<ProductListing>().data;
    expect(found.map((p) => p.id)).toEqual([id]);
    expect(found[0]?.image).toBe('/covers/NEW-1/1.svg');
  });

  it('refuses a taken code or slug, a special price not below the price, and bad personalisation rows', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const category = await categoryId();
    await admin().create(staff.id, saveInput(category, { sku: 'DUP-1', slug: 'dup-1' }));
    await expect(admin().create(staff.id, saveInput(category, { sku: 'DUP-1', slug: 'alta' }))).rejects.toMatchObject({
      code: 'CONFLICT',
      fields: { sku: 'validation.adminCatalogue.skuTaken' },
    });
    const raw = {
      intent: 'save',
      title: 'Altă Biblie',
      sku: 'BAD-1',
      language: 'ro',
      vatRate: '11',
      weightGrams: '0',
      quantity: '1',
      productType: 'biblie',
      categoryId: String(category),
      sellingPrice: '10',
      specialPrice: '12,5',
      hasPersonalization: 'on',
      personalization: [
        { section: 'Gravură', name: 'Nume', label: 'Numele', type: 'text' },
        { section: 'Gravură', name: 'culoare', label: 'Culoarea', type: 'select', options: '' },
      ],
    };
    expect(productSaveSchema.safeParse({ ...raw, isbn: '9789730000007' }).error?.issues[0]?.message).toBe(
      'validation.adminCatalogue.isbn',
    );
    const bad = productSaveSchema.safeParse(raw);
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages, JSON.stringify(messages)).toMatchObject({
      specialPrice: 'validation.adminCatalogue.specialPrice',
      'personalization.0.name': 'validation.adminCatalogue.inputName',
      'personalization.1.options': 'validation.adminCatalogue.options',
    });
  });

  it('builds the personalisation form from the editor rows, in sections, rows and columns', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const input = saveInput(await categoryId(), {
      sku: 'NEW-2',
      title: 'Biblie personalizată',
      isbn: '',
      hasPersonalization: 'on',
      personalizationRequired: 'on',
      personalization: [
        {
          section: 'Gravură',
          row: '1',
          column: '2',
          name: 'culoare',
          label: 'Culoare',
          type: 'select',
          options: 'aurie\nargintie',
          value: 'aurie',
          cost: '5',
        },
        {
          section: 'Gravură',
          row: '1',
          column: '1',
          name: 'nume',
          label: 'Numele',
          type: 'text',
          maxLength: '30',
          required: 'on',
          cost: '10,50',
        },
        { section: '', name: '', label: '' },
      ],
    });
    const id = await admin().create(staff.id, input);
    const product = await admin().product(id);
    expect(product.personalizationForm).toEqual({
      sections: [
        {
          title: 'Gravură',
          rows: [
            {
              columns: [
                {
                  inputs: [
                    {
                      name: 'nume',
                      label: 'Numele',
                      type: 'text',
                      value: '',
                      additionalCost: 1050,
                      required: true,
                      maxLength: 30,
                    },
                  ],
                },
                {
                  inputs: [
                    {
                      name: 'culoare',
                      label: 'Culoare',
                      type: 'select',
                      value: 'aurie',
                      additionalCost: 500,
                      required: false,
                      options: ['aurie', 'argintie'],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(product).toMatchObject({ hasPersonalization: true, personalizationRequired: true });
  });

  it('changes a price: a price-history row, an audit row, and the product page and search show it within 1 s', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const id = ids[0];
    const current = await admin().product(id);
    // Read once, so the shop's caches hold the old price.
    expect((await page('/api/products?searchText=cornilescu')).json<ProductListing>().data[0]?.price).toBe(5000);
    const started = Date.now();
    await admin().update(staff.id, id, {
      ...saveInput(current.categoryId, {
        title: current.title,
        sku: current.sku,
        slug: current.slug,
        isbn: '',
        sellingPrice: '50',
        specialPrice: '39,90',
      }),
    });
    const html = (await page(`/produs/${current.slug}`)).body;
    const search = (await page('/api/products?searchText=cornilescu')).json<ProductListing>().data[0];
    expect(Date.now() - started).toBeLessThan(1000);
    expect(html).toContain('39,90');
    expect(search).toMatchObject({ id, price: 3990, oldPrice: 5000 });
    const history = await db.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.productId, id))
      .orderBy(asc(priceHistory.id));
    expect(history.map((h) => [h.price, h.validTo === null])).toEqual([
      [5000, false],
      [3990, true],
    ]);
    const [row] = await auditOf(id);
    expect(row.action).toBe('product.update');
    expect(row.before).toMatchObject({ specialPrice: null });
    expect(row.after).toMatchObject({ specialPrice: 3990 });
  });

  it('archives a product out of the shop (page, search, cart) but not out of the back office, and back', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const id = ids[1];
    const slug = (await admin().product(id)).slug;
    await admin().setArchived(staff.id, id, true);
    expect((await page(`/produs/${slug}`)).statusCode).toBe(404);
    expect((await page('/api/products?searchText=studiu')).json<ProductListing>().data).toEqual([]);
    await expect(shop.services.cart.checkStock([{ id, requested_quantity: 1 }])).resolves.toHaveLength(1);
    expect((await admin().list(query({ q: 'studiu' }))).rows).toEqual([]);
    expect((await admin().list(query({ q: 'studiu', archived: 'all' }))).rows.map((r) => [r.id, r.archived])).toEqual([
      [id, true],
    ]);
    expect((await admin().list(query({ archived: 'archived' }))).rows.map((r) => r.id)).toEqual([id]);
    await admin().setArchived(staff.id, id, false);
    expect((await page(`/produs/${slug}`)).statusCode).toBe(200);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['product.archive', 'product.unarchive']);
  });

  it('lists with the filters and sorts, and changes the stock alone', async () => {
    const { staff } = await createTestStaff(shop, 'operator');
    const id = ids[2];
    await admin().setStock(staff.id, id, { quantity: 2, isInStock: true });
    expect((await admin().list(query({ stock: 'low' }))).rows.map((r) => r.id)).toEqual([id]);
    await admin().setStock(staff.id, id, { quantity: 0, isInStock: true });
    expect((await admin().list(query({ stock: 'out' }))).rows.map((r) => r.id)).toContain(id);
    const sorted = (await admin().list(query({ sort: 'title' }))).rows.map((r) => r.title);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'ro')));
    expect((await admin().list(query({ category: String(await categoryId()) }))).total).toBeGreaterThanOrEqual(3);
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.action, r.after])).toEqual([
      ['product.stock', { quantity: 2, isInStock: true }],
      ['product.stock', { quantity: 0, isInStock: true }],
    ]);
  });

  it('keeps the category tree: create, move (never under itself), reorder, delete only when empty', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const act = (input: Record<string, string>) => admin().categoryAction(staff.id, categoryActionSchema.parse(input));
    const top = await categoryId();
    await act({ intent: 'create', name: 'Cărți de rugăciune', nameEn: 'Prayer books', slug: '', parentId: '' });
    const all = await admin().categories();
    const prayer = all.find((c) => c.slug === 'carti-de-rugaciune');
    expect(prayer).toMatchObject({ depth: 0, products: 0 });
    if (!prayer) return;
    await act({
      intent: 'create',
      name: 'Pentru copii',
      nameEn: 'For children',
      slug: 'rugaciuni-copii',
      parentId: String(prayer.id),
    });
    const child = (await admin().categories()).find((c) => c.slug === 'rugaciuni-copii');
    expect(child).toMatchObject({ depth: 1, parentId: prayer.id });
    if (!child) return;
    await expect(act({ intent: 'move', id: String(prayer.id), parentId: String(child.id) })).rejects.toMatchObject({
      fields: { parentId: 'validation.adminCatalogue.loop' },
    });
    await expect(act({ intent: 'delete', id: String(prayer.id) })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(act({ intent: 'delete', id: String(top) })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      act({ intent: 'create', name: 'Biblii', nameEn: 'Bibles', slug: 'biblii', parentId: '' }),
    ).rejects.toMatchObject({ fields: { slug: 'validation.adminCatalogue.slugTaken' } });
    await act({ intent: 'up', id: String(prayer.id) });
    expect((await admin().categories()).filter((c) => c.depth === 0).map((c) => c.slug)).toEqual([
      'carti-de-rugaciune',
      'biblii',
    ]);
    await act({ intent: 'rename', id: String(prayer.id), name: 'Rugăciuni', nameEn: 'Prayers' });
    // The shop's menu shows the new name at once.
    expect(await shop.services.catalogue.categoryMenu('ro')).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Rugăciuni' })]),
    );
    await act({ intent: 'delete', id: String(child.id) });
    expect((await admin().categories()).some((c) => c.id === child.id)).toBe(false);
    expect((await auditOf(prayer.id, 'category')).map((r) => r.action)).toEqual([
      'category.create',
      'category.reorder',
      'category.rename',
    ]);
  });

  it('imports a CSV all or nothing: bad lines by number, nothing applied, then applied with one audit row a product', async () => {
    const { staff } = await createTestStaff(shop, 'admin');
    const [a, b] = await Promise.all([admin().product(ids[0]), admin().product(ids[1])]);
    const bad = `sku;stock;price\n${a.sku};20;55\n\nNOPE-1;3;\n${b.sku};-2;\n${b.sku};1;`;
    const preview = await admin().applyImport(staff.id, bad, ['stock', 'price', 'special_price']);
    expect(preview.problems).toEqual([
      { line: 4, reason: 'validation.adminCatalogue.import.unknown', value: 'NOPE-1' },
      { line: 5, reason: 'validation.adminCatalogue.import.stock', value: '-2' },
      { line: 6, reason: 'validation.adminCatalogue.import.duplicate', value: '5' },
    ]);
    expect((await admin().product(a.id)).quantity).toBe(a.quantity);
    const good = `sku,stock,price,special_price\n${a.sku},20,"55,00",-\n${b.sku},${b.quantity},,`;
    const planned = await admin().previewImport(good, ['stock', 'price', 'special_price']);
    expect(planned).toMatchObject({ unchanged: 1, problems: [] });
    expect(planned.changes).toEqual([
      {
        line: 2,
        id: a.id,
        sku: a.sku,
        title: a.title,
        before: { quantity: a.quantity, sellingPrice: a.sellingPrice, specialPrice: a.specialPrice },
        after: { quantity: 20, sellingPrice: 5500, specialPrice: null },
      },
    ]);
    // An operator may not change prices.
    const refused = await admin().applyImport(staff.id, good, ['stock']);
    expect(refused.problems.map((p) => p.value)).toEqual(['price', 'special_price']);
    const applied = await admin().applyImport(staff.id, good, ['stock', 'price', 'special_price']);
    expect(applied.problems).toEqual([]);
    expect(await admin().product(a.id)).toMatchObject({ quantity: 20, sellingPrice: 5500, specialPrice: null });
    expect((await page(`/api/products/${a.id}`)).json()).toMatchObject({ price: 5500 });
    const rows = (await auditOf(a.id)).filter((r) => r.action === 'product.import');
    expect(rows).toHaveLength(1);
    expect(rows[0].after).toEqual({ quantity: 20, sellingPrice: 5500, specialPrice: null });
    expect((await auditOf(b.id)).filter((r) => r.action === 'product.import')).toEqual([]);
  });

  it('finds products by ISBN and code with the shop search', async () => {
    const [row] = await db.db.select().from(products).where(eq(products.id, ids[2]));
    expect((await admin().list(query({ q: row.sku }))).rows.map((r) => r.id)).toEqual([ids[2]]);
    expect((await admin().list(query({ q: 'zzzzqqq' }))).rows).toEqual([]);
  });
});
