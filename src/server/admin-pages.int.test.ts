import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testOrder } from '../core/admin/testing';
import { auditLog, carrierRates, categories, orders, products, staffSessions, staffUsers } from '../db/schema';
import { seedShippingData } from '../db/seed/shipping-seed';
import { testDatabases } from '../db/testing';
import { createTestClient, createTestStaff, totpCode, useSeededApp } from './testing';

const ORIGIN = 'http://shop.test';
const formHeaders = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };
const setCookies = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : (Array.isArray(raw) ? raw : [raw]).map(String);
};
const staffSidOf = (res: { headers: Record<string, unknown> }) =>
  setCookies(res)
    .find((c) => c.startsWith('staff_sid='))
    ?.split(';')[0]
    .slice('staff_sid='.length) ?? '';

/** Every page of the back office with the role it needs at least ('any' = every role). */
const GUARDED_PAGES = [
  { path: '/admin', allowed: ['admin', 'operator', 'editor'] },
  { path: '/admin/audit', allowed: ['admin'] },
  { path: '/admin/audit?entity=staff&page=1', allowed: ['admin'] },
  { path: '/admin/staff', allowed: ['admin'] },
  { path: '/admin/orders', allowed: ['admin', 'operator'] },
  {
    path: '/admin/orders?status=pending&payment=paid&q=Ana&sort=-total&from=2026-01-01',
    allowed: ['admin', 'operator'],
  },
  { path: '/admin/shipping', allowed: ['admin', 'operator'] },
  { path: '/admin/shipping?carrier=1&country=DE', allowed: ['admin', 'operator'] },
  { path: '/admin/places', allowed: ['admin', 'operator'] },
  { path: '/admin/places?kind=points&q=M%C3%BCnchen', allowed: ['admin', 'operator'] },
  { path: '/admin/settings', allowed: ['admin'] },
  // Content (issue 13 item 4): admin and editor.
  ...[
    '/admin/cases',
    '/admin/cases?q=a&status=active&page=1',
    '/admin/cases/new',
    '/admin/cases/1',
    '/admin/blog',
    '/admin/blog?state=draft',
    '/admin/blog/new',
    '/admin/blog/1',
    '/admin/coupons',
    '/admin/coupons/new',
    '/admin/coupons/1',
    '/admin/messages',
    '/admin/messages?state=open',
    '/admin/statistics',
  ].map((path) => ({ path, allowed: ['admin', 'editor'] as const })),
  { path: '/admin/products', allowed: ['admin', 'operator'] },
  { path: '/admin/products?q=biblia&stock=low&archived=all&sort=-price', allowed: ['admin', 'operator'] },
  { path: '/admin/products/new', allowed: ['admin'] },
  { path: '/admin/products/1', allowed: ['admin', 'operator'] },
  { path: '/admin/products/import', allowed: ['admin', 'operator'] },
  { path: '/admin/categories', allowed: ['admin'] },
] as const;
const API_ROUTES = ['/api/admin/session', '/api/admin/dashboard'];

