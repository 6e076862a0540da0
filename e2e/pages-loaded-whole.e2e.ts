import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { STATIC_PAGE_SLUGS } from '../src/contracts/static-pages';
import routes from '../src/web/routes';
import { type WatchedPage, baseURL, hydrated, openPage, useBrowser } from './browser';
import { ARAD_ADDRESS, addToCart } from './shop';
import { firstStaffLogin } from './staff-login';

/**
 * Every page of the shop and of the back office loaded whole (`page.goto`, not reached by a client navigation)
 * hydrates without a console error or an uncaught exception: a style attribute or an inline script the CSP
 * refuses, a hydration mismatch or a failing effect shows only there (the back office's category tree once lost
 * its indentation that way). The last test checks that every route of `web/routes.ts` was loaded here, or is
 * named below with the reason it is not, so a new page cannot miss the sweep.
 */

/** Routes that are not loaded here, and why. */
const NOT_LOADED: Record<string, string> = {
  preferences: "a form's action: it stores the language or currency and redirects back",
  pages: "redirects to the client's profile",
  'pages/logout': "a form's action",
  'admin/logout': "a form's action",
  'pages/profile/avatar': "the client's picture, an image",
  'admin/orders/export.csv': 'a CSV file',
  'admin/orders/:id': 'needs an order, which the demo data has not; e2e/admin-orders.e2e.ts opens one',
  'admin/orders/:id/packing-slip': 'a PDF of an order; server/admin-pages.int.test.ts asks for one',
  'admin/messages/:id':
    'needs a contact message, which the demo data has not; server/admin-content-pages.int.test.ts renders one',
};

/** Paths answered with the shop's not-found page, whose document request the browser logs as a failed load. */
const NOT_FOUND = new Set(['/pages/404', '/nu-exista', '/pages/comanda/necunoscuta', '/admin/nu-exista']);

/** Every path loaded by the tests of this file, for the last test. */
const loaded = new Set<string>();

/** Loads `path` whole and waits for React to hydrate it; answers the errors seen since the last call. */
async function loadWhole(watched: WatchedPage, path: string): Promise<string[]> {
  const { page, errors } = watched;
  errors.length = 0;
  const response = await page.goto(path);
  const pathname = new URL(path, baseURL()).pathname;
  loaded.add(pathname);
  if (NOT_FOUND.has(pathname)) expect(response?.status(), path).toBe(404);
  else expect(response?.status(), path).toBeLessThan(400);
  await hydrated(page);
  const expected = NOT_FOUND.has(pathname) ? /status of 404/ : null;
  return errors.filter((error) => !expected?.test(error)).map((error) => `${path}: ${error}`);
}

async function loadAll(watched: WatchedPage, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) found.push(...(await loadWhole(watched, path)));
  return found;
}

/** The href of the first link matching `selector` on the current page. */
async function firstHref(page: Page, selector: string): Promise<string> {
  const link = page.locator(selector).first();
  await link.waitFor();
  return (await link.getAttribute('href')) ?? '/';
}

async function consented(context: BrowserContext) {
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL() }]);
}

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** The route config's paths, nested ones joined to their parent's ('' is the home page). */
function routePatterns(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ''].filter(Boolean).join('/');
    return [own, ...routePatterns(entry.children ?? [], own)];
  });
}

/** Whether a pathname is one React Router would give to `pattern` (`:param`, `:param?`, a final `*`). */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const walk = (w: number, h: number): boolean => {
    if (w === want.length) return h === have.length;
    const segment = want[w];
    if (segment === '*') return true;
    if (segment.startsWith(':') && segment.endsWith('?'))
      return walk(w + 1, h) || (h < have.length && walk(w + 1, h + 1));
    if (h === have.length) return false;
    return (segment.startsWith(':') || segment === have[h]) && walk(w + 1, h + 1);
  };
  return walk(0, 0);
}

