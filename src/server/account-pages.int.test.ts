import { describe, expect, it } from 'vitest';
import { clientSessions, clients, mailOutbox, passwordResetTokens } from '../db/schema';
import { testDatabases } from '../db/testing';
import { createTestClient, useSeededApp } from './testing';

const ORIGIN = 'http://shop.test';
const form = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };
const body = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const setCookies = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : (Array.isArray(raw) ? raw : [raw]).map(String);
};
const sidOf = (res: { headers: Record<string, unknown> }) =>
  setCookies(res)
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0]
    .slice(4) ?? '';

describe.each(testDatabases)('account pages on $name', ({ url }) => {
  const { shop, db } = useSeededApp(url, 40, { pages: true });
  const page = (path: string, sid?: string) => shop.app.inject({ url: path, cookies: sid ? { sid } : {} });
  const submit = (path: string, fields: Record<string, string>, extra: { sid?: string; ip?: string } = {}) =>
    shop.app.inject({
      method: 'POST',
      url: path,
      headers: form,
      cookies: extra.sid ? { sid: extra.sid } : {},
      remoteAddress: extra.ip ?? '127.0.0.1',
      body: body(fields),
    });

  it('shows the login page with SPEC texts, never cached, without a cookie or the operator notice', async () => {
    const res = await page('/pages/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Autentificare');
    expect(res.body).toContain('Creaza Cont gratuit');
    expect(res.body).toContain('href="/pages/forgot"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(setCookies(res)).toEqual([]);
    expect(res.body).not.toContain('data-testid="login-notice"');
    const register = await page('/pages/register');
    expect(register.body).toContain('Contul Meu');
    expect(register.body).toContain('Creaza Cont.');
    expect(register.body).toContain('href="/pages/termeni-si-conditii"');
    expect(register.body).toContain('href="/pages/confidentialitate"');
  });

  it('registers with a plain form post (no JavaScript) and lands on the profile with a session cookie', async () => {
    const res = await submit('/pages/register', {
      first_name: 'Teodora',
      last_name: 'Zamfirescu',
      email: 'teodora.zamfirescu@example.ro',
      phone: '0256 123 456',
      password: 'parola-teodora',
      password_confirmation: 'parola-teodora',
      terms: 'on',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/pages/profile');
    expect(setCookies(res).join()).toMatch(/sid=[\w-]{43}; .*HttpOnly; SameSite=Lax/);
  });

  it('answers an invalid registration with the fields named, keeping no password', async () => {
    const res = await submit('/pages/register', {
      first_name: 'Ana',
      last_name: '',
      email: 'teodora.zamfirescu@example.ro',
      phone: '123',
      password: 'scurta',
      password_confirmation: 'scurta',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Numar de telefon invalid!');
    expect(res.body).toContain('Parola trebuie sa aiba minim 8 caractere.');
    expect(res.body).not.toContain('value="scurta"');
    const taken = await submit('/pages/register', {
      first_name: 'Ana',
      last_name: 'Pop',
      email: 'Teodora.Zamfirescu@example.ro',
      phone: '0744 123 456',
      password: 'parola-lunga',
      password_confirmation: 'parola-lunga',
      terms: 'on',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('Există deja un cont cu această adresă de email.');
  });

  it('logs in and goes back to a path on this site only', async () => {
    const fields = { email: 'teodora.zamfirescu@example.ro', password: 'parola-teodora' };
    const wrong = await submit('/pages/login', { ...fields, password: 'gresita-gresita' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Emailul sau parola nu sunt corecte.');
    expect(setCookies(wrong)).toEqual([]);
    const back = await submit('/pages/login', { ...fields, redirectTo: '/pages/compare?ids=1' });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/pages/compare?ids=1');
    for (const evil of ['//evil.test/x', 'https://evil.test', '/\\evil.test']) {
      const res = await submit('/pages/login', { ...fields, redirectTo: evil });
      expect(res.headers.location, evil).toBe('/pages/profile');
    }
    // Logged in, the login page sends the visitor on.
    expect((await page('/pages/login', sidOf(back))).headers.location).toBe('/pages/profile');
  });

  it('keeps public pages free of the client: same HTML as for anyone, no cookie set', async () => {
    const { token, client } = await createTestClient(shop, { first_name: 'Xenofon', last_name: 'Vărzaru' });
    for (const path of ['/', '/shop', '/pages/about', '/pages/contact']) {
      const logged = await page(path, token);
      expect(logged.statusCode, path).toBe(200);
      const anonymous = await page(path);
      for (const res of [logged, anonymous]) {
        expect(res.body, path).not.toContain('Xenofon');
        expect(res.body, path).not.toContain('Vărzaru');
        expect(res.body, path).not.toContain(client.email);
        expect(res.body, path).not.toContain(token);
        expect(setCookies(res), path).toEqual([]);
      }
    }
    const session = await shop.app.inject({ url: '/api/session', cookies: { sid: token } });
    expect(session.json()).toEqual({ client: { firstName: 'Xenofon', lastName: 'Vărzaru' }, cart: { count: 0 } });
    expect(session.headers['cache-control']).toBe('private, no-store');
  });

  it('forgot password: prefill, unknown e-mail (404, SPEC §8), then the success view', async () => {
    expect((await page('/pages/forgot?email=ana%40example.ro')).body).toContain('value="ana@example.ro"');
    const unknown = await submit('/pages/forgot', { email: 'nimeni@example.ro' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Nu există un cont asociat cu această adresă de email.');
    const sent = await submit('/pages/forgot', { email: 'teodora.zamfirescu@example.ro' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Email Trimis!');
    expect(sent.body).toContain('Email trimis cu succes. Verifică inboxul.');
    expect(sent.body).toContain('Mergi la Logare');
  });

  it('reset password: a link without token goes to forgot, a bad token shows the banner, a good one works once', async () => {
    const missing = await page('/pages/reset-password?email=teodora.zamfirescu%40example.ro');
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe('/pages/forgot?link=invalid');
    expect((await page('/pages/forgot?link=invalid')).body).toContain(
      'Link-ul de resetare este invalid sau incomplet.',
    );

    const bad = await page(`/pages/reset-password?email=teodora.zamfirescu%40example.ro&token=${'x'.repeat(43)}`);
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('Link-ul de resetare a expirat sau este invalid. Solicita unul nou.');
    expect(bad.body).toMatch(/<button type="submit" disabled=""/);

    const mails = await db.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    const link = new URL(
      mails
        .at(-1)
        ?.text.split('\n')
        .find((l) => l.startsWith(ORIGIN)) ?? '',
    );
    const good = await page(link.pathname + link.search);
    expect(good.statusCode).toBe(200);
    expect(good.body).not.toContain('Link-ul de resetare a expirat');
    const fields = {
      email: link.searchParams.get('email') ?? '',
      token: link.searchParams.get('token') ?? '',
      password: 'parola-noua-teodora',
      password_confirmation: 'parola-noua-teodora',
    };
    const done = await submit(link.pathname + link.search, fields);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/pages/login?status=reset');
    expect((await page('/pages/login?status=reset')).body).toContain('Parola a fost resetata cu succes!');
    const again = await submit(link.pathname + link.search, fields);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Link-ul de resetare a expirat sau este invalid. Solicita unul nou.');
  });

  it('logs out with a POST: the session row and the cookie go', async () => {
    const { token } = await createTestClient(shop);
    const res = await submit('/pages/logout', {}, { sid: token });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/pages/login?status=logged-out');
    expect(setCookies(res).join()).toMatch(/sid=;/);
    expect(await shop.services.accounts.sessionClient(token)).toBeNull();
    expect((await page('/pages/login?status=logged-out')).body).toContain('Te-ai deconectat cu succes');
    expect((await page('/pages/logout')).headers.location).toBe('/pages/login');
  });

  it('answers the 11th failed login from one address with a 429 page saying when to try again', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 10; i++) {
      const res = await submit('/pages/login', { email: `p${i}@example.ro`, password: 'nu-e-buna' }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const refused = await submit('/pages/login', { email: 'p@example.ro', password: 'nu-e-buna' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatch(/Prea multe încercări\. Încercați din nou după ora \d\d:\d\d\./);
  });

  it('refuses a cross-origin form post to every account action, changing nothing', async () => {
    const { token } = await createTestClient(shop);
    const counts = async () => [
      await db.db.$count(clients),
      await db.db.$count(clientSessions),
      await db.db.$count(passwordResetTokens),
      await db.db.$count(mailOutbox),
    ];
    const before = await counts();
    const actions: Record<string, Record<string, string>> = {
      '/pages/register': {
        first_name: 'Rău',
        last_name: 'Intenționat',
        email: 'rau@example.ro',
        phone: '0744 123 456',
        password: 'parola-rea-1',
        password_confirmation: 'parola-rea-1',
        terms: 'on',
      },
      '/pages/login': { email: 'teodora.zamfirescu@example.ro', password: 'parola-noua-teodora' },
      '/pages/forgot': { email: 'teodora.zamfirescu@example.ro' },
      '/pages/reset-password': {
        email: 'teodora.zamfirescu@example.ro',
        token: 'a'.repeat(43),
        password: 'parola-rea-1',
        password_confirmation: 'parola-rea-1',
      },
      '/pages/logout': {},
    };
    for (const [path, fields] of Object.entries(actions)) {
      const res = await shop.app.inject({
        method: 'POST',
        url: path,
        headers: { ...form, origin: 'http://evil.test' },
        cookies: { sid: token },
        body: body(fields),
      });
      expect(res.statusCode, path).toBe(403);
      expect(setCookies(res), path).toEqual([]);
    }
    expect(await counts()).toEqual(before);
    expect(await shop.services.accounts.sessionClient(token)).not.toBeNull();
  });
  // Loaders read React Router's `url`, never `request.url` (decision 057): a client navigation's data request
  // (`….data`) reaches them as it was sent, and must still be answered as the page it stands for.
  it('answers a client navigation to a page that needs a login with the login page that brings it back', async () => {
    const res = await page('/pages/profile/adrese.data?tab=1');
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-remix-response']).toBe('yes');
    expect(res.body).toContain('/pages/login?redirectTo=%2Fpages%2Fprofile%2Fadrese%3Ftab%3D1');
    expect(res.body).not.toContain('.data');
    const terms = await page('/pages/termeni-si-conditii.data');
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('termeni-si-conditii');
  });
});
