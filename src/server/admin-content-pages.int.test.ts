import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, blogPosts, contactMessages, coupons, historicStatistics, humanitarianCases } from '../db/schema';
import { testDatabases } from '../db/testing';
import { createTestClient, createTestStaff, useSeededApp } from './testing';

const ORIGIN = 'http://shop.test';
const formHeaders = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };

/** A small picture, as a camera would give a bigger one. */
const samplePng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();

const coupon = (code: string) => ({
  title: 'Cupon de test',
  couponCode: code,
  discountPercentage: '10',
  minimumAmount: '50',
  productType: 'carte',
  endTime: '2099-06-30T12:00',
  logo: '/illustrations/book-10.svg',
});

const caseFields = {
  caseTitle: 'Ajutor pentru Ilie',
  beneficiaryName: 'Ilie Rusu',
  age: '',
  diagnosis: 'Recuperare',
  caseDescription: 'Ilie are nevoie de recuperare.',
  categoryId: '1',
  status: 'active',
  currency: 'RON',
  necessarySum: '1000',
  treatmentCost: '1200,50',
  deadline: '2027-01-31',
  location: 'Iași',
  hospitalLocation: 'Iași',
  beneficiaryAccountHolder: 'Asociația Maranatha',
  thumbnail: '',
  images: '/illustrations/heart-1.svg',
  'accounts[0].currency': 'RON',
  'accounts[0].iban': 'RO49AAAA1B31007593840000',
  'accounts[0].bank': 'BCR',
  'accounts[0].branch': '',
  'accounts[0].swift': '',
  'manager.name': 'Maria Pop',
  'manager.email': 'maria@example.ro',
  'manager.telephone': '0744 000 111',
  'manager.schedule': 'L–V 9–17',
};

