import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseURL, listingHydrated, openPage, seriousAxeViolations, useBrowser } from './browser';

/** An in-stock Bible of the demo catalogue whose engraving is required (category "biblii-personalizate"). */
async function personalisedBible(skip = 0): Promise<{ slug: string; title: string }> {
  const res = await fetch(`${baseURL()}/api/products?selectVal=biblii-personalizate&in_stock=1&per_page=10`);
  const body = (await res.json()) as { data: { slug: string; title: string; inStock: boolean }[] };
  const bible = body.data.filter((p) => p.inStock)[skip];
  if (!bible) throw new Error('no personalised Bible in stock');
  return bible;
}

/** A small picture to engrave, as a shopper's file. */
async function picture() {
  const buffer = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a4d69' } })
    .png()
    .toBuffer();
  return { name: 'monograma.png', mimeType: 'image/png', buffer };
}

const addForm = (page: Page) => page.locator('main form:has(input[name="intent"][value="add"])').first();
/**
 * The personalised form's code loads after the page (features/product/product-add-to-cart.tsx): until it has
 * hydrated, the server's form posts as without JavaScript, with `redirectTo`, which hydration disables.
 */
const formHydrated = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('main form input[name="redirectTo"]:enabled'));
const engraving = (page: Page) => addForm(page).locator('input[name="personalization.engraving_text"]');
const fileInput = (page: Page) => addForm(page).locator('input[type="file"]');
const cartLines = (page: Page) => page.locator('main li:has(input[name="intent"][value="remove"])');

describe('a personalised Bible with JavaScript', () => {
  const browser = useBrowser();

  it('cannot be added until the engraving is filled; a picture uploads with a preview; the price adds up', async () => {
    const { page, context, errors } = await openPage(browser);
    const bible = await personalisedBible();
    const cartPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/pages/cart')) {
        cartPosts.push(request.url());
      }
    });
    await page.goto(`/produs/${bible.slug}`);
    await page.getByTestId('cart-count').waitFor();
    await formHydrated(page);
    expect(await page.locator('main').textContent()).toContain('nu beneficiază de dreptul de retragere');

    await addForm(page).locator('button[type="submit"]').click();
    await expect
      .poll(() => addForm(page).textContent())
      .toContain('Completați acest câmp: este obligatoriu pentru personalizare.');
    expect(await engraving(page).getAttribute('aria-invalid')).toBe('true');
    // Refused in the browser, with the cart action's schema: nothing was posted.
    expect(cartPosts).toEqual([]);
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');

    await engraving(page).fill('Pentru Ana, 2026');
    await addForm(page).locator('select[name="personalization.engraving_colour"]').selectOption('Argintiu');
    await fileInput(page).setInputFiles(await picture());
    const preview = addForm(page).locator('img[src^="/uploads/personalization/"]');
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // 15 lei engraving + 25 lei picture.
    await expect.poll(() => addForm(page).textContent()).toMatch(/Personalizare: \+40,00\slei pe bucată/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await addForm(page).locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');

    await page.goto('/pages/cart');
    await expect.poll(() => cartLines(page).count()).toBe(1);
    const line = cartLines(page).first();
    expect(await line.textContent()).toContain('Pentru Ana, 2026');
    const thumb = line.locator('img[src$="/thumb"]');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a card of a Bible that needs its engraving leads to its page to personalise it, not to the cart', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/shop/biblii-personalizate');
    await listingHydrated(page);
    const personalise = page.getByRole('link', { name: /^Personalizează / }).first();
    const title = ((await personalise.textContent()) ?? '').replace('Personalizează', '').trim();
    await expect.poll(() => page.getByRole('button', { name: `Adaugă în coș ${title}` }).count()).toBe(0);
    await personalise.click();
    await page.waitForURL(/\/produs\//);
    await engraving(page).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('passes axe on a phone-sized screen', async () => {
    const { page, context, errors } = await openPage(browser, 390);
    await page.goto(`/produs/${(await personalisedBible(1)).slug}`);
    await page.getByTestId('cart-count').waitFor();
    await formHydrated(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a personalised Bible without JavaScript', () => {
  const browser = useBrowser();

  it('is refused with what is missing, then added with the engraving and a picture in one multipart post', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    const bible = await personalisedBible(2);
    await page.goto(`/produs/${bible.slug}`);
    await addForm(page).locator('button[type="submit"]').click();
    await page.waitForURL(/\/pages\/cart$/);
    const alert = page.locator('main [role="alert"]');
    await expect.poll(() => alert.textContent()).toContain('Textul gravat (nume, dată, verset):');
    expect(await alert.textContent()).toContain('Completați acest câmp');
    await alert.locator(`a[href="/produs/${bible.slug}"]`).click();
    await page.waitForURL(new RegExp(`/produs/${bible.slug}$`));

    await engraving(page).fill('Familia Pop');
    await fileInput(page).setInputFiles(await picture());
    await addForm(page).locator('button[type="submit"]').click();
    await page.waitForURL(new RegExp(`/produs/${bible.slug}$`));

    await page.goto('/pages/cart');
    await expect.poll(() => cartLines(page).count()).toBe(1);
    const line = cartLines(page).first();
    expect(await line.textContent()).toContain('Familia Pop');
    expect(await line.locator('img[src$="/thumb"]').count()).toBe(1);
    await context.close();
  });
});
