import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blogFormSchema, caseFormSchema, couponFormSchema, statisticsFormSchema } from '../contracts/admin-content';
import { isAppError } from '../contracts/errors';
import { auditLog, blogPosts, caseCategories, contactMessages, coupons, humanitarianCases } from '../db/schema';
import { testDatabases } from '../db/testing';
import { createTestStaff, useSeededApp } from './testing';

/** A valid IBAN (the mod-97 check holds) for each currency row. */
const IBAN_RON = 'RO49AAAA1B31007593840000';
const IBAN_EUR = 'RO66BACX0000001234567890';

function caseForm(overrides: Record<string, unknown> = {}) {
  return {
    caseTitle: 'Operație pentru Ionuț',
    beneficiaryName: 'Ionuț Marin',
    age: '7',
    diagnosis: 'Malformație cardiacă',
    caseDescription: 'Ionuț are nevoie de o operație în străinătate.\nFiecare donație contează.',
    categoryId: '1',
    status: 'active',
    currency: 'RON',
    necessarySum: '45000,50',
    treatmentCost: '60000',
    deadline: '2027-03-01',
    location: 'Cluj-Napoca',
    hospitalLocation: 'Viena',
    beneficiaryAccountHolder: 'Asociația Maranatha',
    thumbnail: '/illustrations/heart-1.svg',
    images: ['/illustrations/heart-2.svg', '/media/AAAAAAAAAAAAAAAAAAAAAA.webp'],
    accounts: [
      {
        currency: 'RON',
        iban: 'ro49 aaaa 1b31 0075 9384 0000',
        bank: 'Banca Transilvania',
        branch: 'Cluj',
        swift: 'btrlro22',
      },
      { currency: 'EUR', iban: IBAN_EUR, bank: 'Banca Transilvania', branch: 'Cluj', swift: 'BTRLRO22' },
      { currency: 'USD', iban: IBAN_RON, bank: 'ING', branch: '', swift: '' },
    ],
    manager: { name: 'Maria Pop', email: 'maria@example.ro', telephone: '0744 000 111', schedule: 'L–V 9–17' },
    ...overrides,
  };
}

function blogForm(overrides: Record<string, unknown> = {}) {
  return {
    intent: 'save',
    title: 'Tabăra de vară 2026',
    author: 'Echipa Maranatha',
    category: 'Evenimente',
    tags: 'tabără, copii, tabără',
    blog: 'blog-grid',
    date: '2026-11-20',
    smDesc: 'Cum a fost tabăra de vară.',
    body: '## Ziua întâi\n\nAm ajuns **cu bine**. <script>alert(1)</script>[Poze](https://example.ro/poze)',
    img: '/illustrations/dove-1.svg',
    listImg: '/illustrations/dove-2.svg',
    ...overrides,
  };
}