/** The content screens' plain form posts (no JavaScript): who may write, what is written, what is refused. */
describe.each(testDatabases)('the back office content forms on $name', ({ url }) => {
  const { shop, db } = useSeededApp(url, 10, { pages: true });
  const post = (path: string, fields: Record<string, string>, cookies: Record<string, string> = {}) =>
    shop.app.inject({
      method: 'POST',
      url: path,
      headers: formHeaders,
      cookies,
      body: new URLSearchParams(fields).toString(),
    });
  const get = (path: string, cookies: Record<string, string> = {}) => shop.app.inject({ url: path, cookies });
  const couponsCoded = (code: string) => db.db.select().from(coupons).where(eq(coupons.couponCode, code));

  it('refuses every content write to anonymous visitors (to the login), clients and operators (403), writing nothing', async () => {
    const operator = await createTestStaff(shop, 'operator');
    const { token: sid } = await createTestClient(shop);
    for (const cookies of [{}, { sid }] as Record<string, string>[]) {
      const anonymous = await post('/admin/coupons/new', coupon('ANONIM1'), cookies);
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toMatch(/^\/admin\/login\?/);
    }
    const writes: [string, Record<string, string>][] = [
      ['/admin/coupons/new', coupon('OPERATOR1')],
      ['/admin/cases/new', caseFields],
      ['/admin/blog/new', { intent: 'publish', title: 'X' }],
      ['/admin/statistics', { customers: '1', client_orders: '1' }],
      ['/admin/messages/1', { intent: 'handled' }],
    ];
    for (const [path, fields] of writes) {
      const res = await post(path, fields, { staff_sid: operator.token });
      expect(res.statusCode, path).toBe(403);
    }
    expect(await couponsCoded('OPERATOR1')).toEqual([]);
    expect(await couponsCoded('ANONIM1')).toEqual([]);
    const written = await db.db.select().from(auditLog).where(eq(auditLog.staffId, operator.staff.id));
    expect(written.filter((a) => !a.action.startsWith('staff.'))).toEqual([]);
  });

  it('lets an editor create and change a coupon with plain posts; bad input is a 400 with field messages, a taken code a 409', async () => {
    const { token, staff } = await createTestStaff(shop, 'editor');
    const cookies = { staff_sid: token };
    const created = await post('/admin/coupons/new', coupon('paste26'), cookies);
    expect(created.statusCode).toBe(302);
    const [row] = await couponsCoded('PASTE26');
    expect(created.headers.location).toBe(`/admin/coupons/${row.id}?status=saved`);
    const page = await get(created.headers.location as string, cookies);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Modificările au fost salvate.');
    expect(page.body).toContain('value="PASTE26"');

    const bad = await post('/admin/coupons/new', { ...coupon('x'), discountPercentage: '150' }, cookies);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Codul are 3–40 de litere, cifre, - sau _.');
    expect(bad.body).toContain('Reducerea este un număr întreg de la 1 la 100.');
    const taken = await post('/admin/coupons/new', coupon('Paste26'), cookies);
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('Există deja un cupon cu acest cod.');

    const changed = await post(`/admin/coupons/${row.id}`, { ...coupon('PASTE26'), discountPercentage: '20' }, cookies);
    expect(changed.statusCode).toBe(302);
    const [after] = await couponsCoded('PASTE26');
    expect(after.discountPercentage).toBe(20);
    const audit = await db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staff.id), eq(auditLog.entity, 'coupon')))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['coupon.create', 'coupon.update']);
    expect((await get('/admin/coupons?q=paste', cookies)).body).toContain('PASTE26');
    expect((await get('/admin/coupons/999999', cookies)).statusCode).toBe(404);
    expect((await get('/admin/coupons/abc', cookies)).statusCode).toBe(400);
  });

  it('adds a case with its bank accounts; the add-account button works without JavaScript and writes nothing', async () => {
    const { token } = await createTestStaff(shop, 'editor');
    const cookies = { staff_sid: token };
    // React warns (console.error) of a list row without its own key: the row the post inserted had none.
    const warnings = vi.spyOn(console, 'error');
    const more = await post(
      '/admin/cases/new',
      { ...caseFields, __intent__: JSON.stringify({ type: 'insert', payload: { name: 'accounts' } }) },
      cookies,
    );
    expect(warnings).not.toHaveBeenCalled();
    warnings.mockRestore();
    expect(more.statusCode).toBe(200);
    expect(more.body).toContain('name="accounts[1].iban"');
    const forged = await post('/admin/cases/new', { ...caseFields, __intent__: 'not json' }, cookies);
    expect(forged.statusCode).toBe(400);
    const badIban = await post('/admin/cases/new', { ...caseFields, 'accounts[0].iban': 'RO00 DEMO 0000' }, cookies);
    expect(badIban.statusCode).toBe(400);
    expect(badIban.body).toContain('IBAN-ul nu este valid.');
    expect(
      await db.db.select().from(humanitarianCases).where(eq(humanitarianCases.beneficiaryName, 'Ilie Rusu')),
    ).toEqual([]);

    const saved = await post(
      '/admin/cases/new',
      {
        ...caseFields,
        'accounts[1].currency': 'EUR',
        'accounts[1].iban': 'RO66BACX0000001234567890',
        'accounts[1].bank': 'BCR',
        'accounts[1].branch': '',
        'accounts[1].swift': 'RNCBROBU',
      },
      cookies,
    );
    expect(saved.statusCode).toBe(302);
    const [row] = await db.db
      .select()
      .from(humanitarianCases)
      .where(eq(humanitarianCases.beneficiaryName, 'Ilie Rusu'));
    expect(row.donations.flatMap((d) => d.currencies.map((c) => c.currency))).toEqual(['RON', 'EUR']);
    expect(row.treatmentCost).toBe(120_050);
    expect(row.thumbnail).toBe('/illustrations/heart-1.svg');

    // A photo uploaded with the form (multipart, as the browser sends it): stored, added after the kept one.
    const form = new FormData();
    for (const [name, value] of Object.entries(caseFields)) form.append(name, value);
    form.append('newImages', new File([await samplePng()], 'poza.png', { type: 'image/png' }));
    const request = new Request('http://shop.test/', { method: 'POST', body: form });
    const uploaded = await shop.app.inject({
      method: 'POST',
      url: `/admin/cases/${row.id}`,
      headers: { origin: ORIGIN, 'content-type': request.headers.get('content-type') ?? '' },
      cookies,
      body: Buffer.from(await request.arrayBuffer()),
    });
    expect(uploaded.statusCode).toBe(302);
    const [withPhoto] = await db.db.select().from(humanitarianCases).where(eq(humanitarianCases.id, row.id));
    expect(withPhoto.images).toEqual([
      '/illustrations/heart-1.svg',
      expect.stringMatching(/^\/media\/[\w-]{22}\.webp$/),
    ]);
    expect((await get(withPhoto.images[1])).headers['content-type']).toBe('image/webp');

    // On the shop at once: the case's page shows its accounts.
    const list = await get('/pages/cazuri-umanitare?sortBy=newest');
    expect(list.body).toContain('Ajutor pentru Ilie');
  });

  it('previews a post without saving it, publishes it onto the shop’s blog, and takes it off again', async () => {
    const { token } = await createTestStaff(shop, 'editor');
    const cookies = { staff_sid: token };
    const fields = {
      title: 'Seară de colinde',
      author: 'Echipa',
      category: 'Evenimente',
      tags: 'colinde',
      blog: 'blog-grid',
      date: '2099-12-20',
      smDesc: 'Vă așteptăm la colinde.',
      body: '### Program\n\n1. Colinde\n2. Ceai <img src=x onerror=alert(1)>',
      img: '/illustrations/dove-1.svg',
      listImg: '/illustrations/dove-1.svg',
    };
    const preview = await post('/admin/blog/new', { ...fields, intent: 'preview' }, cookies);
    expect(preview.statusCode).toBe(200);
    // The preview section (the form's own echo of the Markdown aside) is the sanitised rendering.
    const shown = /<section aria-labelledby="post-preview"[\s\S]*?<\/section>/.exec(preview.body)?.[0] ?? '';
    expect(shown).toContain('<h3>Program</h3>');
    expect(shown).toContain('<img src="x"');
    expect(shown).not.toContain('onerror');
    expect(await db.db.select().from(blogPosts).where(eq(blogPosts.title, 'Seară de colinde'))).toEqual([]);

    const published = await post('/admin/blog/new', { ...fields, intent: 'publish' }, cookies);
    expect(published.statusCode).toBe(302);
    const [row] = await db.db.select().from(blogPosts).where(eq(blogPosts.title, 'Seară de colinde'));
    expect(row.published).toBe(true);
    expect((await get('/pages/blog')).body).toContain('Seară de colinde');

    const off = await post(`/admin/blog/${row.id}`, { intent: 'unpublish' }, cookies);
    expect(off.headers.location).toBe(`/admin/blog/${row.id}?status=unpublished`);
    expect((await get('/pages/blog')).body).not.toContain('Seară de colinde');
  });

  it('marks a contact message handled and sets the about statistics', async () => {
    const { token } = await createTestStaff(shop, 'editor');
    const cookies = { staff_sid: token };
    const [message] = await db.db
      .insert(contactMessages)
      .values({
        name: 'Ion',
        email: 'ion@example.ro',
        subject: 'Întrebare despre Biblii',
        message: 'Bună ziua!',
        clientHash: 'h',
      })
      .returning();
    const inbox = await get('/admin/messages', cookies);
    expect(inbox.body).toContain('Întrebare despre Biblii');
    const handled = await post(`/admin/messages/${message.id}`, { intent: 'handled' }, cookies);
    expect(handled.statusCode).toBe(302);
    const [after] = await db.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(after.handledAt).not.toBeNull();
    expect((await post(`/admin/messages/${message.id}`, { intent: 'delete' }, cookies)).statusCode).toBe(400);

    const stats = await post('/admin/statistics', { customers: '5000', client_orders: '9000' }, cookies);
    expect(stats.headers.location).toBe('/admin/statistics?status=saved');
    const rows = await db.db.select().from(historicStatistics).orderBy(desc(historicStatistics.key));
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toMatchObject({
      customers: 5000,
      client_orders: 9000,
    });
    const bad = await post('/admin/statistics', { customers: 'multe', client_orders: '9000' }, cookies);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Un număr întreg, de la 0 în sus.');
  });
});
