import { isAppError } from '../contracts/errors';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import path from 'node:path';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb, testDatabases } from '../db/testing';
import { type FakeRoute, fakeServerBuild } from '../web/fake-server-build';
import { buildApp, type ShopApp } from './app';
import { loadConfig } from './config';

/**
 * A tiny React Router build, so these tests reach server/ssr.ts's loader and action paths without a
 * Vite build: the entry writes the loader data between two scripts carrying the response's nonce.
 */
const slowRenders = { count: 0 };
/** The request signals the `signal` page's loader saw, newest last. */
const seenSignals: AbortSignal[] = [];

function fakeBuild(): ServerBuild {
  const page = (headers: Record<string, string>) => ({
    loader: ({ context, request }: LoaderFunctionArgs) =>
      data(
        {
          lang: context.prefs.lang,
          currency: context.prefs.currency,
          // What the real pages show of the consent cookie: the banner until the visitor has chosen.
          banner: context.prefs.consent === null,
          q: new URL(request.url).search,
        },
        { headers },
      ),
    headers: ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders,
    default: () => null,
  });
  const modules: Record<string, FakeRoute> = {
    root: {
      path: '',
      module: {
        // Like the real root loader, it reads the services: the error page makes them throw.
        loader: ({ context }: LoaderFunctionArgs) => ({ services: typeof context.services }),
        default: () => null,
        ErrorBoundary: () => null,
      },
    },
    home: { index: true, module: page({ 'cache-control': 'public, max-age=0, s-maxage=60' }) },
    public: { path: 'public', module: page({ 'cache-control': 'public, max-age=0, s-maxage=60' }) },
    private: { path: 'private', module: page({ 'cache-control': 'private, no-store' }) },
    // A public page that is slow to render and counts its renders.
    slow: {
      path: 'slow',
      module: {
        loader: async () => {
          slowRenders.count += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
          return data(
            { renders: slowRenders.count },
            { headers: { 'cache-control': 'public, max-age=0, s-maxage=60' } },
          );
        },
        headers: ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders,
        default: () => null,
      },
    },
    // A private page that keeps its request's signal and takes `?wait=ms` to answer.
    signal: {
      path: 'signal',
      module: {
        loader: async ({ request }: LoaderFunctionArgs) => {
          seenSignals.push(request.signal);
          await new Promise((resolve) => setTimeout(resolve, Number(new URL(request.url).searchParams.get('wait'))));
          return data({ ok: true }, { headers: { 'cache-control': 'private, no-store' } });
        },
        headers: ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders,
        default: () => null,
      },
    },
    // A public page whose render (wrongly) shows the visitor's cookies: the cache must keep it to its visitor.
    whoami: {
      path: 'whoami',
      module: {
        loader: ({ request }: LoaderFunctionArgs) =>
          data(
            { cookies: request.headers.get('cookie') ?? '' },
            { headers: { 'cache-control': 'public, max-age=0, s-maxage=60', vary: 'Cookie' } },
          ),
        headers: ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders,
        default: () => null,
      },
    },
    cookie: {
      path: 'cookie',
      module: page({ 'cache-control': 'public, max-age=0, s-maxage=60', 'set-cookie': 'seen=1; Path=/' }),
    },
    contact: {
      path: 'contact',
      module: {
        loader: () => null,
        default: () => null,
        action: async ({ request, context }: ActionFunctionArgs) => {
          const form = Object.fromEntries(await request.formData()) as Record<string, string>;
          const outcome = await context.services.contact
            .submit(
              {
                name: 'Ana',
                email: 'ana@example.ro',
                phone: '',
                subject: 'Salut',
                message: form.message ?? '',
                website: '',
              },
              context.clientIp,
            )
            .then(
              () => 'sent',
              (err: unknown) => {
                if (isAppError(err) && err.code === 'RATE_LIMITED') return 'rate_limited';
                throw err;
              },
            );
          return data({ outcome, length: (form.message ?? '').length });
        },
      },
    },
  };
  return fakeServerBuild(
    {
      default: (
        _request: Request,
        status: number,
        headers: Headers,
        router: { staticHandlerContext: { loaderData: object; actionData: object | null } },
        ctx: { nonce: string },
      ) => {
        headers.set('content-type', 'text/html; charset=utf-8');
        const { loaderData, actionData } = router.staticHandlerContext;
        const json = JSON.stringify({ loaderData, actionData });
        const body = `<!doctype html><script nonce="${ctx.nonce}">1</script><pre>${json}</pre><script nonce="${ctx.nonce}">2</script>`;
        return new Response(body, { status, headers });
      },
      // React Router logs unmatched URLs through this; the tests expect them and stay quiet.
      handleError: () => {},
    },
    modules,
  );
}