describe.each(testDatabases)('the back office on $name', ({ url }) => {
  const { shop, db } = useSeededApp(url, 30, { pages: true });
  const get = (path: string, cookies: Record<string, string> = {}) => shop.app.inject({ url: path, cookies });
  const post = (path: string, fields: Record<string, string>, cookies: Record<string, string> = {}, ip = '127.0.0.1') =>
    shop.app.inject({
      method: 'POST',
      url: path,
      headers: formHeaders,
      cookies,
      remoteAddress: ip,
      body: new URLSearchParams(fields).toString(),
    });

  it('sends anonymous visitors and clients to /admin/login from every page, and refuses them every API call with 403', async () => {
    const { token: sid } = await createTestClient(shop);
    for (const cookies of [{}, { sid }] as Record<string, string>[]) {
      for (const { path } of [
        ...GUARDED_PAGES,
        { path: '/admin/nope' },
        { path: '/admin/password' },
        { path: '/admin/totp-setup' },
      ]) {
        const res = await get(path, cookies);
        expect(res.statusCode, path).toBe(302);
        expect(res.headers.location, path).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
      }
      for (const path of [...API_ROUTES, '/api/admin/nope']) {
        const res = await get(path, cookies);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().error.code, path).toBe('FORBIDDEN');
      }
      // Actions too: nothing is written.
      const res = await post(
        '/admin/staff',
        { intent: 'create', email: 'intrus@example.ro', name: 'X', role: 'admin' },
        cookies,
      );
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^\/admin\/login\?/);
    }
    expect(await db.db.select().from(staffUsers).where(eq(staffUsers.email, 'intrus@example.ro'))).toEqual([]);
  });

  it('opens each page to the roles that may, refuses the others with 403, never cached nor indexed', async () => {
    const members = {
      admin: await createTestStaff(shop, 'admin'),
      operator: await createTestStaff(shop, 'operator'),
      editor: await createTestStaff(shop, 'editor'),
    };
    for (const { path, allowed } of GUARDED_PAGES) {
      for (const [role, { token }] of Object.entries(members)) {
        const res = await get(path, { staff_sid: token });
        const expected = (allowed as readonly string[]).includes(role) ? 200 : 403;
        expect(res.statusCode, `${role} ${path}`).toBe(expected);
        expect(res.headers['cache-control'], `${role} ${path}`).toBe('private, no-store');
        if (expected === 200) {
          expect(res.headers['x-robots-tag'], path).toBe('noindex, nofollow');
          expect(res.body, path).toContain('<meta name="robots" content="noindex, nofollow"');
        }
      }
    }
    const editorPost = await post(
      '/admin/staff',
      { intent: 'create', email: 'by-editor@example.ro', name: 'X', role: 'admin' },
      { staff_sid: members.editor.token },
    );
    expect(editorPost.statusCode).toBe(403);
    expect(await db.db.select().from(staffUsers).where(eq(staffUsers.email, 'by-editor@example.ro'))).toEqual([]);
    for (const path of API_ROUTES) {
      const res = await get(path, { staff_sid: members.editor.token });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect((await get('/api/admin/nope', { staff_sid: members.admin.token })).statusCode).toBe(404);
    expect((await get('/admin/nope', { staff_sid: members.admin.token })).statusCode).toBe(404);
    // A staff session is not a client session: the shop's profile still asks a client to log in.
    expect((await get('/pages/profile', { staff_sid: members.admin.token })).statusCode).toBe(302);
    const login = await get('/admin/login');
    expect(login.headers['cache-control']).toBe('private, no-store');
    expect(login.body).not.toContain('id="continut-header"');
  });

  it('logs in with a form post (password, then TOTP code), rotating the staff cookie, which is httpOnly and SameSite=Lax', async () => {
    const { staff, password, secret, token: old } = await createTestStaff(shop, 'operator');
    if (!secret) throw new Error('operator without TOTP');
    // createTestStaff's own login used the next step's code and a code works once: forget it, so this
    // step's code is good again (as it is for a member whose last login was long ago).
    await db.db.update(staffUsers).set({ totpLastStep: null }).where(eq(staffUsers.id, staff.id));
    const fields = { email: staff.email, password, redirectTo: '/admin/audit' };
    const noCode = await post('/admin/login', fields);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.body).toContain('Emailul, parola sau codul nu sunt corecte.');
    expect(noCode.body).not.toContain(password);
    const res = await post('/admin/login', { ...fields, code: totpCode(secret) }, { staff_sid: old });
    expect(res.statusCode).toBe(302);
    // An operator may not open the audit trail, but the login goes back where asked; the guard answers there.
    expect(res.headers.location).toBe('/admin/audit');
    expect(setCookies(res).join()).toMatch(/staff_sid=[\w-]{43}; .*HttpOnly; SameSite=Lax/);
    const fresh = staffSidOf(res);
    expect((await get('/admin', { staff_sid: old })).statusCode).toBe(302);
    expect((await get('/admin', { staff_sid: fresh })).statusCode).toBe(200);
    // Logout ends it.
    const out = await post('/admin/logout', {}, { staff_sid: fresh });
    expect(out.headers.location).toBe('/admin/login?status=logged-out');
    expect((await get('/admin', { staff_sid: fresh })).statusCode).toBe(302);
    // Elsewhere than the back office, a login cannot send anyone.
    const away = await post('/admin/login', {
      ...fields,
      code: totpCode(secret, 1),
      redirectTo: '//evil.example/admin',
    });
    expect(away.headers.location).toBe('/admin');
  });

  it('refuses a cross-site login or staff change with 403, and limits failed logins like the shop (10 per 15 minutes)', async () => {
    const { staff, token } = await createTestStaff(shop, 'admin');
    const cross = await shop.app.inject({
      method: 'POST',
      url: '/admin/staff',
      headers: { ...formHeaders, origin: 'https://evil.example' },
      cookies: { staff_sid: token },
      body: new URLSearchParams({ intent: 'create', email: 'csrf@example.ro', name: 'X', role: 'admin' }).toString(),
    });
    expect(cross.statusCode).toBe(403);
    expect(await db.db.select().from(staffUsers).where(eq(staffUsers.email, 'csrf@example.ro'))).toEqual([]);
    for (let i = 0; i < 10; i++) {
      const res = await post('/admin/login', { email: staff.email, password: 'gresita-123' }, {}, '10.9.9.9');
      expect(res.statusCode).toBe(401);
    }
    const limited = await post('/admin/login', { email: staff.email, password: 'gresita-123' }, {}, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Prea multe încercări');
  });

  it('leads a new member through the password change, then the TOTP setup (QR code and key), before anything else', async () => {
    const { staff, token, password: oneTime } = await createTestStaff(shop, 'admin', { ready: false });
    const cookies = { staff_sid: token };
    expect((await get('/admin', cookies)).headers.location).toBe('/admin/password');
    expect((await get('/admin/totp-setup', cookies)).headers.location).toBe('/admin/password');
    const bad = await post(
      '/admin/password',
      { old_pass: 'nu-e-bine', new_pass: 'parola-noua-1', new_pass_confirmation: 'parola-noua-1' },
      cookies,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Parola actuală nu este corectă.');
    const changed = await post(
      '/admin/password',
      { old_pass: oneTime, new_pass: 'parola-noua-1', new_pass_confirmation: 'parola-noua-1' },
      cookies,
    );
    expect(changed.statusCode).toBe(302);
    expect((await get('/admin', cookies)).headers.location).toBe('/admin/totp-setup');
    expect((await get('/admin/staff', cookies)).headers.location).toBe('/admin/totp-setup');
    expect((await get('/api/admin/session', cookies)).statusCode).toBe(403);
    const setup = await get('/admin/totp-setup', cookies);
    expect(setup.statusCode).toBe(200);
    expect(setup.body).toMatch(/role="img" aria-label="Cod QR[^"]*"[^>]*><svg/);
    const key = /data-testid="totp-key">([A-Z2-7 ]+)</.exec(setup.body)?.[1]?.replace(/ /g, '') ?? '';
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await post('/admin/totp-setup', { code: '000000' }, cookies);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Codul nu este corect.');
    const ok = await post('/admin/totp-setup', { code: totpCode(key) }, cookies);
    expect(ok.headers.location).toBe('/admin');
    const dashboard = await get('/admin', cookies);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('Comenzi azi');
    // The key is never shown again.
    expect((await get('/admin/totp-setup', cookies)).body).not.toContain(key.slice(0, 8));
    const audit = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(staff.id)))
      .orderBy(auditLog.id);
    expect(audit.map((r) => r.action)).toEqual(['staff.password', 'staff.totp-enable']);
  });

  it('lists orders for an operator with filters from a plain GET form, and refuses a bad filter with 400', async () => {
    const { token } = await createTestStaff(shop, 'operator');
    await db.db.insert(orders).values([
      testOrder({
        createdAt: new Date().toISOString(),
        total: 12_345,
        paymentState: 'cash_on_delivery',
        firstName: 'Iosif',
        lastName: 'Bălan',
      }),
      testOrder({
        createdAt: new Date().toISOString(),
        total: 999,
        paymentState: 'paid',
        firstName: 'Rut',
        lastName: 'Moga',
      }),
    ]);
    const list = await get('/admin/orders?q=b%C4%83lan', { staff_sid: token });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Iosif Bălan');
    expect(list.body).not.toContain('Rut Moga');
    expect(list.body).toContain('123,45');
    const bad = await get('/admin/orders?status=lost', { staff_sid: token });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('private, no-store');
  });

  it('ends an expired staff session: the page goes to the login and the cookie is removed', async () => {
    const { token, staff } = await createTestStaff(shop, 'editor');
    await db.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, staff.id));
    const res = await get('/admin', { staff_sid: token });
    expect(res.statusCode).toBe(302);
    expect(setCookies(res).join()).toMatch(/staff_sid=;/);
  });

  it('lets an admin create, change and recover staff with plain form posts, each write in the audit trail', async () => {
    const { token, staff: admin } = await createTestStaff(shop, 'admin');
    const cookies = { staff_sid: token };
    const created = await post(
      '/admin/staff',
      { intent: 'create', email: 'Maria@Example.ro', name: 'Maria Ionescu', role: 'operator' },
      cookies,
    );
    expect(created.statusCode).toBe(200);
    const oneTime = /data-testid="one-time-password">([\w-]{20})</.exec(created.body)?.[1];
    expect(oneTime).toBeDefined();
    const [maria] = await db.db.select().from(staffUsers).where(eq(staffUsers.email, 'maria@example.ro'));
    expect(maria).toMatchObject({ role: 'operator', mustChangePassword: true });
    const invalid = await post(
      '/admin/staff',
      { intent: 'create', email: 'nu-e-email', name: '', role: 'boss' },
      cookies,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Formatul adresei de email este invalid.');
    const taken = await post(
      '/admin/staff',
      { intent: 'create', email: 'maria@example.ro', name: 'M', role: 'editor' },
      cookies,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('Există deja un membru al echipei cu această adresă de email.');
    const changes: Record<string, string>[] = [
      { intent: 'role', id: String(maria.id), role: 'editor' },
      { intent: 'disable', id: String(maria.id) },
      { intent: 'enable', id: String(maria.id) },
      { intent: 'reset-totp', id: String(maria.id) },
    ];
    for (const fields of changes) {
      const res = await post('/admin/staff', fields, cookies);
      expect(res.statusCode, fields.intent).toBe(200);
    }
    const self = await post('/admin/staff', { intent: 'disable', id: String(admin.id) }, cookies);
    expect(self.statusCode).toBe(400);
    expect(self.body).toContain('Nu vă puteți schimba singur');
    expect((await post('/admin/staff', { intent: 'explode', id: '1' }, cookies)).statusCode).toBe(400);
    const rows = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(maria.id)))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual([
      'staff.create',
      'staff.role',
      'staff.disable',
      'staff.enable',
      'staff.totp-reset',
    ]);
    const trail = await get(`/admin/audit?staff=${admin.id}&entity=staff`, cookies);
    expect(trail.statusCode).toBe(200);
    expect(trail.body).toContain('staff.totp-reset');
    expect(trail.body).toContain('&quot;role&quot;:&quot;operator&quot;');
    expect((await get('/admin/audit?from=2026-13-01', cookies)).statusCode).toBe(400);
    expect((await get('/admin/audit?page=999', cookies)).statusCode).toBe(404);
    expect((await get('/admin/audit?junk=1', cookies)).statusCode).toBe(400);
  });

  it('lets an operator change shipping with plain form posts (lei in, bani stored, audited), but not the settings', async () => {
    await seedShippingData(db.db, { demo: false });
    const operator = await createTestStaff(shop, 'operator');
    const editor = await createTestStaff(shop, 'editor');
    const minimum = { intent: 'minimum', carrierId: '4', countryId: 'RO', minimum: '150,50' };
    const glsRo = () =>
      db.db
        .select({ minimum: carrierRates.freeShippingMinimum })
        .from(carrierRates)
        .where(eq(carrierRates.carrierId, 4));
    expect((await post('/admin/shipping', minimum, { staff_sid: editor.token })).statusCode).toBe(403);
    const bad = await post('/admin/shipping', { ...minimum, minimum: '12,345' }, { staff_sid: operator.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Scrieți suma în lei');
    expect(await glsRo()).toEqual([{ minimum: 20_000 }]);
    const ok = await post('/admin/shipping', minimum, { staff_sid: operator.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Modificarea a fost salvată.');
    expect(await glsRo()).toEqual([{ minimum: 15_050 }]);
    const page = await get('/admin/shipping', { staff_sid: operator.token });
    expect(page.body).toContain('value="150,50"');
    const overlap = await post(
      '/admin/shipping',
      { intent: 'rate-add', carrierId: '4', countryId: 'RO', maxWeightGrams: '', price: '19', realCost: '15' },
      { staff_sid: operator.token },
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.body).toContain('Există deja o tranșă cu această greutate maximă');
    const settings = await post('/admin/settings', { intent: 'rates-update' }, { staff_sid: operator.token });
    expect(settings.statusCode).toBe(403);
    const [audit] = await db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, operator.staff.id), eq(auditLog.entity, 'rate')));
    expect(audit).toMatchObject({
      action: 'rate.free-minimum',
      before: { freeShippingMinimum: 20_000 },
      after: { freeShippingMinimum: 15_050 },
    });
    await post('/admin/shipping', { ...minimum, minimum: '200' }, { staff_sid: operator.token });
  });

  it('lets an admin save the invoice details, and says so plainly when BNR cannot be reached', async () => {
    const { token } = await createTestStaff(shop, 'admin');
    const cookies = { staff_sid: token };
    const invalid = await post(
      '/admin/settings',
      { intent: 'invoice', name: '', cui: 'X1', registration: 'r', address: 'a', bank: 'b', iban: 'nu', series: 'mrn' },
      cookies,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('CUI-ul are 2–10 cifre');
    expect(invalid.body).toContain('Seria are 1–10 majuscule');
    const fields = {
      intent: 'invoice',
      name: 'Asociația Maranatha',
      cui: '18547290',
      registration: '12/A/2006',
      address: 'Strada Revoluției 81, Arad',
      bank: 'Banca Transilvania',
      iban: 'RO49AAAA1B31007593840000',
      series: 'MRA',
    };
    const saved = await post('/admin/settings', fields, cookies);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Nicio factură emisă încă în seria MRA.');
    expect((await shop.services.settings.invoice()).series).toBe('MRA');
    // The test app's outside calls answer from the app itself, where BNR's file is not: a failure, said on the page.
    const bnr = await post('/admin/settings', { intent: 'rates-update' }, cookies);
    expect(bnr.statusCode).toBe(200);
    expect(bnr.body).toContain('Cursurile nu au putut fi actualizate');
    await shop.services.settings.saveInvoice((await shop.services.staff.list())[0].id, {
      ...fields,
      series: shop.config.invoices.series,
    });
  });

  it('guards the order page, its actions, its packing slip and the CSV export: only admin and operator', async () => {
    const [order] = await db.db
      .insert(orders)
      .values(testOrder({ createdAt: new Date().toISOString(), total: 5_000, paymentState: 'cash_on_delivery' }))
      .returning();
    const paths = [
      `/admin/orders/${order.id}`,
      `/admin/orders/${order.id}/packing-slip`,
      '/admin/orders/export.csv',
      '/admin/orders/export.csv?status=pending&q=Ana',
    ];
    const { token: sid } = await createTestClient(shop);
    for (const cookies of [{}, { sid }] as Record<string, string>[]) {
      for (const path of paths) {
        const res = await get(path, cookies);
        expect(res.statusCode, path).toBe(302);
        expect(res.headers.location, path).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
      }
      const res = await post(`/admin/orders/${order.id}`, { intent: 'status', status: 'canceled' }, cookies);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^\/admin\/login\?/);
    }
    const members = {
      admin: await createTestStaff(shop, 'admin'),
      operator: await createTestStaff(shop, 'operator'),
      editor: await createTestStaff(shop, 'editor'),
    };
    for (const [role, { token }] of Object.entries(members)) {
      for (const path of paths) {
        const res = await get(path, { staff_sid: token });
        expect(res.statusCode, `${role} ${path}`).toBe(role === 'editor' ? 403 : 200);
        // A resource route's 403 is an empty answer; what it refuses to show is never stored.
        if (role !== 'editor') {
          expect(res.headers['cache-control'], `${role} ${path}`).toBe('private, no-store');
          expect(res.headers['x-robots-tag'], path).toBe('noindex, nofollow');
        }
      }
    }
    const refused = await post(
      `/admin/orders/${order.id}`,
      { intent: 'status', status: 'canceled' },
      { staff_sid: members.editor.token },
    );
    expect(refused.statusCode).toBe(403);
    const [still] = await db.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still.status).toBe('pending');
    expect((await get('/admin/orders/abc', { staff_sid: members.admin.token })).statusCode).toBe(404);
    expect((await get('/admin/orders/99999999', { staff_sid: members.admin.token })).statusCode).toBe(404);
  });

  it('runs the order page’s actions as plain form posts: allowed ones change it, others are a 4xx with the message', async () => {
    const { token } = await createTestStaff(shop, 'operator');
    const cookies = { staff_sid: token };
    const [order] = await db.db
      .insert(orders)
      .values(testOrder({ createdAt: new Date().toISOString(), total: 5_000, paymentState: 'cash_on_delivery' }))
      .returning();
    const page = await get(`/admin/orders/${order.id}`, cookies);
    expect(page.body).toContain(order.orderRefNumber);
    // Only the allowed transitions have a button: from pending, processing and cancel.
    expect(page.body).toContain('value="processing"');
    expect(page.body).toContain('value="canceled"');
    expect(page.body).not.toContain('value="shipped"');
    const ok = await post(`/admin/orders/${order.id}`, { intent: 'status', status: 'processing' }, cookies);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Starea comenzii a fost schimbată.');
    const skip = await post(`/admin/orders/${order.id}`, { intent: 'status', status: 'completed' }, cookies);
    expect(skip.statusCode).toBe(409);
    expect(skip.body).toContain('Comanda nu poate trece în această stare din starea ei de acum.');
    const badAwb = await post(`/admin/orders/${order.id}`, { intent: 'awb', awb: '<script>' }, cookies);
    expect(badAwb.statusCode).toBe(400);
    expect(badAwb.body).toContain('AWB-ul are între 4 și 40 de litere, cifre sau cratime.');
    expect((await post(`/admin/orders/${order.id}`, { intent: 'explode' }, cookies)).statusCode).toBe(400);
    const [after] = await db.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after.status).toBe('processing');
    const rows = await db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))));
    expect(rows.map((r) => r.action)).toEqual(['order.status']);
  });

  it('exports the filtered list as CSV: BOM, `;`, fields quoted, formulas neutralised, the list’s own filters', async () => {
    const { token } = await createTestStaff(shop, 'operator');
    await db.db.insert(orders).values([
      testOrder({
        createdAt: '2026-11-24T09:00:00Z',
        total: 12_350,
        paymentState: 'paid',
        firstName: 'Ana; "Zâna"\nPop',
        lastName: 'Exportescu',
      }),
      testOrder({
        createdAt: '2026-11-24T10:00:00Z',
        total: 100,
        paymentState: 'paid',
        firstName: '=HYPERLINK("http://rau.example")',
        lastName: 'Exportescu',
        email: '+cmd@example.ro',
      }),
      testOrder({ createdAt: '2026-11-24T11:00:00Z', total: 100, paymentState: 'paid', lastName: 'Altcineva' }),
    ]);
    const res = await get('/admin/orders/export.csv?q=Exportescu&sort=total', { staff_sid: token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body.startsWith('\uFEFF"Număr";"Data";')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines).toHaveLength(4); // the header, two orders, the empty end after the last CRLF
    expect(lines[3]).toBe('');
    // Sorted by total, ascending: the formula first, neutralised by an apostrophe, its quotes doubled.
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://rau.example"") Exportescu"');
    expect(lines[1]).toContain('"\'+cmd@example.ro"');
    // `;`, quotes and the line break stay inside their quoted field; the amount has the decimal comma.
    expect(lines[2]).toContain('"Ana; ""Zâna""\nPop Exportescu"');
    expect(lines[2]).toContain('"123,50"');
    expect(res.body).not.toContain('Altcineva');
    expect((await get('/admin/orders/export.csv?status=lost', { staff_sid: token })).statusCode).toBe(400);
  });

  it('limits the catalogue writes by role: an operator changes stock only, an editor nothing', async () => {
    const operator = await createTestStaff(shop, 'operator');
    const editor = await createTestStaff(shop, 'editor');
    const admin = await createTestStaff(shop, 'admin');
    const [product] = await db.db.select().from(products).where(eq(products.id, 1));
    const asOperator = { staff_sid: operator.token };
    // The operator's page shows the stock form only.
    const page = await get('/admin/products/1', asOperator);
    expect(page.body).toContain('name="quantity"');
    expect(page.body).not.toContain('name="sellingPrice"');
    const save = await post('/admin/products/1', { intent: 'save', title: 'X' }, asOperator);
    expect(save.statusCode).toBe(403);
    for (const intent of ['archive', 'unarchive']) {
      expect((await post('/admin/products/1', { intent }, asOperator)).statusCode).toBe(403);
    }
    expect((await post('/admin/categories', { intent: 'delete', id: '1' }, asOperator)).statusCode).toBe(403);
    expect(
      (await post('/admin/products/1', { intent: 'stock', quantity: '5' }, { staff_sid: editor.token })).statusCode,
    ).toBe(403);
    const bad = await post('/admin/products/1', { intent: 'stock', quantity: '-1', isInStock: 'on' }, asOperator);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Cantitatea este un număr întreg');
    const stock = await post('/admin/products/1', { intent: 'stock', quantity: '42', isInStock: 'on' }, asOperator);
    expect(stock.statusCode).toBe(200);
    // The price column of an import is refused to the operator, and nothing is applied.
    const csv = `sku;stock;price\n${product.sku};9;1`;
    const refused = await post('/admin/products/import', { intent: 'apply', csv }, asOperator);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Rolul dumneavoastră nu poate importa coloana price.');
    const stockOnly = await post(
      '/admin/products/import',
      { intent: 'apply', csv: `sku;stock\n${product.sku};9` },
      asOperator,
    );
    expect(stockOnly.statusCode).toBe(200);
    const [after] = await db.db.select().from(products).where(eq(products.id, 1));
    expect(after).toMatchObject({ quantity: 9, sellingPrice: product.sellingPrice });
    // In the order written: without ORDER BY, PostgreSQL may return a row first that went into space freed earlier.
    const actions = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.staffId, operator.staff.id))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action).filter((a) => a.startsWith('product.'))).toEqual([
      'product.stock',
      'product.import',
    ]);
    // An unknown or malformed product id is a 404, not a 500.
    expect((await get('/admin/products/999999', { staff_sid: admin.token })).statusCode).toBe(404);
    expect((await get('/admin/products/abc', { staff_sid: admin.token })).statusCode).toBe(404);
    // A category made with a plain form post (no JavaScript).
    const created = await post(
      '/admin/categories',
      { intent: 'create', name: 'Hărți biblice murale', nameEn: 'Bible wall maps', slug: '', parentId: '' },
      { staff_sid: admin.token },
    );
    expect(created.statusCode).toBe(200);
    expect(await db.db.select().from(categories).where(eq(categories.slug, 'harti-biblice-murale'))).toHaveLength(1);
  });
});
