import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../../contracts/accounts';
import { AVATAR_MAX_BYTES } from '../../../contracts/profile';
import { clients } from '../../../db/schema';
import { testDatabases } from '../../../db/testing';
import { useSeededApp } from '../../testing';

// The pages as in production (React's production build is chosen when React is first imported).
vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

const ORIGIN = 'http://shop.test';
const PASSWORD = 'parola-buna-1';

const person = (first: string, email: string) => ({
  first_name: first,
  last_name: 'Pop',
  email,
  phone: '0744 123 456',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms: 'on' as const,
});

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#6b1d2a' } })
    .png()
    .toBuffer();

describe.each(testDatabases)('the profile on $name', ({ url }) => {
  const { shop, db } = useSeededApp(url, 3, { pages: true });

  /** A new client with a session; `as(token)` sends its cookie (and the shop's origin with a body). */
  async function newClient(first: string) {
    const email = `${first.toLowerCase()}.${Math.random().toString(36).slice(2)}@example.ro`;
    const { client, token } = await shop.services.accounts.register(person(first, email));
    return { id: client.id, email, token };
  }
  const as = (token: string | null, options: InjectOptions): InjectOptions => ({
    ...options,
    headers: {
      ...(options.payload !== undefined ? { origin: ORIGIN } : {}),
      ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
      ...options.headers,
    },
  });
  const row = async (id: number) => (await db.db.select().from(clients).where(eq(clients.id, id)))[0];

  describe('JSON API', () => {
    it('answers 401 without a session, on every route', async () => {
      for (const [method, path] of [
        ['GET', '/api/auth/profile'],
        ['PATCH', '/api/auth/profile'],
        ['POST', '/api/auth/change-password'],
        ['PUT', '/api/auth/notifications'],
        ['GET', '/api/auth/avatar'],
        ['DELETE', '/api/auth/avatar'],
      ] as const) {
        // Even a bad body: who asks is settled before what they sent.
        const payload = method === 'GET' || method === 'DELETE' ? undefined : { bad: true };
        const res = await shop.app.inject(as(null, { method, url: path, payload }));
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json().error.code, `${method} ${path}`).toBe('UNAUTHORIZED');
      }
    });

    it("gives the session's client_data and changes only that client's name and phone", async () => {
      const ana = await newClient('Ana');
      const ion = await newClient('Ion');
      const got = await shop.app.inject(as(ana.token, { url: '/api/auth/profile' }));
      expect(got.statusCode).toBe(200);
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.json().client_data).toEqual({
        id: ana.id,
        email: ana.email,
        first_name: 'Ana',
        last_name: 'Pop',
        phone: '0744 123 456',
        notifications: true,
        avatar_url: null,
      });

      const named = await shop.app.inject(
        as(ana.token, {
          method: 'PATCH',
          url: '/api/auth/profile',
          payload: { first_name: ' Ana-Maria ', last_name: 'Ionescu' },
        }),
      );
      expect(named.statusCode).toBe(200);
      expect(named.json().client_data).toMatchObject({ first_name: 'Ana-Maria', last_name: 'Ionescu' });
      const phoned = await shop.app.inject(
        as(ana.token, { method: 'PATCH', url: '/api/auth/profile', payload: { phone: '+40 256 123 456' } }),
      );
      expect(phoned.json().client_data.phone).toBe('+40 256 123 456');
      expect(await row(ion.id)).toMatchObject({ firstName: 'Ion', lastName: 'Pop', phone: '0744 123 456' });
    });

    it('refuses bad updates with field messages and changes nothing', async () => {
      const ana = await newClient('Ana');
      const before = await row(ana.id);
      for (const payload of [
        { phone: '12' },
        { first_name: 'Ana' },
        { first_name: '', last_name: 'Pop' },
        { first_name: 'A\u0000', last_name: 'Pop' },
        { first_name: 'x'.repeat(101), last_name: 'Pop' },
        {},
        { phone: 744123456 },
      ]) {
        const res = await shop.app.inject(as(ana.token, { method: 'PATCH', url: '/api/auth/profile', payload }));
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION');
      }
      const phone = await shop.app.inject(
        as(ana.token, { method: 'PATCH', url: '/api/auth/profile', payload: { phone: '0123' } }),
      );
      expect(phone.json().error.fields).toEqual({ phone: 'Numar de telefon invalid!' });
      expect(await row(ana.id)).toEqual(before);
    });

    it('refuses a cross-origin update and changes nothing', async () => {
      const ana = await newClient('Ana');
      const res = await shop.app.inject(
        as(ana.token, {
          method: 'PATCH',
          url: '/api/auth/profile',
          payload: { phone: '0755 000 111' },
          headers: { origin: 'http://evil.test' },
        }),
      );
      expect(res.statusCode).toBe(403);
      expect((await row(ana.id))?.phone).toBe('0744 123 456');
    });

    it('switches notifications for the session client only', async () => {
      const ana = await newClient('Ana');
      const ion = await newClient('Ion');
      const off = await shop.app.inject(
        as(ana.token, { method: 'PUT', url: '/api/auth/notifications', payload: { notifications: false } }),
      );
      expect(off.json().client_data.notifications).toBe(false);
      expect((await row(ion.id))?.notifications).toBe(true);
      const bad = await shop.app.inject(
        as(ana.token, { method: 'PUT', url: '/api/auth/notifications', payload: { notifications: 'off' } }),
      );
      expect(bad.statusCode).toBe(400);
      expect((await row(ana.id))?.notifications).toBe(false);
    });

    it('changes the password: the old one no longer logs in and other sessions end', async () => {
      const ana = await newClient('Ana');
      const other = await shop.services.accounts.login({ email: ana.email, password: PASSWORD });
      const wrong = await shop.app.inject(
        as(ana.token, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { old_pass: 'nu-e-asta', new_pass: 'parola-noua-2', new_pass_confirmation: 'parola-noua-2' },
        }),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ old_pass: 'Parola actuală nu este corectă.' });
      const mismatch = await shop.app.inject(
        as(ana.token, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { old_pass: PASSWORD, new_pass: 'parola-noua-2', new_pass_confirmation: 'parola-noua-3' },
        }),
      );
      expect(mismatch.json().error.fields).toEqual({ new_pass_confirmation: 'Parolele noi nu coincid.' });

      const ok = await shop.app.inject(
        as(ana.token, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { old_pass: PASSWORD, new_pass: 'parola-noua-2', new_pass_confirmation: 'parola-noua-2' },
        }),
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Parola a fost schimbată cu succes.' });
      await expect(shop.services.accounts.login({ email: ana.email, password: PASSWORD })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
      await expect(
        shop.services.accounts.login({ email: ana.email, password: 'parola-noua-2' }),
      ).resolves.toBeDefined();
      expect((await shop.app.inject(as(ana.token, { url: '/api/auth/profile' }))).statusCode).toBe(200);
      expect((await shop.app.inject(as(other.token, { url: '/api/auth/profile' }))).statusCode).toBe(401);
    });

    it('stores a photo as a small square WebP that only its owner gets', async () => {
      const ana = await newClient('Ana');
      const ion = await newClient('Ion');
      const put = await shop.app.inject(
        as(ana.token, {
          method: 'PUT',
          url: '/api/auth/avatar',
          payload: await png(600),
          headers: { 'content-type': 'image/png' },
        }),
      );
      expect(put.statusCode).toBe(200);
      const avatarUrl: string = put.json().client_data.avatar_url;
      expect(avatarUrl).toMatch(/^\/api\/auth\/avatar\?v=/);
      const mine = await shop.app.inject(as(ana.token, { url: avatarUrl }));
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/webp');
      expect(mine.headers['cache-control']).toBe('private, max-age=86400');
      const meta = await sharp(mine.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      // Another client asking for the same URL gets their own (none): no id is ever taken from the request.
      expect((await shop.app.inject(as(ion.token, { url: avatarUrl }))).statusCode).toBe(404);
      expect((await shop.app.inject(as(null, { url: avatarUrl }))).statusCode).toBe(401);

      const removed = await shop.app.inject(as(ana.token, { method: 'DELETE', url: '/api/auth/avatar' }));
      expect(removed.json().client_data.avatar_url).toBeNull();
      expect((await shop.app.inject(as(ana.token, { url: avatarUrl }))).statusCode).toBe(404);
    });

    it('refuses a photo that is not an image, whatever it is called, and one over 2 MB', async () => {
      const ana = await newClient('Ana');
      const send = (payload: Buffer | string, type: string) =>
        shop.app.inject(
          as(ana.token, { method: 'PUT', url: '/api/auth/avatar', payload, headers: { 'content-type': type } }),
        );
      const fake = await send('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png');
      expect(fake.statusCode).toBe(400);
      expect(fake.json().error.fields).toEqual({ avatar: 'Fotografia trebuie să fie o imagine JPEG, PNG sau WebP.' });
      const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer();
      expect((await send(gif, 'image/png')).statusCode).toBe(400);
      // A picture whose header reads but whose pixels stop short: refused when it is re-encoded, with the same message.
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#39c' } })
        .png()
        .toBuffer();
      const truncated = await send(png.subarray(0, 60), 'image/png');
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().error.fields).toEqual({
        avatar: 'Fotografia trebuie să fie o imagine JPEG, PNG sau WebP.',
      });
      expect((await send(Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
      expect((await send('x', 'text/plain')).statusCode).toBe(415);
      expect((await send('{}', 'application/json')).statusCode).toBe(415);
      expect((await send(Buffer.alloc(AVATAR_MAX_BYTES + 1), 'image/jpeg')).statusCode).toBe(413);
      expect((await row(ana.id))?.avatar).toBeNull();
    });
  });

  describe('page', () => {
    const form = (token: string, fields: Record<string, string>, tab = 'profil') =>
      as(token, {
        method: 'POST',
        url: `/pages/profile?tab=${tab}`,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

    it('sends a visitor without a session to the login page, and back here after it', async () => {
      const res = await shop.app.inject({ url: '/pages/profile?tab=parola' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/pages/login?redirectTo=${encodeURIComponent('/pages/profile?tab=parola')}`);
    });

    it('sends a client whose session has ended to the login page with "session expired"', async () => {
      const ana = await newClient('Ana');
      await shop.services.accounts.logout(ana.token);
      const expired = `/pages/login?status=expired&redirectTo=${encodeURIComponent('/pages/profile')}`;
      const page = await shop.app.inject(as(ana.token, { url: '/pages/profile?tab=notificari' }));
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe(expired);
      const post = await shop.app.inject(form(ana.token, { intent: 'phone', phone: '0755 000 111' }));
      expect(post.statusCode).toBe(302);
      expect(post.headers.location).toBe(expired);
    });

    it('greets the client by name and renders each tab by its URL, never cached', async () => {
      const ana = await newClient('Ana');
      const panels = {
        profil: '0744 123 456',
        adrese: 'Nu există adrese de facturare.',
        comenzi: 'Nu ai comenzi înregistrate.',
        notificari: 'Notificari pentru produse noi',
        parola: 'Actualizeaza',
      };
      for (const [tab, text] of Object.entries(panels)) {
        const res = await shop.app.inject(as(ana.token, { url: `/pages/profile?tab=${tab}` }));
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body).toContain('Bun venit, Ana Pop!');
        expect(res.body).toContain(text);
        expect(res.body).toMatch(
          new RegExp(
            `href="/pages/profile\\?tab=${tab}"[^>]*aria-current="page"|aria-current="page"[^>]*href="/pages/profile\\?tab=${tab}"`,
          ),
        );
      }
      // An unknown tab opens the first.
      const unknown = await shop.app.inject(as(ana.token, { url: '/pages/profile?tab=nimic' }));
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toContain('0744 123 456');
    });

    it('saves the name, phone and notifications forms posted without JavaScript', async () => {
      const ana = await newClient('Ana');
      const named = await shop.app.inject(form(ana.token, { intent: 'name', first_name: 'Ana', last_name: 'Marin' }));
      expect(named.statusCode).toBe(200);
      expect(named.body).toContain('Profilul a fost actualizat cu succes!');
      expect(named.body).toContain('Bun venit, Ana Marin!');
      const bad = await shop.app.inject(form(ana.token, { intent: 'phone', phone: '07' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Numar de telefon invalid!');
      expect(bad.body).toContain('Eroare la actualizarea profilului');
      const off = await shop.app.inject(form(ana.token, { intent: 'notifications', notifications: 'off' }));
      expect(off.statusCode).toBe(200);
      expect(await row(ana.id)).toMatchObject({ lastName: 'Marin', phone: '0744 123 456', notifications: false });
      const unknown = await shop.app.inject(form(ana.token, { intent: 'delete-everything' }));
      expect(unknown.statusCode).toBe(400);
    });

    it('changes the password from the form, never writing a password back into the page', async () => {
      const ana = await newClient('Ana');
      const wrong = await shop.app.inject(
        form(
          ana.token,
          {
            intent: 'password',
            old_pass: 'secret-gresit',
            new_pass: 'parola-noua-2',
            new_pass_confirmation: 'parola-noua-2',
          },
          'parola',
        ),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('Parola actuală nu este corectă.');
      expect(wrong.body).not.toContain('secret-gresit');
      expect(wrong.body).not.toContain('parola-noua-2');
      const ok = await shop.app.inject(
        form(
          ana.token,
          {
            intent: 'password',
            old_pass: PASSWORD,
            new_pass: 'parola-noua-2',
            new_pass_confirmation: 'parola-noua-2',
          },
          'parola',
        ),
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('Parola a fost schimbată cu succes.');
      await expect(
        shop.services.accounts.login({ email: ana.email, password: 'parola-noua-2' }),
      ).resolves.toBeDefined();
    });

    it('uploads a photo from a multipart form, within its own larger body limit', async () => {
      const ana = await newClient('Ana');
      const multipart = (file: Buffer, name = 'poza.png') => {
        const boundary = 'profile-test-boundary';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
        return as(ana.token, {
          method: 'POST',
          url: '/pages/profile/avatar',
          payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
      };
      const saved = await shop.app.inject(multipart(await png(300)));
      expect(saved.statusCode).toBe(302);
      expect(saved.headers.location).toBe('/pages/profile?tab=profil&avatar=saved');
      expect((await row(ana.id))?.avatar).toMatch(/^avatars\/\d+-[0-9a-f]{16}\.webp$/);
      const page = await shop.app.inject(as(ana.token, { url: saved.headers.location as string }));
      expect(page.body).toContain('Fotografia a fost salvată.');
      expect(page.body).toMatch(/<img[^>]+src="\/api\/auth\/avatar\?v=/);

      const notImage = await shop.app.inject(multipart(Buffer.from('MZ not a picture'), 'poza.jpg'));
      expect(notImage.headers.location).toBe('/pages/profile?tab=profil&avatar=type');
      const big = await shop.app.inject(multipart(Buffer.alloc(AVATAR_MAX_BYTES + 10)));
      expect(big.headers.location).toBe('/pages/profile?tab=profil&avatar=size');
      const huge = await shop.app.inject(multipart(Buffer.alloc(AVATAR_MAX_BYTES + 100_000)));
      expect(huge.statusCode).toBe(413);
      // Other page forms keep the 64 KB limit.
      const longForm = await shop.app.inject(form(ana.token, { intent: 'phone', phone: 'x'.repeat(70_000) }));
      expect(longForm.statusCode).toBe(413);
    });
  });
});
