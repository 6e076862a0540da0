import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { AppError } from '../../contracts/errors';
import { testDatabases } from '../../db/testing';
import type { ShopLoadContext } from '../../web/load-context';
import { createTestClient, testRenderThreads, useSeededApp } from '../testing';
import type { IncomingPage, PageRenderer } from '../page-handlers';
import { incomingPage } from '../page-handlers.testing';
import { createRenderPool } from './render-pool';

const ORIGIN = 'http://shop.test';

/** What the thread asked of the main thread's load context, in order. */
type Asked = string[];

/**
 * A load context as ssr.ts makes one, over the app's real services, whose functions write down that the
 * thread called them: what crossed, and in which order.
 */
function recordingContext(services: ShopLoadContext['services'], asked: Asked): ShopLoadContext {
  const cookie = (name: string) => ({
    token: null,
    set: (session: { token: string; expiresAt: Date }) => {
      asked.push(`${name}.set ${session.token.length} ${session.expiresAt instanceof Date}`);
    },
    clear: () => void asked.push(`${name}.clear`),
  });
  return {
    services,
    prefs: { lang: 'ro', currency: 'RON', consent: null },
    contact: {
      email: 'a@b.ro',
      phone: '0740',
      phone2: '0257',
      address: 'Arad',
      mapsUrl: '',
      social: { facebook: '', instagram: '', youtube: '' },
    },
    publicUrl: ORIGIN,
    nonce: 'nonce-of-this-response',
    styleNonce: 'style-nonce-of-this-response',
    clientIp: '192.0.2.7',
    log: { info() {}, warn() {}, error: (_obj, msg) => void asked.push(`log.error ${msg}`) },
    client: async () => {
      asked.push('client');
      return null;
    },
    forgetClient: () => void asked.push('forgetClient'),
    authLimits: {
      check: async (action) => void asked.push(`authLimits.check ${action}`),
      loginFailed: async () => void asked.push('authLimits.loginFailed'),
    },
    loginNotice: false,
    session: cookie('session'),
    staff: async () => null,
    staffSession: cookie('staffSession'),
  };
}

/** The app's services with one catalogue method replaced. */
function withCatalogueMethod(
  services: ShopLoadContext['services'],
  name: string,
  replacement: (...args: never[]) => unknown,
): ShopLoadContext['services'] {
  return new Proxy(services, {
    get: (target, area) =>
      area === 'catalogue'
        ? new Proxy(target.catalogue, {
            get: (catalogue, method) => (method === name ? replacement : Reflect.get(catalogue, method)),
          })
        : Reflect.get(target, area),
  });
}

/** As ssr.ts asks for the shop's error page: services that throw a response with the status. */
function errorPageContext(services: ShopLoadContext['services'], status: number): ShopLoadContext {
  return Object.defineProperty(recordingContext(services, []), 'services', {
    get() {
      throw new Response(null, { status });
    },
  });
}

const form = (fields: Record<string, string>) =>
  incomingPage(`${ORIGIN}/pages/login`, {
    method: 'POST',
    headers: [
      ['content-type', 'application/x-www-form-urlencoded'],
      ['origin', ORIGIN],
    ],
    body: new URLSearchParams(fields).toString(),
  });

describe.each(testDatabases)('pages rendered by a render thread on $name', ({ url }) => {
  const { shop } = useSeededApp(url, 12);
  let pool: { handler: PageRenderer; close(): Promise<void> };
  beforeAll(async () => {
    pool = await createRenderPool({ ...testRenderThreads(1), log: shop.app.log });
  });
  afterAll(() => pool?.close());
  const firstProduct = async (): Promise<{ slug: string; title: string }> =>
    (await shop.app.inject('/api/products?limit=1')).json().data[0];
  const render = (request: IncomingPage, asked: Asked = [], context?: ShopLoadContext) =>
    pool.handler(request, (context ?? recordingContext(shop.services, asked)) as AppLoadContext);

  it("renders a product page with the services' data and this response's nonces", async () => {
    const product = await firstProduct();
    const response = await render(incomingPage(`${ORIGIN}/produs/${product.slug}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(product.title);
    expect(html).toContain('nonce="nonce-of-this-response"');
    // Every script the browser runs carries the nonce; structured data is not run.
    expect(html).not.toMatch(/<script(?![^>]*(?:nonce="nonce-of-this-response"|type="application\/ld\+json"))[^>]*>/);
  });

  it('answers a refused login with the field message of the AppError that crossed, and counts the failure', async () => {
    const asked: Asked = [];
    const response = await render(form({ email: 'nimeni@example.ro', password: 'nu-e-buna-deloc' }), asked);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Emailul sau parola nu sunt corecte.');
    expect(asked.filter((call) => call.startsWith('authLimits'))).toEqual([
      'authLimits.check login',
      'authLimits.loginFailed',
    ]);
  });

  it('sets the session cookie of a login on the main thread before the response arrives', async () => {
    const { client, password } = await createTestClient(shop);
    const asked: Asked = [];
    const response = await render(form({ email: client.email, password }), asked);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/pages/profile');
    expect(asked).toContain('session.set 43 true');
  });

  it('answers an unknown product with the 404 page, and a refusal from the main thread with its status', async () => {
    const missing = await render(incomingPage(`${ORIGIN}/produs/nu-exista-asa-ceva`));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html');
    // As the shop's error page does (ssr.ts): services that throw a Response make the root's error boundary answer.
    const refused = await render(incomingPage(`${ORIGIN}/`), [], errorPageContext(shop.services, 503));
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain('<html');
  });

  it("keeps the root loader's answers for the pages of one cache generation, and never gives them to the error page", async () => {
    const menusAsked: string[] = [];
    const services = withCatalogueMethod(shop.services, 'categoryMenu', (lang: 'ro' | 'en') => {
      menusAsked.push(lang);
      return shop.services.catalogue.categoryMenu(lang);
    });
    // A generation no other test's request came with, so nothing kept before counts here.
    const generation = shop.services.caches.generation() + 1_000;
    const home = (cacheGeneration: number) => ({ ...incomingPage(`${ORIGIN}/`), cacheGeneration });
    for (let i = 0; i < 3; i++) {
      const page = await render(home(generation), [], recordingContext(services, []));
      expect(await page.text()).toContain('<footer');
    }
    expect(menusAsked).toEqual(['ro']);
    await render(home(generation + 1), [], recordingContext(services, []));
    expect(menusAsked).toEqual(['ro', 'ro']);
    // The error page's request (ssr.ts) has no generation: its root loader asks, fails, and the page has no chrome.
    const refused = await render(incomingPage(`${ORIGIN}/`), [], errorPageContext(shop.services, 503));
    expect(refused.status).toBe(503);
    expect(await refused.text()).not.toContain('<footer');
  });

  it('streams a client navigation’s data and answers HEAD without a body', async () => {
    const product = await firstProduct();
    const data = await render(incomingPage(`${ORIGIN}/produs/${product.slug}.data`));
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(product.title);
    const head = await render(incomingPage(`${ORIGIN}/`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it('gives a failure of the main thread to the loader as what it was', async () => {
    const asked: Asked = [];
    const services = withCatalogueMethod(shop.services, 'productPage', () =>
      Promise.reject(new AppError('UNAVAILABLE', { detail: 'database restarting' })),
    );
    const product = await firstProduct();
    const response = await render(
      incomingPage(`${ORIGIN}/produs/${product.slug}`),
      asked,
      recordingContext(services, asked),
    );
    expect(response.status).toBe(503);
  });
});
