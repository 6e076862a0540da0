import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_PAGE_SLUGS } from '../src/contracts/static-pages';
import { baseURL, launch, openPage, seriousAxeViolations } from './browser';

/** Most tests act as a visitor who already answered the cookie banner (with "necessary only"). */
async function consented(context: BrowserContext, extra: { name: string; value: string }[] = []) {
  await context.addCookies(
    [{ name: 'cookie_consent', value: 'necessary' }, ...extra].map((c) => ({ ...c, url: baseURL() })),
  );
}

describe('content pages: about, blog, coupons, humanitarian cases, static pages, cookie consent', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('about: ?slide=transparente selects the slide, the server HTML already holds it, the URL follows the tabs', async () => {
    const { page, context, errors } = await openPage(browser);
    await consented(context);
    const html = await (await page.request.get('/pages/about?slide=transparente')).text();
    expect(html).toContain('Pentru fiecare caz umanitar publicăm suma necesară');
    expect(html).not.toContain('Suntem o asociație creștină non-profit din Arad');

    await page.goto('/pages/about?slide=transparente');
    const selected = page.getByRole('tab', { selected: true });
    await expect(selected.textContent()).resolves.toContain('Transparență');
    await expect(page.getByRole('tabpanel').textContent()).resolves.toContain('Pentru fiecare caz umanitar');
    await expect(page.getByRole('tab').count()).resolves.toBe(4);
    await expect(page.locator('dd', { hasText: '+' }).count()).resolves.toBe(3);
    await expect(page.locator('dd', { hasText: '2012' }).count()).resolves.toBe(1);

    await page.getByRole('tab', { name: /Cine suntem/ }).click();
    await page.waitForURL(/slide=cine-suntem/);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/slide=scopul-librariei/);
    await page
      .getByRole('tabpanel')
      .getByText(/Vrem ca Biblia/)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blog grid: 6 blog-grid posts a page, pagination, the list toggle and a working tag filter', async () => {
    const { page, context, errors } = await openPage(browser);
    await consented(context);
    await page.goto('/pages/blog-grid');
    await expect(page.locator('h1').textContent()).resolves.toBe('Blog Standard');
    await expect(page.getByText('Se afișează 1–6 din 9 rezultate').count()).resolves.toBe(1);
    await expect(page.locator('main article').count()).resolves.toBe(6);

    await page.getByRole('link', { name: 'Pagina 2' }).click();
    await page.getByText('Se afișează 7–9 din 9 rezultate').waitFor();
    await expect(page.locator('main article').count()).resolves.toBe(3);

    await page.getByRole('link', { name: 'Listă' }).click();
    await page.waitForURL(/\/pages\/blog-list\?page=2$/);
    await expect.poll(() => page.getByRole('link', { name: 'Listă' }).getAttribute('aria-current')).toBe('page');
    await expect(page.locator('h1').textContent()).resolves.toBe('Blog Standard');

    await page.getByRole('link', { name: 'voluntariat', exact: true }).click();
    await page.waitForURL(/tag=voluntariat/);
    await page.getByText(/filtrat după „voluntariat”/).waitFor();
    for (const tags of await page.locator('main article').allTextContents()) expect(tags.length).toBeGreaterThan(0);

    await page.goto('/pages/blog');
    await expect(page.locator('h1').textContent()).resolves.toBe('Blogul nostru');
    await expect(page.locator('main article').count()).resolves.toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blog details: a post with its neighbours; unknown or non-numeric ids answer the 404 page; no id shows the list', async () => {
    const { page, context, errors } = await openPage(browser);
    await consented(context);
    await page.goto('/pages/blog');
    const title = (await page.locator('main article h2 a').first().textContent()) ?? '';
    await page.locator('main article h2 a').first().click();
    await page.locator('h1', { hasText: title }).waitFor();
    await page.getByRole('navigation', { name: 'Alte articole' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Alte articole' }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);

    // Chromium reports each 404 document as a console error; those are the point of what follows.
    for (const path of ['/pages/blog-details/abc', '/pages/blog-details/999999', '/pages/blog-details/1.5']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('h1').textContent()).resolves.toBe('Pagina nu a fost găsită');
    }
    const list = await page.goto('/pages/blog-details');
    expect(list?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toBe('Blogul nostru');
    await context.close();
  });

  it('coupons: live countdown, Active/Inactive, and "Copied!" for 3 seconds after copying', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await consented(context, [{ name: 'lang', value: 'en' }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.clock.install();
    await page.goto('/pages/coupons');
    await expect(page.locator('h1').textContent()).resolves.toBe('Grab Best Offer');
    await expect(page.getByText('Active', { exact: true }).count()).resolves.toBe(4);
    await expect(page.getByText('Inactive', { exact: true }).count()).resolves.toBe(2);
    await expect(
      page.getByText(/This coupon code will apply on .* type products and when you shopping more than/).count(),
    ).resolves.toBe(6);

    const firstCard = page.locator('main article').first();
    const timer = firstCard.getByRole('timer');
    const before = await timer.textContent();
    await page.clock.runFor(2000);
    await expect.poll(() => timer.textContent()).not.toBe(before);

    const code = (await firstCard.locator('code').textContent()) ?? '';
    const button = firstCard.getByRole('button', { name: /Copy code/ });
    await button.click();
    await expect.poll(() => firstCard.locator('button').textContent()).toBe('Copied!');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);
    await page.clock.runFor(2900);
    await expect(firstCard.locator('button').textContent()).resolves.toBe('Copied!');
    await page.clock.runFor(200);
    await expect.poll(() => firstCard.locator('button').textContent()).toContain('Copy code');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('coupons in Romanian: the copy button says "Copiat!"', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await consented(context);
    const page = await context.newPage();
    await page.goto('/pages/coupons');
    await expect(page.locator('h1').textContent()).resolves.toBe('Profitați de cea mai bună ofertă');
    await page.locator('main article').first().getByRole('button').click();
    await expect.poll(() => page.locator('main article').first().locator('button').textContent()).toBe('Copiat!');
    await context.close();
  });

  it('humanitarian cases: status radios, price and category filters, empty state, then a detail gallery that wraps around', async () => {
    const { page, context, errors } = await openPage(browser);
    await consented(context);
    await page.goto('/pages/cazuri-umanitare');
    await expect(page.getByText('Se afiseaza 1 – 9 din 20 cazuri umanitare').count()).resolves.toBe(1);
    await expect(page.locator('main article').count()).resolves.toBe(9);

    await page.goto('/pages/cazuri-umanitare?page=2');
    await page.getByLabel('finalizat').check();
    await page.waitForURL(/status=closed/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.getByText('Se afiseaza 1 – 8 din 8 cazuri umanitare').waitFor();
    const badges = await page.locator('main article').getByText('finalizat', { exact: true }).count();
    expect(badges).toBe(8);

    await page.getByLabel('Până la').fill('3000');
    await page.getByLabel(/Familii sărace/).check();
    await page.getByRole('button', { name: 'Aplică filtrele' }).click();
    await page.waitForURL(/max_price=3000/);
    await page.getByText('Se afiseaza 1 – 1 din 1 caz umanitar').waitFor();

    await page.goto('/pages/cazuri-umanitare?min_price=5000&max_price=100');
    await expect(page.getByText('Prețul maxim trebuie să fie cel puțin egal cu prețul minim.').count()).resolves.toBe(
      1,
    );
    await page.goto('/pages/cazuri-umanitare?min_price=5999&max_price=5999');
    await expect(
      page.getByText('Ne pare rau! Nu am putut gasi cazul umanitar pe care il cautati!').count(),
    ).resolves.toBe(1);

    await page.goto('/pages/cazuri-umanitare');
    await page.locator('main article h3 a').first().click();
    await page.waitForURL(/\/pages\/cazuri-umanitare\/[a-z-]+-\d+$/);
    await page.getByText('Imaginea 1 din 3').waitFor();
    await page.getByRole('button', { name: /Anterioara/ }).click();
    await page.getByText('Imaginea 3 din 3').waitFor();
    await page.getByRole('button', { name: /Următoarea/ }).click();
    await page.getByText('Imaginea 1 din 3').waitFor();
    for (const text of [
      'Suma necesară',
      'Costul tratamentului',
      'Zile rămase',
      'Conturi pentru donații',
      'Coordonator de caz',
    ]) {
      await expect(page.getByText(text, { exact: true }).count(), text).resolves.toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('case detail: a slug without "-digits" and an unknown id answer 404; a wrong name part redirects to the real one', async () => {
    const { page, context } = await openPage(browser);
    await consented(context);
    for (const path of ['/pages/cazuri-umanitare/maria-ionescu', '/pages/cazuri-umanitare/maria-999999']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    await page.goto('/pages/cazuri-umanitare/nume-gresit-1');
    expect(new URL(page.url()).pathname).toMatch(/^\/pages\/cazuri-umanitare\/[a-z-]+-1$/);
    expect(new URL(page.url()).pathname).not.toContain('nume-gresit');
    await context.close();
  });

  it('every static page answers 200 with its heading', async () => {
    const { page, context, errors } = await openPage(browser);
    await consented(context);
    for (const slug of STATIC_PAGE_SLUGS) {
      const response = await page.goto(`/pages/${slug}`);
      expect(response?.status(), slug).toBe(200);
      const heading = (await page.locator('h1').textContent())?.trim() ?? '';
      expect(heading.length, slug).toBeGreaterThan(3);
      await expect(page.title()).resolves.toContain(heading);
    }
    await page.goto('/pages/posta-romana');
    await expect(page.getByRole('note').textContent()).resolves.toContain('momentan suspendată');
    await page.goto('/pages/magazinele-noastre');
    const external = page.locator('main a[target="_blank"]');
    await expect(external.count()).resolves.toBe(2);
    await expect(external.first().getAttribute('rel')).resolves.toContain('noopener');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('contact: field messages for a bad form, then the message is sent', async () => {
    const { page, context, errors } = await openPage(browser);
    await consented(context);
    await page.goto('/pages/contact');
    await expect(page.getByRole('heading', { name: 'Trimite un mesaj' }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Trimite mesajul' }).click();
    await page.getByText('Numele este obligatoriu.').waitFor();
    await expect(page.getByLabel(/^Nume/).getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel(/^Nume/).fill('Ana Pop');
    await page.getByLabel(/^Email/).fill('ana@exemplu');
    await page.getByLabel(/^Subiect/).fill('Biblii pentru tabără');
    await page.getByLabel(/^Mesaj/).fill('Bună ziua, aveți 40 de Biblii pentru copii în stoc?');
    await page.getByRole('button', { name: 'Trimite mesajul' }).click();
    await page.getByText('Formatul adresei de email este invalid.').waitFor();
    await page.getByLabel(/^Email/).fill('ana@exemplu.ro');
    await page.getByLabel(/Sunt de acord/).check();
    await page.getByRole('button', { name: 'Trimite mesajul' }).click();
    await page.getByText('Mulțumim! Mesajul a fost trimis').waitFor();
    await expect(page.getByLabel(/^Nume/).inputValue()).resolves.toBe('');
    await expect(page.getByRole('link', { name: 'Vezi pe hartă' }).getAttribute('target')).resolves.toBe('_blank');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cookie banner: nothing reaches dataLayer before consent; analytics accepted from the footer settings', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/pages/about');
    const banner = page.getByRole('region', { name: 'Cookie-uri' });
    await banner.waitFor();
    await expect(page.evaluate(() => window.dataLayer)).resolves.toBeUndefined();
    await banner.getByRole('button', { name: 'Doar cele necesare' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('h1').waitFor();
    await expect(page.getByRole('region', { name: 'Cookie-uri' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => window.dataLayer)).resolves.toBeUndefined();

    await page.getByRole('link', { name: 'Setări cookie-uri' }).click();
    await banner.waitFor();
    await banner.getByLabel(/Cookie-uri de analiză/).check();
    await banner.getByRole('button', { name: 'Salvează alegerea' }).click();
    await expect.poll(() => page.evaluate(() => window.dataLayer?.map((e) => e.event))).toEqual(['page_view']);
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await page.waitForURL(/\/pages\/blog$/);
    await expect
      .poll(() => page.evaluate(() => window.dataLayer?.map((e) => e.page_path)))
      .toEqual(['/pages/about', '/pages/blog']);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'cookie_consent')?.value).toBe('analytics');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violations on any screen type, at desktop and phone width', async () => {
    const paths = [
      '/pages/about',
      '/pages/contact',
      '/pages/blog-grid',
      '/pages/blog-list',
      '/pages/blog',
      '/pages/blog-details/3',
      '/pages/coupons',
      '/pages/cazuri-umanitare',
      '/pages/cazuri-umanitare?status=closed&view=list',
      '/pages/curier-rapid-international-gls',
      '/pages/politica-cookies',
    ];
    for (const width of [1280, 390]) {
      const { page, context } = await openPage(browser, width);
      await page.goto('/pages/about');
      await page.getByRole('region', { name: 'Cookie-uri' }).waitFor();
      expect(await seriousAxeViolations(page), `cookie banner at ${width}`).toEqual([]);
      await consented(context);
      for (const path of paths) {
        await page.goto(path);
        expect(await seriousAxeViolations(page), `${path} at ${width}`).toEqual([]);
      }
      await page.goto('/pages/cazuri-umanitare');
      await page.locator('main article h3 a').first().click();
      await page.waitForURL(/\/pages\/cazuri-umanitare\/.+-\d+$/);
      await page.getByText('Detalii financiare').waitFor();
      expect(await seriousAxeViolations(page), `case detail at ${width}`).toEqual([]);
      await context.close();
    }
  });
});
