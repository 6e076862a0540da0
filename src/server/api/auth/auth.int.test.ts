import { describe, expect, it } from 'vitest';
import { clientSessions, clients, mailOutbox, passwordResetTokens } from '../../../db/schema';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

const ORIGIN = 'http://shop.test';
const headers = { origin: ORIGIN };
const maria = {
  first_name: 'Maria',
  last_name: 'Ionescu',
  email: 'maria.ionescu@example.ro',
  phone: '+40 722 111 222',
  password: 'parola-maria-1',
  password_confirmation: 'parola-maria-1',
  terms: true,
};

/** The `sid` cookie a response sets, with its attributes. */
function sidCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  return String(list.find((c) => String(c).startsWith('sid=')) ?? '');
}
const tokenOf = (cookie: string) => cookie.split(';')[0].slice('sid='.length);

describe.each(testDatabases)('the accounts API on $name', ({ url }) => {
  const { shop, db } = useSeededApp(url, async () => {});
  const post = (path: string, payload: object, extra: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    shop.app.inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      payload,
      headers: { ...headers, ...extra },
      remoteAddress,
    });
  const session = (token?: string) =>
    shop.app.inject({ url: '/api/session', cookies: token ? { sid: token } : {} }).then((r) => r.json());

  it('registers, sets an httpOnly SameSite=Lax cookie, and the session names the client', async () => {
    const res = await post('register', maria);
    expect(res.statusCode).toBe(201);
    expect(res.json().client_data).toMatchObject({ email: maria.email, first_name: 'Maria', notifications: true });
    const cookie = sidCookie(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    expect(await session(tokenOf(cookie))).toEqual({
      client: { firstName: 'Maria', lastName: 'Ionescu' },
      cart: { count: 0 },
    });
    expect(await session()).toEqual({ client: null, cart: { count: 0 } });
    expect(await session('forged-token')).toEqual({ client: null, cart: { count: 0 } });
  });

  it('refuses a second account, bad fields and the terms left unticked', async () => {
    const again = await post('register', { ...maria, email: 'MARIA.Ionescu@example.ro' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.email).toBe('Există deja un cont cu această adresă de email.');
    const bad = await post('register', { ...maria, phone: '0744', password_confirmation: 'alta', terms: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      phone: 'Numar de telefon invalid!',
      terms: 'Acest câmp este obligatoriu',
    });
    const mismatch = await post('register', { ...maria, password_confirmation: 'alta-parola' });
    expect(mismatch.json().error.fields).toEqual({ password_confirmation: 'Parolele nu se potrivesc.' });
  });

  it('logs in (rotating the session), and logs out', async () => {
    const first = await post('login', { email: maria.email, password: maria.password });
    expect(first.statusCode).toBe(200);
    const firstToken = tokenOf(sidCookie(first));
    const second = await post(
      'login',
      { email: maria.email, password: maria.password },
      { cookie: `sid=${firstToken}` },
    );
    const secondToken = tokenOf(sidCookie(second));
    expect(secondToken).not.toBe(firstToken);
    expect((await session(firstToken)).client).toBeNull();
    const out = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, cookie: `sid=${secondToken}` },
    });
    expect(out.statusCode).toBe(204);
    expect(sidCookie(out)).toMatch(/sid=;|Expires=Thu, 01 Jan 1970/);
    expect((await session(secondToken)).client).toBeNull();
  });

  it('answers 10 failed logins per e-mail with 401, then 429 in Romanian with Retry-After', async () => {
    const ion = { ...maria, email: 'ion@example.ro', first_name: 'Ion' };
    expect((await post('register', ion, {}, '198.51.100.200')).statusCode).toBe(201);
    const attempt = (i: number) =>
      post('login', { email: ion.email, password: `gresit-${i}-parola` }, {}, `198.51.100.${i}`);
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    const refused = await attempt(10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Prea multe încercări\. Încercați din nou după ora \d\d:\d\d\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // Even the right password waits: the limit is on the address, not on a guess.
    const right = await post('login', { email: ion.email, password: ion.password }, {}, '198.51.100.99');
    expect(right.statusCode).toBe(429);
  });

  it('limits failed logins per IP across e-mails', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      expect((await post('login', { email: `x${i}@example.ro`, password: 'nimic-nimic' }, {}, ip)).statusCode).toBe(
        401,
      );
    }
    expect((await post('login', { email: 'y@example.ro', password: 'nimic-nimic' }, {}, ip)).statusCode).toBe(429);
  });

  it('says an unknown e-mail has no account (404) and mails a link for a known one', async () => {
    const unknown = await post('forgot-password', { email: 'nimeni@example.ro' }, {}, '203.0.113.20');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Nu există un cont asociat cu această adresă de email.');
    const known = await post('forgot-password', { email: maria.email }, {}, '203.0.113.20');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'Email trimis cu succes. Verifică inboxul.' });
  });

  it('resets the password with the link from the outbox, once', async () => {
    const [mail] = await db.db
      .select()
      .from(mailOutbox)
      .orderBy(mailOutbox.id)
      .limit(1)
      .offset((await db.db.$count(mailOutbox)) - 1);
    const link = new URL(mail.text.split('\n').find((l) => l.startsWith(ORIGIN)) ?? '');
    const body = {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password: 'parola-noua-maria',
      password_confirmation: 'parola-noua-maria',
    };
    const done = await post('reset-password', body);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Parola a fost resetata cu succes!' });
    const reused = await post('reset-password', body);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('Link-ul de resetare a expirat sau este invalid. Solicita unul nou.');
    const login = await post('login', { email: maria.email, password: 'parola-noua-maria' }, {}, '203.0.113.30');
    expect(login.statusCode).toBe(200);
  });

  it('limits forgot-password to 5 an hour per e-mail', async () => {
    const ip = '203.0.113.40';
    // One request for this e-mail was made above.
    for (let i = 0; i < 4; i++)
      expect((await post('forgot-password', { email: maria.email }, {}, `${ip}${i}`)).statusCode).toBe(200);
    expect((await post('forgot-password', { email: maria.email }, {}, '203.0.113.49')).statusCode).toBe(429);
  });

  it('limits forgot-password to 20 an hour per IP and registration to 10', async () => {
    const ip = '203.0.113.60';
    for (let i = 0; i < 20; i++) {
      expect((await post('forgot-password', { email: `n${i}@example.ro` }, {}, ip)).statusCode).toBe(404);
    }
    expect((await post('forgot-password', { email: 'n21@example.ro' }, {}, ip)).statusCode).toBe(429);
    const regIp = '203.0.113.61';
    for (let i = 0; i < 10; i++) {
      const res = await post('register', { ...maria, email: `r${i}@example.ro` }, {}, regIp);
      expect(res.statusCode).toBe(201);
    }
    expect((await post('register', { ...maria, email: 'r11@example.ro' }, {}, regIp)).statusCode).toBe(429);
  });

  it('refuses cross-origin posts to every state-changing account route and changes nothing', async () => {
    const counts = async () => [
      await db.db.$count(clients),
      await db.db.$count(clientSessions),
      await db.db.$count(passwordResetTokens),
      await db.db.$count(mailOutbox),
    ];
    const before = await counts();
    const bodies: Record<string, object> = {
      register: { ...maria, email: 'evil@example.ro' },
      login: { email: maria.email, password: 'parola-noua-maria' },
      logout: {},
      'forgot-password': { email: maria.email },
      'reset-password': {
        email: maria.email,
        token: 'a'.repeat(43),
        password: 'x'.repeat(9),
        password_confirmation: 'x'.repeat(9),
      },
    };
    for (const [path, body] of Object.entries(bodies)) {
      const res = await post(path, body, { origin: 'http://evil.test' }, '203.0.113.90');
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(res.headers['set-cookie'], path).toBeUndefined();
    }
    expect(await counts()).toEqual(before);
  });

  it('documents the account routes in the OpenAPI document', async () => {
    const { paths } = (await shop.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of ['register', 'login', 'logout', 'forgot-password', 'reset-password']) {
      expect(paths[`/api/auth/${path}`]?.post, path).toBeDefined();
    }
    expect(paths['/api/session'].get).toBeDefined();
  });
});