const couponForm = (overrides: Record<string, unknown> = {}) => ({
  title: 'Iarna cu cărți',
  couponCode: 'iarna-15',
  discountPercentage: '15',
  minimumAmount: '99,90',
  productType: 'carte',
  endTime: '2099-01-31T23:30',
  logo: '/illustrations/book-15.svg',
  ...overrides,
});

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe.each(testDatabases)('the back office content services on $name', ({ url }) => {
  const { shop, db } = useSeededApp(url, 10, { pages: true });
  const content = () => shop.services.adminContent;
  const auditOf = (entity: string, entityId: number | string) =>
    db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
      .orderBy(desc(auditLog.id));

  describe('cases', () => {
    it('refuses bad input with field messages: IBAN, sums, dates, images, a case without accounts', () => {
      const bad = caseFormSchema.safeParse(
        caseForm({
          necessarySum: '12.345,6',
          deadline: '2027-02-30',
          images: ['/ok.svg', 'javascript:alert(1)'],
          thumbnail: 'https://elsewhere.example/x.jpg',
          accounts: [{ currency: 'RON', iban: 'RO49AAAA1B31007593840001', bank: '', branch: '', swift: 'XYZ' }],
          age: '-1',
        }),
      );
      expect(bad.success).toBe(false);
      expect(errorsOf(bad)).toMatchObject({
        necessarySum: 'validation.adminContent.lei',
        deadline: 'validation.adminContent.day',
        'images.1': 'validation.media.path',
        thumbnail: 'validation.adminContent.imageRef',
        'accounts.0.iban': 'validation.adminContent.iban',
        'accounts.0.bank': 'validation.adminContent.required',
        'accounts.0.swift': 'validation.adminContent.swift',
        age: 'validation.adminContent.age',
      });
      expect(errorsOf(caseFormSchema.safeParse(caseForm({ accounts: [] })))).toMatchObject({
        accounts: 'validation.adminContent.accounts',
      });
    });

    it('creates a case with its accounts grouped by bank, audits it and clears the shop’s case caches', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      // The checkout's "first active case" is cached: a new active case must show at once.
      const before = await shop.services.cases.firstActive('ro');
      const input = caseFormSchema.parse(caseForm());
      const id = await content().cases.create(staff.id, input);
      expect((await shop.services.cases.firstActive('ro'))?.id).toBe(id);
      expect(before?.id).not.toBe(id);

      const [row] = await db.db.select().from(humanitarianCases).where(eq(humanitarianCases.id, id));
      expect(row).toMatchObject({ necessarySum: 4_500_050, treatmentCost: 6_000_000, age: 7, isDemo: false });
      expect(row.images).toEqual(['/illustrations/heart-2.svg', '/media/AAAAAAAAAAAAAAAAAAAAAA.webp']);
      expect(row.donations).toEqual([
        {
          bank: 'Banca Transilvania',
          branch: 'Cluj',
          swift_code: 'BTRLRO22',
          currencies: [
            { currency: 'RON', account_number: IBAN_RON },
            { currency: 'EUR', account_number: IBAN_EUR },
          ],
        },
        { bank: 'ING', branch: '', swift_code: '', currencies: [{ currency: 'USD', account_number: IBAN_RON }] },
      ]);
      const [audit] = await auditOf('case', id);
      expect(audit).toMatchObject({ staffId: staff.id, action: 'case.create', before: null });
      expect(audit.after).toMatchObject({ caseTitle: 'Operație pentru Ionuț', necessarySum: 4_500_050 });

      // The form reads it back as it was typed (lei, one row per account).
      const values = await content().cases.formValues(id);
      expect(values).toMatchObject({ necessarySum: '45000,50', treatmentCost: '60000', age: '7' });
      expect(values.accounts.map((a) => a.currency)).toEqual(['RON', 'EUR', 'USD']);
    });

    it('takes the gallery’s first photo as the main image when none is given, and refuses a case with neither', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      const id = await content().cases.create(staff.id, caseFormSchema.parse(caseForm({ thumbnail: '' })));
      const [row] = await db.db.select().from(humanitarianCases).where(eq(humanitarianCases.id, id));
      expect(row.thumbnail).toBe('/illustrations/heart-2.svg');
      const refused = await content()
        .cases.create(staff.id, caseFormSchema.parse(caseForm({ thumbnail: '', images: [] })))
        .catch((e: unknown) => e);
      expect(isAppError(refused) && refused.fields).toEqual({ thumbnail: 'validation.adminContent.thumbnail' });
    });

    it('updates every field with before and after, closes a case, and writes nothing on a refusal', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      const id = await content().cases.create(staff.id, caseFormSchema.parse(caseForm()));
      await content().cases.update(
        staff.id,
        id,
        caseFormSchema.parse(caseForm({ status: 'closed', caseTitle: 'Ionuț a fost operat', age: '' })),
      );
      const [row] = await db.db.select().from(humanitarianCases).where(eq(humanitarianCases.id, id));
      expect(row).toMatchObject({ status: 'closed', caseTitle: 'Ionuț a fost operat', age: null });
      const [audit] = await auditOf('case', id);
      expect(audit.action).toBe('case.update');
      expect(audit.before).toMatchObject({ status: 'active', caseTitle: 'Operație pentru Ionuț' });
      expect(audit.after).toMatchObject({ status: 'closed', caseTitle: 'Ionuț a fost operat' });

      const [{ id: maxCategory }] = await db.db
        .select({ id: caseCategories.id })
        .from(caseCategories)
        .orderBy(desc(caseCategories.id))
        .limit(1);
      const refused = await content()
        .cases.update(staff.id, id, caseFormSchema.parse(caseForm({ categoryId: String(maxCategory + 1) })))
        .catch((e: unknown) => e);
      expect(isAppError(refused) && refused.fields).toEqual({ categoryId: 'validation.adminContent.category' });
      expect(await auditOf('case', id)).toHaveLength(2);
      const missing = await content()
        .cases.update(staff.id, 999_999, caseFormSchema.parse(caseForm()))
        .catch((e: unknown) => e);
      expect(isAppError(missing) && missing.code).toBe('NOT_FOUND');
    });

    it('lists newest first, filtered by status and text, paged', async () => {
      const page = await content().cases.list({ page: 1, q: 'ionuț' });
      expect(page.rows.length).toBeGreaterThan(0);
      expect(page.rows.every((r) => /ionuț/i.test(r.caseTitle + r.beneficiaryName))).toBe(true);
      const closed = await content().cases.list({ page: 1, status: 'closed' });
      expect(closed.rows.every((r) => r.status === 'closed')).toBe(true);
      const all = await content().cases.list({ page: 1 });
      expect(all.total).toBeGreaterThanOrEqual(20);
      expect(all.rows).toHaveLength(Math.min(25, all.total));
    });
  });

  describe('blog', () => {
    it('stores the Markdown and its sanitised rendering, the one the preview shows', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      const input = blogFormSchema.parse(blogForm());
      expect(input.tags).toEqual(['tabără', 'copii']);
      const id = await content().blog.create(staff.id, input, false);
      const [row] = await db.db.select().from(blogPosts).where(eq(blogPosts.id, id));
      expect(row.bodyMarkdown).toBe(input.body);
      expect(row.desc).toBe(content().blog.preview(input.body));
      expect(row.desc).toContain('<h2>Ziua întâi</h2>');
      expect(row.desc).toContain('<strong>cu bine</strong>');
      expect(row.desc).toContain('rel="noopener noreferrer"');
      expect(row.desc).not.toContain('script');
    });

    it('keeps a draft off the shop; publishing shows it on the blog page at once; unpublishing takes it off', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      const title = `Articol nou ${Date.now()}`;
      const blogPage = async () => (await shop.app.inject({ url: '/pages/blog' })).body;
      // The HTML cache now holds the blog page (it keeps a page from its second request).
      await blogPage();
      expect(await blogPage()).not.toContain(title);
      const id = await content().blog.create(
        staff.id,
        blogFormSchema.parse(blogForm({ title, date: '2099-01-01' })),
        false,
      );
      expect(await blogPage()).not.toContain(title);
      expect((await shop.app.inject({ url: `/pages/blog-details/${id}` })).statusCode).toBe(404);
      expect((await shop.app.inject({ url: `/api/blogs/${id}` })).statusCode).toBe(404);

      await content().blog.update(staff.id, id, blogFormSchema.parse(blogForm({ title, date: '2099-01-01' })), true);
      expect(await blogPage()).toContain(title);
      const details = await shop.app.inject({ url: `/pages/blog-details/${id}` });
      expect(details.statusCode).toBe(200);
      expect(details.body).toContain('<h2>Ziua întâi</h2>');

      await content().blog.unpublish(staff.id, id);
      expect(await blogPage()).not.toContain(title);
      expect((await shop.app.inject({ url: `/pages/blog-details/${id}` })).statusCode).toBe(404);
      expect((await auditOf('blog_post', id)).map((a) => a.action)).toEqual([
        'blog.unpublish',
        'blog.publish',
        'blog.create',
      ]);
    });

    it('refuses a video post without its id, a slider without images and an unknown type', () => {
      const bad = blogFormSchema.safeParse(blogForm({ video: 'on', slider: 'on', blog: 'news', title: ' ' }));
      expect(errorsOf(bad)).toMatchObject({
        blog: 'validation.adminContent.blogType',
        title: 'validation.adminContent.required',
      });
      const rules = blogFormSchema.safeParse(blogForm({ video: 'on', slider: 'on' }));
      expect(errorsOf(rules)).toEqual({
        videoId: 'validation.adminContent.videoIdRequired',
        sliderImages: 'validation.adminContent.sliderImagesRequired',
      });
    });
  });

  describe('coupons', () => {
    it('creates a coupon the checkout accepts at once, in any case, until its end (Bucharest time)', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      const input = couponFormSchema.parse(couponForm());
      expect(input.couponCode).toBe('IARNA-15');
      const id = await content().coupons.create(staff.id, input);
      const [row] = await db.db.select().from(coupons).where(eq(coupons.id, id));
      expect(row).toMatchObject({ minimumAmount: 9_990, discountPercentage: 15, productType: 'carte' });
      // 23:30 in Bucharest in January (UTC+2) is 21:30 UTC.
      expect(row.endTime.toISOString()).toBe('2099-01-31T21:30:00.000Z');
      expect(await shop.services.orders.checkCoupon('iarna-15')).toEqual({
        outcome: 'applied',
        coupon: { percent: 15, minimumAmount: 9_990, productType: 'carte' },
      });
      expect((await shop.app.inject({ url: '/pages/coupons' })).body).toContain('IARNA-15');
      expect((await auditOf('coupon', id))[0]).toMatchObject({ action: 'coupon.create', staffId: staff.id });

      await content().coupons.update(staff.id, id, couponFormSchema.parse(couponForm({ endTime: '2020-01-01T00:00' })));
      expect(await shop.services.orders.checkCoupon('IARNA-15')).toEqual({ outcome: 'expired' });
      expect((await content().coupons.formValues(id)).endTime).toBe('2020-01-01T00:00');
    });

    it('refuses a code the checkout could not tell apart from another, and bad terms', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      await content().coupons.create(staff.id, couponFormSchema.parse(couponForm({ couponCode: 'DUBLU1' })));
      const taken = await content()
        .coupons.create(staff.id, couponFormSchema.parse(couponForm({ couponCode: 'dublu1' })))
        .catch((e: unknown) => e);
      expect(isAppError(taken) && taken.fields).toEqual({ couponCode: 'validation.adminContent.couponCodeTaken' });
      expect(await db.db.select().from(coupons).where(eq(coupons.couponCode, 'dublu1'))).toEqual([]);
      const bad = couponFormSchema.safeParse(
        couponForm({ couponCode: 'a b', discountPercentage: '0', minimumAmount: '-5', endTime: '2026-13-01T10:00' }),
      );
      expect(errorsOf(bad)).toMatchObject({
        couponCode: 'validation.adminContent.couponCode',
        discountPercentage: 'validation.adminContent.percent',
        minimumAmount: 'validation.adminContent.lei',
        endTime: 'validation.adminContent.dateTime',
      });
    });
  });

  describe('the contact inbox', () => {
    it('lists newest first, opens one, marks it handled and open again, audited', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      const [older, newer] = await db.db
        .insert(contactMessages)
        .values([
          {
            name: 'Ion',
            email: 'ion@example.ro',
            subject: 'Comanda mea',
            message: 'Unde e?',
            clientHash: 'h1',
            createdAt: new Date('2026-11-01T10:00:00Z'),
          },
          {
            name: 'Ana',
            email: 'ana@example.ro',
            subject: 'Donație',
            message: 'Mulțumesc!',
            clientHash: 'h2',
            createdAt: new Date('2026-11-02T10:00:00Z'),
          },
        ])
        .returning();
      const list = await content().messages.list({ page: 1 });
      expect(list.rows.slice(0, 2).map((m) => m.id)).toEqual([newer.id, older.id]);
      await content().messages.setHandled(staff.id, older.id, true);
      expect((await content().messages.byId(older.id)).handledAt).not.toBeNull();
      expect((await content().messages.list({ page: 1, state: 'open' })).rows.map((m) => m.id)).not.toContain(older.id);
      expect((await content().messages.list({ page: 1, state: 'handled' })).rows.map((m) => m.id)).toEqual([older.id]);
      await content().messages.setHandled(staff.id, older.id, false);
      expect((await content().messages.byId(older.id)).handledAt).toBeNull();
      expect((await auditOf('contact_message', older.id)).map((a) => a.action)).toEqual([
        'message.reopen',
        'message.handled',
      ]);
    });
  });

  describe('the about statistics', () => {
    it('sets the carried-over counts, audited, and the about figures show them at once', async () => {
      const { staff } = await createTestStaff(shop, 'editor');
      // Cached for a minute otherwise.
      await shop.services.statistics.aboutDetails();
      await content().statistics.update(
        staff.id,
        statisticsFormSchema.parse({ customers: '12345', client_orders: '67890' }),
      );
      expect(await shop.services.statistics.aboutDetails()).toMatchObject({ customers: 12_345, client_orders: 67_890 });
      expect((await shop.app.inject({ url: '/api/about-us/details' })).json()).toMatchObject({ customers: 12_345 });
      const [audit] = await auditOf('statistics', 'about');
      expect(audit.after).toEqual({ customers: 12_345, client_orders: 67_890 });
      expect(errorsOf(statisticsFormSchema.safeParse({ customers: '-1', client_orders: '1.5' }))).toEqual({
        customers: 'validation.adminContent.count',
        client_orders: 'validation.adminContent.count',
      });
    });
  });
});