describe('every page loaded whole hydrates without a console error', () => {
  const browser = useBrowser();

  it("the shop's pages, for a visitor with a cart", async () => {
    const watched = await openPage(browser);
    const { page, context } = watched;
    await consented(context);
    const found = await loadAll(watched, ['/']);
    const product = await firstHref(page, 'main article h3 a');
    // The last of a page of products in stock: the files that change a product's stock take the first ones.
    const listed = (await (await context.request.get('/api/products?in_stock=1&per_page=30')).json()).data as {
      id: number;
      inStock: boolean;
      personalizationRequired: boolean;
    }[];
    const book = listed.filter((p) => p.inStock && !p.personalizationRequired).at(-1);
    if (!book) throw new Error('no product in stock to put in the cart');
    await addToCart(context, [book.id]);
    found.push(
      ...(await loadAll(watched, [
        product,
        '/shop',
        '/shop/biblii',
        '/pages/search?searchText=biblia',
        '/pages/compare',
        '/pages/cart',
        '/pages/checkout',
        '/pages/order-registered',
        '/pages/payment-return',
        '/pages/consent',
        '/pages/login',
        '/pages/register',
        '/pages/forgot',
        '/pages/reset-password?token=necunoscut&email=ana%40example.ro',
        '/pages/comanda/necunoscuta',
        '/pages/404',
        '/nu-exista',
        '/pages/about',
        '/pages/contact',
        '/pages/coupons',
        '/pages/blog-grid',
        '/pages/blog-list',
        '/pages/blog-details',
        ...STATIC_PAGE_SLUGS.map((slug) => `/pages/${slug}`),
        '/pages/blog',
      ])),
    );
    found.push(...(await loadAll(watched, [await firstHref(page, 'main article h2 a'), '/pages/cazuri-umanitare'])));
    found.push(...(await loadAll(watched, [await firstHref(page, 'main article h3 a')])));
    expect(found).toEqual([]);
    await context.close();
  });

  it("a client's account pages", async () => {
    const watched = await openPage(browser);
    const { context } = watched;
    await consented(context);
    const client = inject('sweepClient');
    const login = await context.request.post('/api/auth/login', { headers: { origin: baseURL() }, data: client });
    expect(login.status()).toBe(200);
    const saved = await context.request.post('/api/auth/addresses', {
      headers: { origin: baseURL() },
      data: { ...ARAD_ADDRESS, address_type: 'delivery', first_name: 'Ioana', last_name: 'Pop' },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    const found = await loadAll(watched, [
      '/pages/profile',
      '/pages/profile/adrese',
      '/pages/profile/adrese/noua',
      `/pages/profile/adrese/${id}`,
      `/pages/profile/adrese/${id}/sterge`,
    ]);
    expect(found).toEqual([]);
    await context.close();
  });

  it("the back office's pages, for an admin", async () => {
    const watched = await firstStaffLogin(browser, inject('sweepAdmin'), 'parola-tuturor-paginilor-1');
    const { page, context } = watched;
    const found = await loadAll(watched, [
      '/admin/login',
      '/admin',
      '/admin/password',
      '/admin/totp-setup',
      '/admin/orders',
      '/admin/cases/new',
      '/admin/blog/new',
      '/admin/coupons/new',
      '/admin/messages',
      '/admin/statistics',
      '/admin/audit',
      '/admin/staff',
      '/admin/shipping',
      '/admin/places',
      '/admin/settings',
      '/admin/products/new',
      '/admin/products/import',
      '/admin/categories',
      '/admin/nu-exista',
    ]);
    // Each list, then the first of its items.
    for (const list of ['/admin/cases', '/admin/blog', '/admin/coupons', '/admin/products']) {
      found.push(...(await loadWhole(watched, list)));
      found.push(...(await loadWhole(watched, await firstHref(page, `main a[href^="${list}/"]:not([href$="/new"])`))));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('every route of web/routes.ts was loaded above, or is named with the reason it is not', () => {
    const patterns = [...new Set(routePatterns(routes as RouteEntry[]))];
    const missed = patterns.filter(
      (pattern) => !(pattern in NOT_LOADED) && ![...loaded].some((path) => matches(pattern, path)),
    );
    expect(missed).toEqual([]);
    // A reason for a route that no longer exists, or that is loaded after all, would mislead.
    expect(Object.keys(NOT_LOADED).filter((pattern) => !patterns.includes(pattern))).toEqual([]);
  });
});