const PUBLIC_URL = 'http://shop.test';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function pagesApp(
  db: TestDb,
  env: Record<string, string> = {},
  timeouts?: { requestMs: number; headersMs: number },
  clientDir?: string,
): Promise<ShopApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/maranatha-test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    PUBLIC_URL,
    ...env,
  });
  const build = fakeBuild();
  const shop = await buildApp({
    config,
    db,
    web: { mode: 'production', getBuild: async () => build, clientDir },
    timeouts,
  });
  await shop.app.ready();
  return shop;
}

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
const cspNonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The CSP header as directive → sources. */
const parseCsp = (csp: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
/** Contents of the inline scripts (no src) of a page. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1])).map((m) => m[2]);

describe.each(testDatabases)('the server edges on $name', ({ url }) => {
  let db: TestDb;
  let shop: ShopApp;
  let debugShop: ShopApp;
  beforeAll(async () => {
    db = await createTestDb(url);
    shop = await pagesApp(db);
    debugShop = await pagesApp(db, { LOG_LEVEL: 'debug' });
    debugShop.app.log.level = 'silent';
  });
  afterAll(async () => {
    await shop.app.close();
    await debugShop.app.close();
    await db.close();
  });

  describe('the HTML cache', () => {
    /** A first anonymous request of a page: answered, not stored (the cache admits a page on its second). */
    const askOnce = async (url: string, cookies: Record<string, string> = {}) => {
      const res = await debugShop.app.inject({ url, cookies });
      expect(res.headers['x-html-cache']).toBe('miss');
    };

    it('stores a page from its second request only: a page asked for once never takes room', async () => {
      const first = await debugShop.app.inject({ url: '/public?twice' });
      const second = await debugShop.app.inject({ url: '/public?twice' });
      const third = await debugShop.app.inject({ url: '/public?twice' });
      expect([first, second, third].map((r) => r.headers['x-html-cache'])).toEqual(['miss', 'miss', 'hit']);
      expect(third.body).toBe(second.body);
    });

    it('misses, then hits with the same page; tells which only when debugging', async () => {
      await askOnce('/public?x=1');
      const first = await debugShop.app.inject({ url: '/public?x=1' });
      const second = await debugShop.app.inject({ url: '/public?x=1' });
      expect(first.headers['x-html-cache']).toBe('miss');
      expect(second.headers['x-html-cache']).toBe('hit');
      expect(second.body).toBe(first.body);
      const quiet = await shop.app.inject({ url: '/public?x=1' });
      await shop.app.inject({ url: '/public?x=1' });
      await shop.app.inject({ url: '/public?x=1' });
      expect(quiet.headers['x-html-cache']).toBeUndefined();
    });

    it('serves a stored page to a logged-in client and to a visitor with a cart, and stores none of their renders', async () => {
      const signedIn = { cookie: 'sid=a-session-token; cart=a-cart-token' };
      const theirs = await debugShop.app.inject({ url: '/public?who=1', headers: signedIn });
      expect(theirs.headers['x-html-cache']).not.toBe('hit');
      // Their render was not kept, nor counted: the first two anonymous visits miss, and the second stores the page.
      await askOnce('/public?who=1');
      expect((await debugShop.app.inject({ url: '/public?who=1' })).headers['x-html-cache']).toBe('miss');
      const again = await debugShop.app.inject({ url: '/public?who=1', headers: signedIn });
      expect(again.headers['x-html-cache']).toBe('hit');
    });

    it('keeps CSP strict on a first request, a stored miss and a hit: no unsafe-inline; nonces, then hashes', async () => {
      // Asked for once, the page goes out as rendered: this response's nonce, on its scripts and in its CSP.
      const first = await debugShop.app.inject({ url: '/public?n1' });
      expect(first.headers['x-html-cache']).toBe('miss');
      const firstCsp = parseCsp(first.headers['content-security-policy']);
      expect(Object.values(firstCsp).flat()).not.toContain("'unsafe-inline'");
      const nonce = cspNonce(first.headers['content-security-policy']);
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(noncesIn(first.body)).toEqual([nonce, nonce]);
      // Stored and then hit: the same bytes for everyone, no nonce, a hash for every inline script.
      for (const label of ['miss', 'hit']) {
        const res = await debugShop.app.inject({ url: '/public?n1' });
        expect(res.headers['x-html-cache']).toBe(label);
        const csp = parseCsp(res.headers['content-security-policy']);
        expect(Object.values(csp).flat()).not.toContain("'unsafe-inline'");
        expect(csp['script-src']).toEqual(["'self'", sha('1'), sha('2')]);
        expect(csp['style-src']).toEqual(["'self'"]);
        expect(csp['object-src']).toEqual(["'none'"]);
        expect(noncesIn(res.body)).toEqual([]);
        for (const script of inlineScripts(res.body)) expect(csp['script-src']).toContain(sha(script));
      }
    });

    it('keeps nonces on pages it does not cache', async () => {
      const res = await debugShop.app.inject({ url: '/private' });
      const nonce = cspNonce(res.headers['content-security-policy']);
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(noncesIn(res.body)).toEqual([nonce, nonce]);
    });

    it('compresses a page it does not cache in the coding the client takes, and says it varies by it; a small one plain', async () => {
      const url = `/private?pad=${'a'.repeat(1500)}`;
      const plain = await debugShop.app.inject({ url });
      const chromium = { 'accept-encoding': 'gzip, deflate, br, zstd' };
      const br = await debugShop.app.inject({ url, headers: chromium });
      const gz = await debugShop.app.inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
      const deflated = await debugShop.app.inject({ url, headers: { 'accept-encoding': 'deflate' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(deflated.headers['content-encoding']).toBe('deflate');
      // Each answer has its own nonce: the pages are the same once it is taken out.
      const withoutNonce = (html: string) => html.replace(/nonce="[0-9a-f]+"/g, 'nonce=""');
      expect(withoutNonce(brotliDecompressSync(br.rawPayload).toString())).toBe(withoutNonce(plain.body));
      expect(withoutNonce(gunzipSync(gz.rawPayload).toString())).toBe(withoutNonce(plain.body));
      expect(withoutNonce(inflateSync(deflated.rawPayload).toString())).toBe(withoutNonce(plain.body));
      const small = await debugShop.app.inject({ url: '/private', headers: chromium });
      expect(small.headers['content-encoding']).toBeUndefined();
      for (const res of [br, gz, deflated]) {
        expect(String(res.headers.vary).toLowerCase().split(/,\s*/)).toContain('accept-encoding');
        expect(Number(res.headers['content-length'] ?? res.rawPayload.length)).toBe(res.rawPayload.length);
      }
    });

    it('sends the stored brotli or gzip bytes, the same on every hit, with Vary and an ETag that answers 304', async () => {
      await askOnce('/public?enc');
      const plain = await debugShop.app.inject({ url: '/public?enc' });
      const chromium = { 'accept-encoding': 'gzip, deflate, br, zstd' };
      const br1 = await debugShop.app.inject({ url: '/public?enc', headers: chromium });
      const br2 = await debugShop.app.inject({ url: '/public?enc', headers: chromium });
      const gz = await debugShop.app.inject({ url: '/public?enc', headers: { 'accept-encoding': 'gzip' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br1.headers['content-encoding']).toBe('br');
      expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
      expect(brotliDecompressSync(br1.rawPayload).toString()).toBe(plain.body);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(br1.headers.vary).toBe('Cookie, accept-encoding');
      expect(Number(br1.headers['content-length'])).toBe(br1.rawPayload.length);
      const etag = String(br1.headers.etag);
      expect(etag).toMatch(/^W\//);
      const again = await debugShop.app.inject({ url: '/public?enc', headers: { ...chromium, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('compresses a page asked for once for its own response, nonces and all, and keeps nothing of it', async () => {
      const url = `/public?once=${'a'.repeat(1500)}`;
      const res = await debugShop.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['x-html-cache']).toBe('miss');
      expect(res.headers['content-encoding']).toBe('br');
      const body = brotliDecompressSync(res.rawPayload).toString();
      const nonce = cspNonce(res.headers['content-security-policy']);
      expect(noncesIn(body)).toEqual([nonce, nonce]);
      expect(body).toContain('a'.repeat(1500));
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers.vary).toBe('Cookie, accept-encoding');
      // The second request is the one stored.
      expect((await debugShop.app.inject({ url })).headers['x-html-cache']).toBe('miss');
      expect((await debugShop.app.inject({ url })).headers['x-html-cache']).toBe('hit');
    });

    it('renders a page once when several requests for it arrive while it renders', async () => {
      const before = slowRenders.count;
      const all = await Promise.all(Array.from({ length: 5 }, () => shop.app.inject({ url: '/slow?herd' })));
      expect(slowRenders.count - before).toBe(1);
      expect(new Set(all.map((r) => r.body)).size).toBe(1);
      expect(all.every((r) => r.statusCode === 200)).toBe(true);
    });

    it.each([
      ['a session', { session: 'alice-secret' }],
      ['a cart', { cart: 'cart-of-alice' }],
      ['a session beside the language', { lang: 'ro', sid: 'alice-secret' }],
    ])('never gives another visitor a page rendered with %s cookie', async (_case, cookies) => {
      const url = `/whoami?${Object.keys(cookies).join('-')}`;
      const alice = await debugShop.app.inject({ url, cookies });
      expect(alice.body).toContain(Object.values(cookies).at(-1));
      await askOnce(url);
      const bob = await debugShop.app.inject({ url });
      expect(bob.headers['x-html-cache']).toBe('miss');
      expect(bob.body).not.toContain('alice');
      // Bob's anonymous page is cached; Alice may see it (it holds nothing of anyone's).
      const bobAgain = await debugShop.app.inject({ url });
      expect(bobAgain.headers['x-html-cache']).toBe('hit');
    });

    it('keeps no page that sets a cookie or is private', async () => {
      for (const path of ['/cookie', '/private']) {
        await debugShop.app.inject({ url: path });
        const again = await debugShop.app.inject({ url: path });
        expect(again.headers['x-html-cache']).toBeUndefined();
      }
      const cookie = await debugShop.app.inject({ url: '/cookie' });
      expect(cookie.headers['set-cookie']).toEqual(['seen=1; Path=/']);
    });

    it('keys pages by language and currency', async () => {
      await askOnce('/public?k');
      await debugShop.app.inject({ url: '/public?k' });
      await askOnce('/public?k', { lang: 'en' });
      await askOnce('/public?k', { currency: 'EUR' });
      const en = await debugShop.app.inject({ url: '/public?k', cookies: { lang: 'en' } });
      const eur = await debugShop.app.inject({ url: '/public?k', cookies: { currency: 'EUR' } });
      expect(en.headers['x-html-cache']).toBe('miss');
      expect(en.body).toContain('"lang":"en"');
      expect(eur.headers['x-html-cache']).toBe('miss');
      expect(eur.body).toContain('"currency":"EUR"');
      const enAgain = await debugShop.app.inject({ url: '/public?k', cookies: { lang: 'en' } });
      expect(enAgain.headers['x-html-cache']).toBe('hit');
      expect(enAgain.body).toContain('"lang":"en"');
    });

    it('keeps a page with the cookie banner and one without apart, and never serves one for the other', async () => {
      const asked = (res: { body: string }) => res.body.includes('"banner":true');
      const shown = (res: { body: string }) => res.body.includes('"banner":false');
      await askOnce('/public?consent');
      await askOnce('/public?consent', { cookie_consent: 'analytics' });
      const first = await debugShop.app.inject({ url: '/public?consent' });
      expect(first.headers['x-html-cache']).toBe('miss');
      expect(asked(first)).toBe(true);
      // A visitor who chose gets their own entry, whichever choice, and never the banner.
      const necessary = await debugShop.app.inject({
        url: '/public?consent',
        cookies: { cookie_consent: 'necessary' },
      });
      expect(necessary.headers['x-html-cache']).toBe('miss');
      expect(shown(necessary)).toBe(true);
      const analytics = await debugShop.app.inject({
        url: '/public?consent',
        cookies: { cookie_consent: 'analytics' },
      });
      expect(analytics.headers['x-html-cache']).toBe('hit');
      expect(shown(analytics)).toBe(true);
      // Each variant stays as stored: the banner for whoever has not chosen (or sends a value never written).
      for (const cookies of [{}, { cookie_consent: 'all' }, { lang: 'ro' }] as Record<string, string>[]) {
        const again = await debugShop.app.inject({ url: '/public?consent', cookies });
        expect(again.headers['x-html-cache']).toBe('hit');
        expect(asked(again)).toBe(true);
      }
      const chosenAgain = await debugShop.app.inject({
        url: '/public?consent',
        cookies: { cookie_consent: 'necessary' },
      });
      expect(chosenAgain.headers['x-html-cache']).toBe('hit');
      expect(chosenAgain.body).toBe(necessary.body);
      // The same holds when the render path answers from a render under way (several requests at once).
      const together = await Promise.all(
        ([{}, { cookie_consent: 'analytics' }, {}, { cookie_consent: 'necessary' }] as Record<string, string>[]).map(
          (cookies) => debugShop.app.inject({ url: '/public?consent-herd', cookies }),
        ),
      );
      expect(together.map(asked)).toEqual([true, false, true, false]);
    });
  });

  describe('the origin check', () => {
    it.each([
      ['its own origin', { origin: PUBLIC_URL }],
      ['Origin: null with its own referrer', { origin: 'null', referer: `${PUBLIC_URL}/contact` }],
      ['no Origin or Referer (not a browser)', {}],
    ])('lets a page form through from %s', async (_case, headers) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { ...form, ...headers },
        body: 'message=salut',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('"length":5');
    });

    it.each([
      ['another origin', { origin: 'http://evil.test' }],
      ['Origin: null without a referrer', { origin: 'null' }],
      ['Origin: null from another site', { origin: 'null', referer: 'http://evil.test/x' }],
      ['a lookalike origin', { origin: 'http://shop.test.evil.test' }],
    ])('refuses %s: 403 and the error page, and the action never runs', async (_case, headers) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { ...form, ...headers },
        body: 'message=x',
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).not.toContain('"length"');
    });

    it('refuses a cross-origin API call with the API error shape', async () => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/client-log',
        headers: { origin: 'http://evil.test' },
        payload: { event: 'clipboard', path: '/' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    });
  });

  describe('page form bodies', () => {
    it.each([
      ['JSON', 'application/json', '{"message":"x"}'],
      ['text', 'text/plain', 'message=x'],
      ['XML', 'application/xml', '<m>x</m>'],
      ['no type', undefined, 'message=x'],
    ])('refuses %s with 415', async (_case, type, body) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/contact',
        headers: type ? { 'content-type': type } : {},
        body,
      });
      expect(res.statusCode).toBe(415);
    });

    it.each([
      ['an intent that is not JSON', '__intent__=zzz'],
      ['an intent of no known kind', '__intent__=%7B%7D'],
      [
        'a list insert into a text field',
        '__intent__=%7B%22type%22%3A%22insert%22%2C%22payload%22%3A%7B%22name%22%3A%22message%22%7D%7D',
      ],
      ['a state that is not JSON', '__state__=%7B'],
    ])("refuses Conform's reserved fields forged as %s with 400, before the action", async (_case, forged) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `name=Ana&email=ana%40example.ro&message=Bun%C4%83&${forged}`,
      });
      expect(res.statusCode).toBe(400);
    });

    it('refuses a 1 MB post with 413 from its Content-Length, before reading it', async () => {
      let read = 0;
      const body = new (await import('node:stream')).Readable({
        read() {
          read += 1;
          this.push(read > 16 ? null : Buffer.alloc(64 * 1024, 'a'));
        },
      });
      const res = await shop.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { ...form, 'content-length': String(1024 * 1024) },
        payload: body,
      });
      expect(res.statusCode).toBe(413);
      expect(res.headers.connection).toBe('close');
    });

    it('refuses a body without Content-Length as soon as it passes 64 KB, holding no more', async () => {
      let pushed = 0;
      const body = new (await import('node:stream')).Readable({
        read() {
          pushed += 1;
          this.push(pushed > 16 ? null : Buffer.alloc(64 * 1024, 'a'));
        },
      });
      const res = await shop.app.inject({ method: 'POST', url: '/contact', headers: form, payload: body });
      expect(res.statusCode).toBe(413);
      // Only the chunks up to the limit (plus the stream's read-ahead) were pulled, not all sixteen.
      expect(pushed).toBeLessThan(8);
    });

    it('takes a form just under the limit', async () => {
      const message = 'a'.repeat(60_000);
      const res = await shop.app.inject({ method: 'POST', url: '/contact', headers: form, body: `message=${message}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('"length":60000');
    });
  });

  describe('requests Fastify used to answer with a 5xx', () => {
    it.each(['TRACE', 'PROPFIND', 'MKCOL'] as const)(
      'answers %s on a page with 405 and the error page',
      async (method) => {
        const res = await shop.app.inject({ method, url: '/' });
        expect(res.statusCode).toBe(405);
        expect(res.headers.allow).toContain('GET');
        expect(res.body).not.toContain('FST_');
      },
    );

    it.each([
      ['a malformed Host', { host: '[bad' }],
      ['a malformed X-Forwarded-Host and -Proto', { 'x-forwarded-host': '[bad', 'x-forwarded-proto': 'a b' }],
    ])('ignores %s', async (_case, headers) => {
      const res = await shop.app.inject({ url: '/public?h', headers });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['a NUL', 'a\u0000b'],
      ['a character beyond one byte', 'a\u0100b'],
    ])(
      'answers a page asked with %s in a header value with 400, as the Fetch API would refuse it',
      async (_case, value) => {
        const res = await shop.app.inject({ url: '/public?bad-header', headers: { 'x-note': value } });
        expect(res.statusCode).toBe(400);
        expect(res.body).not.toContain('FST_');
      },
    );

    it.each(['//a%20b/', '/%zz', '/api/%zz'])('answers the path %s with a 4xx in the shop shape', async (path) => {
      const res = await shop.app.inject({ url: path });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('FST_');
      if (path.startsWith('/api')) expect(res.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    });
  });

  describe('headers', () => {
    it('sends a referrer policy that keeps Origin on own posts, DENY framing and no HSTS over http', async () => {
      const res = await shop.app.inject({ url: '/public?headers' });
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends hashed assets as immutable for a year, other static files for an hour', async () => {
      const clientDir = mkdtempSync(path.join(tmpdir(), 'maranatha-client-'));
      mkdirSync(path.join(clientDir, 'assets'));
      writeFileSync(path.join(clientDir, 'assets', 'entry.client-AbC123.js'), 'console.log(1)');
      writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>');
      const withAssets = await pagesApp(db, {}, undefined, clientDir);
      const asset = await withAssets.app.inject({ url: '/assets/entry.client-AbC123.js' });
      const icon = await withAssets.app.inject({ url: '/favicon.svg' });
      await withAssets.app.close();
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('sends HSTS when the shop is served over https', async () => {
      const https = await pagesApp(db, { PUBLIC_URL: 'https://shop.test' });
      const res = await https.app.inject({ url: '/public?hsts' });
      await https.app.close();
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    });
  });

  describe('proxy trust', () => {
    const post = (app: ShopApp, ip: string) =>
      app.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { ...form, 'x-forwarded-for': ip },
        remoteAddress: '127.0.0.1',
        body: 'message=salut',
      });

    it('by default ignores X-Forwarded-For: forged addresses do not get past the contact limit', async () => {
      const own = await createTestDb(url);
      const app = await pagesApp(own);
      const outcomes: string[] = [];
      for (let i = 0; i < 7; i++)
        outcomes.push(/"outcome":"(\w+)"/.exec((await post(app, `203.0.113.${i}`)).body)?.[1] ?? '');
      await app.app.close();
      await own.close();
      expect(outcomes.slice(0, 5)).toEqual(Array(5).fill('sent'));
      expect(outcomes.slice(5)).toEqual(['rate_limited', 'rate_limited']);
    });

    it('by default the API rate limit counts the socket address too', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await shop.app.inject({
          method: 'POST',
          url: '/api/client-log',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { event: 'clipboard', path: '/' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
    });

    it('with TRUST_PROXY=1 takes the address the proxy forwards', async () => {
      const own = await createTestDb(url);
      const app = await pagesApp(own, { TRUST_PROXY: '1' });
      const outcomes: string[] = [];
      for (let i = 0; i < 7; i++)
        outcomes.push(/"outcome":"(\w+)"/.exec((await post(app, `203.0.113.${i}`)).body)?.[1] ?? '');
      await app.app.close();
      await own.close();
      expect(outcomes).toEqual(Array(7).fill('sent'));
    });
  });

  describe("a page's request signal", () => {
    it('is not aborted when the answer was sent whole', async () => {
      const res = await shop.app.inject({ method: 'GET', url: '/signal?wait=0' });
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seenSignals.at(-1)?.aborted).toBe(false);
    });

    it('is aborted when the visitor leaves before the answer', async () => {
      const app = await pagesApp(db);
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const before = seenSignals.length;
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /signal?wait=300 HTTP/1.1\r\nHost: shop.test\r\n\r\n');
      });
      await expect.poll(() => seenSignals.length).toBe(before + 1);
      socket.destroy();
      await expect.poll(() => seenSignals.at(-1)?.aborted).toBe(true);
      await app.app.close();
    });
  });

  it('cuts off a body that trickles in slower than the request timeout', async () => {
    const app = await pagesApp(db, {}, { requestMs: 500, headersMs: 400 });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /contact HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nmess',
        );
      });
      socket.on('data', (d) => (received += d));
      socket.on('close', () => resolve(received));
    });
    await app.app.close();
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
