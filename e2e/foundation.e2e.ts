import { describe, expect, it } from 'vitest';
import { hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';

describe('foundation: home, product page, 404, language', () => {
  const browser = useBrowser();

  it('home shows product cards from the demo catalogue, and a card opens its product page', async () => {
    const { page, errors, context } = await openPage(browser);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toContain('Librăria Creștină Maranatha');
    const cards = page.locator('main article');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(20);
    const firstLink = cards.first().locator('h3 a');
    const title = (await firstLink.textContent())?.trim() ?? '';
    await firstLink.click();
    await page.waitForURL(/\/produs\//);
    await page.locator('h1', { hasText: title }).waitFor();
    await expect.poll(() => page.getByText('TVA inclus').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('product page has breadcrumbs, attributes, canonical URL and Product JSON-LD', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    const href = await page.locator('main article h3 a').first().getAttribute('href');
    await page.goto(href ?? '/');
    await expect.poll(() => page.locator('nav[aria-label="Breadcrumb"] li').count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/produs\//);
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text))
      .find((d) => JSON.stringify(d['@type']).includes('Product'));
    expect(JSON.stringify(jsonLd['@type'])).toContain('Product');
    expect(jsonLd.offers.priceCurrency).toBe('RON');
    await expect.poll(() => page.locator('table th').count()).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('unknown paths and unknown products answer the 404 page with status 404', async () => {
    const { page, context } = await openPage(browser);
    for (const path of ['/pages/nu-exista', '/nimic/aici', '/produs/nu-exista-deloc', '/pages/404']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Pagina nu a fost găsită');
    }
    await context.close();
  });

  it('/pages redirects to the profile page, which asks a visitor without a session to log in first', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/pages');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/pages/login');
    expect(url.searchParams.get('redirectTo')).toBe('/pages/profile');
    await context.close();
  });

  it('the language switch turns the page into English and back, <html lang> following', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ro');
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect.poll(() => page.getByRole('heading', { name: 'New arrivals' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Română', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'ro');
    await expect.poll(() => page.getByRole('heading', { name: 'Noutăți' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the currency selector converts displayed prices and the page says payment is in lei', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    const href = await page.locator('main article h3 a').first().getAttribute('href');
    await page.goto(href ?? '/');
    // The select submits on change only once hydrated (without JavaScript it has its own button).
    await hydrated(page);
    await expect.poll(() => page.locator('main').textContent()).toContain('lei');
    await page.selectOption('#currency-select', 'EUR');
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('€'));
    await expect.poll(() => page.getByText('Plata se face în lei').count()).toBe(1);
    await page.selectOption('#currency-select', 'RON');
    await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('€'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('home and product page have no serious or critical axe violations, at desktop and phone width', async () => {
    for (const width of [1280, 390]) {
      const { page, context } = await openPage(browser, width);
      await page.goto('/');
      await expect.poll(() => seriousAxeViolations(page), { message: `home at ${width}` }).toEqual([]);
      const href = await page.locator('main article h3 a').first().getAttribute('href');
      await page.goto(href ?? '/');
      await expect.poll(() => seriousAxeViolations(page), { message: `product at ${width}` }).toEqual([]);
      await context.close();
    }
  });
});
