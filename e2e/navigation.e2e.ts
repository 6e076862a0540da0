import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeRuleViolations, baseURL, hydrated, openPage, useBrowser } from './browser';

async function consented(context: BrowserContext) {
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL() }]);
}

/** Same-origin page links of the current page (no assets, no fragments), as paths with their query. */
async function pageLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(baseURL()).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => `${url.pathname}${url.search}`);
}

/** The href of the first link matching `selector` once it is there. */
async function firstHref(page: Page, selector: string): Promise<string> {
  const link = page.locator(selector).first();
  await link.waitFor();
  return (await link.getAttribute('href')) ?? '/';
}

describe('navigation: links, pages past the end, keyboard, phone, compare overlays', () => {
  const browser = useBrowser();

  it('no link of the shop leads to a 404 or a server error', async () => {
    const { page, context } = await openPage(browser);
    await consented(context);
    const links = new Set<string>();
    const visit = async (path: string) => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      for (const link of await pageLinks(page)) links.add(link);
    };
    // Every link of the home page (header, menu, footer, cards), then one page of each kind.
    await visit('/');
    await visit(await firstHref(page, 'main article h3 a'));
    await visit('/shop/biblii');
    await visit('/pages/blog');
    await visit(await firstHref(page, 'main article h2 a'));
    await visit('/pages/cazuri-umanitare');
    await visit(await firstHref(page, 'main article h3 a'));
    await visit('/pages/search?searchText=biblia');
    await visit('/pages/about');
    await visit('/pages/contact');
    await visit('/pages/coupons');
    await visit('/pages/blog-grid');
    expect(links.size).toBeGreaterThan(80);

    const broken: string[] = [];
    const queue = [...links];
    const worker = async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const response = await page.request.get(path, { maxRedirects: 5 });
        if (response.status() === 404 || response.status() >= 500) broken.push(`${response.status()} ${path}`);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(broken).toEqual([]);
    await context.close();
  });

  it('the menu, a product card, the breadcrumbs and the footer navigate inside the page (no new document)', async () => {
    const { page, errors, context } = await openPage(browser);
    await consented(context);
    await page.goto('/');
    await hydrated(page);
    // Set on the document the first load made: it survives only navigations inside the page.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    const sameDocument = () => page.evaluate(() => (window as unknown as { marker?: number }).marker);

    const menu = page.getByRole('navigation', { name: 'Meniu principal' });
    await menu.locator('a[href="/shop/biblii"]').first().click();
    await page.waitForURL(`${baseURL()}/shop/biblii`);
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Biblii/);

    const card = page.locator('main article h3 a').first();
    const productPath = (await card.getAttribute('href')) ?? '';
    await card.click();
    await page.waitForURL(`${baseURL()}${productPath}`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().click();
    await page.waitForURL(`${baseURL()}/`);

    await page.locator('footer a[href="/pages/about"]').click();
    await page.waitForURL(`${baseURL()}/pages/about`);
    expect(await sameDocument()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a route is discovered when a pointer or the focus reaches its link, not when the page renders', async () => {
    const { page, errors, context } = await openPage(browser);
    await consented(context);
    // React Router's discovery requests, as the paths each asks for (decision 049: one request at render
    // re-rendered the whole page just after hydration).
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/__manifest') asked.push(url.searchParams.get('paths') ?? '');
    });
    await page.goto('/shop');
    await hydrated(page);
    const card = page.locator('main article h3 a').first();
    const productPath = (await card.getAttribute('href')) ?? '';
    const title = ((await card.textContent()) ?? '').trim();
    await card.hover();
    await expect.poll(() => asked).toEqual([`/produs,${productPath}`]);

    await page.locator('footer a[href="/pages/about"]').focus();
    await expect.poll(() => asked).toEqual([`/produs,${productPath}`, '/pages,/pages/about']);

    await card.click();
    await page.waitForURL(`${baseURL()}${productPath}`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('back, forward and a reload bring the listing back to where it was scrolled; a new page opens at its top', async () => {
    const { page, errors, context } = await openPage(browser);
    await consented(context);
    // Who calls replaceState: a classic script (document.currentScript is set) or a module (React Router's).
    await page.addInitScript(() => {
      const replace = History.prototype.replaceState;
      const calls: string[] = [];
      Object.assign(window, { replaceStateCalls: calls });
      History.prototype.replaceState = function (...args: Parameters<History['replaceState']>) {
        calls.push(document.currentScript ? 'classic script' : 'module');
        return replace.apply(this, args);
      };
    });
    await page.goto('/shop');
    await hydrated(page);
    // history-seed.ts gave the first entry React Router's key and index before the first paint, so hydration
    // made no call of its own.
    const entry = await page.evaluate(() => history.state as { key?: unknown; idx?: unknown } | null);
    expect(typeof entry?.key).toBe('string');
    expect(entry?.idx).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { replaceStateCalls: string[] }).replaceStateCalls)).toEqual(
      ['classic script'],
    );
    const scrolledTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
    };
    const backAt = (y: number) => page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
    await scrolledTo(900);

    const card = page.locator('main article h3 a').nth(6);
    const productPath = (await card.getAttribute('href')) ?? '';
    await card.click();
    await page.waitForURL(`${baseURL()}${productPath}`);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForURL(`${baseURL()}/shop`);
    await backAt(900);
    await page.goForward();
    await page.waitForURL(`${baseURL()}${productPath}`);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await backAt(900);

    await scrolledTo(1300);
    await page.reload();
    await hydrated(page);
    await backAt(1300);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the header has the cart link with its counter, the compare counter, and "Autentificare" for a visitor without a session', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await page.locator('header a[href="/pages/compare"]').waitFor();
    await page.locator('header a[href="/pages/cart"] [data-testid="cart-count"]').waitFor();
    await page.locator('header a[href="/pages/login"]', { hasText: 'Autentificare' }).waitFor();
    // The profile link with the client's name appears only with a session (e2e/auth.e2e.ts).
    await expect.poll(() => page.locator('header a[href="/pages/profile"]').count()).toBe(0);
    await context.close();
  });

  it('the footer links to ANPC SAL, not to the closed EU ODR platform, and shows the demo Arad address', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.locator('a[href="https://anpc.ro/ce-este-sal/"]').waitFor();
    await expect.poll(() => footer.locator('a[href*="ec.europa.eu"]').count()).toBe(0);
    await expect.poll(() => footer.textContent()).toContain('Str. Revoluției nr. 81, Arad 310130, jud. Arad');
    for (const path of ['/pages/contact', '/pages/confidentialitate']) {
      await page.goto(path);
      await page
        .locator('main')
        .getByText(/Str\. Revoluției nr\. 81/)
        .first()
        .waitFor();
    }
    await context.close();
  });

  it('a page number past the last page answers the 404 page; page 2 says so in its title; an empty page 1 stays 200', async () => {
    const { page, context } = await openPage(browser);
    await consented(context);
    for (const path of [
      '/shop?page=835',
      '/shop/biblii?page=999',
      '/pages/blog-grid?page=99',
      '/pages/blog-list?page=99',
      '/pages/blog?page=99',
      '/pages/cazuri-umanitare?page=4',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect.poll(() => page.locator('h1').textContent(), { message: path }).toBe('Pagina nu a fost găsită');
    }
    const second = await page.goto('/shop?page=2');
    expect(second?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Toate produsele – Pagina 2 | Librăria Creștină Maranatha');
    for (const path of ['/pages/cazuri-umanitare?page=3', '/pages/cazuri-umanitare?min_price=5999&max_price=5999']) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
    await page.getByText('Ne pare rau! Nu am putut gasi cazul umanitar pe care il cautati!').waitFor();
    await context.close();
  });

  it('Tab reaches the skip link first and it leads to the content; subcategories open on Enter, not on focus', async () => {
    const { page, context, errors } = await openPage(browser);
    await consented(context);
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#continut');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

    // Walking the header with Tab never enters a submenu.
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Meniu principal' });
    const toggle = menu.getByRole('button', { name: 'Subcategorii: Biblii' });
    // The compare buttons of the cards appear with hydration, when the toggle starts to work.
    await page
      .getByRole('button', { name: /^Compară / })
      .first()
      .waitFor();
    let presses = 0;
    while (!(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))))) {
      await page.keyboard.press('Tab');
      presses += 1;
      const inSubmenu = await page.evaluate(() => Boolean(document.activeElement?.closest('[id^="submeniu-"]')));
      expect(inSubmenu, `press ${presses}`).toBe(false);
      expect(presses).toBeLessThan(40);
    }

    await toggle.focus();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#submeniu-biblii a').first().waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('#submeniu-biblii'))))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')))
      .toBe('submeniu-biblii');
    await page.locator('#submeniu-biblii').waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the category bar scrolls to "Cazuri umanitare" and shows a cue until its end', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await consented(context);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Meniu principal' });
    const cases = menu.getByRole('link', { name: 'Cazuri umanitare' });
    const cue = page.getByTestId('menu-scroll-cue');
    await cue.waitFor({ state: 'visible' });
    const inView = () =>
      cases.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.left >= 0 && box.right <= window.innerWidth;
      });
    await expect.poll(inView).toBe(false);
    await menu
      .locator('ul')
      .first()
      .evaluate((bar) => bar.scrollTo({ left: bar.scrollWidth }));
    await expect.poll(inView).toBe(true);
    await cue.waitFor({ state: 'hidden' });
    await cases.click();
    await page.waitForURL(/\/pages\/cazuri-umanitare$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the header keeps its place while the logo loads: nothing shifts when it arrives late', async () => {
    const { page, context, errors } = await openPage(browser, 360);
    await consented(context);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/logo.svg', async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: string[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const logo = page.locator('header img[src="/logo.svg"]');
    const width = () => logo.evaluate((img) => img.getBoundingClientRect().width);
    // Held back, the logo still takes its 44 px: a flex row may not shrink it to nothing.
    await expect.poll(width).toBe(44);
    release();
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    // Two frames after it arrived, any shift it caused has been reported.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await width()).toBe(44);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('from 320 px up the shop name never lies under the header links, and the login link keeps its name', async () => {
    for (const width of [320, 360, 390, 412]) {
      const { page, context, errors } = await openPage(browser, width);
      await consented(context);
      await page.goto('/');
      const login = page.getByRole('link', { name: 'Autentificare' });
      await login.waitFor();
      const covered = await page.evaluate(() => {
        const home = document.querySelector('header a[href="/"]');
        const name = home?.querySelector('span');
        if (!name) return ['no shop name'];
        const range = document.createRange();
        range.selectNodeContents(name);
        // Each line of the name against each link and button of the header, the category bar's excepted.
        const lines = [...range.getClientRects()];
        const controls = [...document.querySelectorAll('header a, header button')].filter(
          (el) => el !== home && !el.closest('nav') && el.getBoundingClientRect().width > 1,
        );
        return controls.flatMap((el) => {
          const box = el.getBoundingClientRect();
          const hit = lines.some(
            (l) => l.left < box.right && box.left < l.right && l.top < box.bottom && box.top < l.bottom,
          );
          return hit ? [el.outerHTML.slice(0, 80)] : [];
        });
      });
      expect(covered, `${width} px`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the header search field has room to type in at every width', async () => {
    for (const width of [320, 768, 1024, 1280]) {
      const { page, context } = await openPage(browser, width);
      await consented(context);
      await page.goto('/');
      const field = page.locator('header search input').first();
      await field.waitFor();
      expect(await field.evaluate((input) => input.getBoundingClientRect().width), `${width} px`).toBeGreaterThan(200);
      await context.close();
    }
  });

  it('headings are in order on the search and cases pages (axe heading-order)', async () => {
    for (const width of [1280, 390]) {
      const { page, context } = await openPage(browser, width);
      await consented(context);
      for (const path of ['/pages/search?searchText=biblia', '/pages/search', '/pages/cazuri-umanitare', '/shop']) {
        await page.goto(path);
        await page.locator('main article').first().waitFor();
        await expect
          .poll(() => axeRuleViolations(page, ['heading-order']), { message: `${path} at ${width}` })
          .toEqual([]);
      }
      await context.close();
    }
  });

  for (const width of [1280, 390]) {
    it(`compare at ${width} px: toasts and the cookie banner never cover each other, toasts leave with the page, and row labels stay in view`, async () => {
      const { page, context, errors } = await openPage(browser, width);
      await page.goto('/shop/biblii');
      const banner = page.getByRole('region', { name: 'Cookie-uri' });
      await banner.waitFor();
      const titles = (await page.locator('#produse article h3').allTextContents()).slice(0, 4).map((t) => t.trim());
      for (const title of titles) {
        await page.getByRole('button', { name: `Compară ${title}`, pressed: false }).click();
        await page.getByRole('button', { name: `Compară ${title}`, pressed: true }).waitFor();
      }
      const toast = page.getByRole('status').locator('p').last();
      await toast.waitFor();
      const overlap = async () => {
        const [a, b] = [await toast.boundingBox(), await banner.boundingBox()];
        // The banner sits above the toast list (ui/toasts.tsx); what matters is that neither covers the other.
        return a !== null && b !== null && a.y < b.y + b.height && b.y < a.y + a.height;
      };
      await expect.poll(overlap).toBe(false);
      await banner.getByRole('button', { name: 'Doar cele necesare' }).click();
      await banner.waitFor({ state: 'detached' });

      await page.locator('header a[href="/pages/compare"]').click();
      await page.waitForURL(/\/pages\/compare$/);
      await expect.poll(() => page.getByRole('status').locator('p').count()).toBe(0);
      await expect.poll(() => page.locator('thead th[scope="col"]').count()).toBe(4);

      // Scrolled to the last product, the label of each row is still the element seen at its place.
      await page.locator('table').evaluate((table) => table.parentElement?.scrollTo({ left: 10_000 }));
      for (const label of ['Preț', 'Editura', 'Număr de pagini']) {
        const th = page.locator('tbody th', { hasText: label });
        await th.scrollIntoViewIfNeeded();
        await expect
          .poll(
            () =>
              th.evaluate((el) => {
                const box = el.getBoundingClientRect();
                const seen = document.elementFromPoint(box.left + 8, box.top + box.height / 2);
                return box.left >= 0 && el.contains(seen);
              }),
            { message: `${label} at ${width}` },
          )
          .toBe(true);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
