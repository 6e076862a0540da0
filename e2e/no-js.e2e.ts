import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './browser';

/**
 * Every page form works as a plain HTML form (issue 8 item 3): JavaScript is off, so each submit is a
 * real navigation the server answers, and nothing depends on hydration. Elements are found by their
 * form field names rather than their texts, which the message catalogues own.
 */
describe('forms without JavaScript', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;

  const fresh = async () => {
    await context?.close();
    context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    page = await context.newPage();
  };

  it('the contact form sends and shows the success text', async () => {
    await fresh();
    await page.goto('/pages/contact');
    const form = page.locator('main form[method="post"]');
    await form.locator('input[name="name"]').fill('Ana Popescu');
    await form.locator('input[name="email"]').fill('ana@example.ro');
    await form.locator('input[name="subject"]').fill('Fără JavaScript');
    await form.locator('textarea[name="message"]').fill('Un mesaj trimis dintr-un browser fără JavaScript.');
    await form.locator('input[name="consent"]').check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      form.locator('button[type="submit"]').click(),
    ]);
    expect(response.status()).toBe(200);
    await page.locator('main form [role="status"]').waitFor();
  });

  it('the language buttons switch the page to English and back to where it was', async () => {
    await fresh();
    await page.goto('/pages/contact');
    await page.locator('form[action="/preferences"] button[name="lang"][value="en"]').first().click();
    await page.waitForURL(/\/pages\/contact$/);
    await page.locator('html[lang="en"]').waitFor();
  });

  it('the currency selector applies with its fallback button', async () => {
    await fresh();
    await page.goto('/shop');
    const form = page.locator('form[action="/preferences"]:has(select[name="currency"])').first();
    await form.locator('select[name="currency"]').selectOption('EUR');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\/shop$/);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('EUR');
    await expect.poll(() => page.locator('select[name="currency"]').first().inputValue()).toBe('EUR');
  });

  it('the header search form is a plain GET to the search page', async () => {
    await fresh();
    await page.goto('/');
    await page.locator('input#header-search').fill('biblia');
    await page.locator('input#header-search').press('Enter');
    await page.waitForURL(/\/pages\/search\?searchText=biblia/);
    await page.locator('main h1').waitFor();
  });

  it('the listing filters and the sort apply with their buttons', async () => {
    await fresh();
    await page.goto('/shop');
    const filters = page.locator('form:has(input[name="in_stock"])');
    await filters.locator('input[name="in_stock"]').check();
    await filters.locator('button[type="submit"]').click();
    await page.waitForURL(/[?&]in_stock=1/);
    const sort = page.locator('form:has(select[name="sortBy"])');
    await sort.locator('select[name="sortBy"]').selectOption({ index: 1 });
    await sort.locator('button[type="submit"]').click();
    await page.waitForURL(/[?&]sortBy=/);
    expect(page.url()).toContain('in_stock=1');
  });

  it('the cookie banner is dismissed with its buttons and stays gone on the next page', async () => {
    await fresh();
    await page.goto('/shop?page=2');
    const banner = page.locator('section[aria-labelledby="cookie-banner-title"]');
    await banner.waitFor();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      banner.locator('button[name="choice"][value="necessary"]').click(),
    ]);
    expect(response.status()).toBe(303);
    await page.waitForURL(/\/shop\?page=2$/);
    await page.locator('main h1').waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('necessary');
    // A cached page keeps the banner for visitors who have not chosen and never shows it to this one.
    for (const path of ['/', '/shop', '/pages/about']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await expect.poll(() => banner.count(), { message: path }).toBe(0);
    }
  });

  it("the banner's settings lead to the cookie policy, whose form saves the analytics choice", async () => {
    await fresh();
    await page.goto('/pages/about');
    await page.locator('section[aria-labelledby="cookie-banner-title"] a[href$="#setari"]').click();
    await page.waitForURL(/\/pages\/politica-cookies#setari$/);
    const settings = page.locator('#setari form[method="post"]');
    await settings.locator('input[name="analytics"]').check();
    // The answer is a 303 back to the same address: the page that follows is a new GET of it.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith('/pages/politica-cookies')),
      settings.locator('button[name="choice"]').click(),
    ]);
    await page.waitForURL(/\/pages\/politica-cookies#setari$/);
    expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('analytics');
    await expect.poll(() => page.locator('#setari input[name="analytics"]').isChecked()).toBe(true);
    expect(await page.locator('section[aria-labelledby="cookie-banner-title"]').count()).toBe(0);
  });

  it('a form on another site posting to the shop is refused and changes nothing', async () => {
    await fresh();
    const target = `${baseURL()}/preferences`;
    await context.route('http://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>x</title><form method="post" action="${target}">
          <input type="hidden" name="lang" value="en"><input type="hidden" name="back" value="/">
          <button type="submit">go</button></form>`,
      }),
    );
    await page.goto('http://evil.test/');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === target),
      page.locator('button[type="submit"]').click(),
    ]);
    expect(response.status()).toBe(403);
    expect((await context.cookies(baseURL())).find((c) => c.name === 'lang')).toBeUndefined();
    await page.goto('/');
    await page.locator('html[lang="ro"]').waitFor();
  });
});
