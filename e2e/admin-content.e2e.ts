import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';
import { addToCart } from './shop';

/**
 * The content screens (issue 13 item 4) walked by an editor: a humanitarian case with bank accounts, a blog
 * post previewed and published onto the shop, a coupon used at the checkout, the inbox and the statistics,
 * axe clean on each at 1280 px; and a form posted with JavaScript off.
 */
async function expectAxeClean(page: Page, what: string) {
  expect(await seriousAxeViolations(page), what).toEqual([]);
}

const unique = Date.now().toString(36).toUpperCase();
const newPassword = 'redactor-parola-noua';

/** The editor's first login: the one-time password, then a new one (an editor needs no TOTP). */
async function logIn(page: Page, password: string) {
  const { email } = inject('contentEditor');
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Parola', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Intră' }).click();
}

describe('the content screens in Chromium', () => {
  const browser = useBrowser();

  it('an editor adds a case with bank accounts, publishes a post, creates a coupon the checkout takes; axe clean', async () => {
    const { page, context, errors } = await openPage(browser, 1280);
    await logIn(page, inject('contentEditor').password);
    await page.waitForURL(/\/admin\/password$/);
    await page.getByLabel('Parola actuală').fill(inject('contentEditor').password);
    await page.getByLabel('Parola nouă', { exact: false }).first().fill(newPassword);
    await page.getByLabel('Confirmați parola nouă').fill(newPassword);
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await page.waitForURL(`${baseURL()}/admin`);

    // A humanitarian case with two accounts (the second added with the form's button).
    await page.getByRole('link', { name: 'Cazuri', exact: true }).click();
    await page.waitForURL(/\/admin\/cases$/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Cazuri umanitare' }).count()).toBe(1);
    await expectAxeClean(page, 'cases list');
    await page.getByRole('link', { name: 'Caz nou' }).click();
    await page.waitForURL(/\/admin\/cases\/new$/);
    // The link may have loaded a new document: "Adaugă un cont" and the IBAN check need React.
    await hydrated(page);
    const title = `Tratament pentru Daria ${unique}`;
    await page.getByLabel('Titlul cazului').fill(title);
    await page.getByLabel('Beneficiar').fill('Daria Stan');
    await page.getByLabel('Vârsta').fill('9');
    await page.getByLabel('Diagnostic sau nevoie').fill('Leucemie');
    await page.getByLabel('Categorie').selectOption({ index: 1 });
    await page.getByLabel('Localitatea').fill('Timișoara');
    await page.getByLabel('Spitalul sau locul tratamentului').fill('Spitalul Louis Țurcanu');
    await page.getByLabel('Descrierea cazului').fill('Daria are nevoie de tratament timp de un an.');
    await page.getByLabel('Suma necesară').fill('25000');
    await page.getByLabel('Costul tratamentului').fill('30000,50');
    await page.getByLabel('Termen').fill('2027-06-30');
    await page.getByLabel('Titularul conturilor').fill('Asociația Maranatha');
    await page.locator('input[name="accounts[0].iban"]').fill('RO49 AAAA 1B31 0075 9384 0000');
    await page.locator('input[name="accounts[0].bank"]').fill('Banca Transilvania');
    await page.getByRole('button', { name: 'Adaugă un cont' }).click();
    await page.locator('select[name="accounts[1].currency"]').selectOption('EUR');
    await page.locator('input[name="accounts[1].iban"]').fill('RO66BACX0000001234567890');
    await page.locator('input[name="accounts[1].bank"]').fill('Banca Transilvania');
    await page.locator('input[name="manager.name"]').fill('Maria Pop');
    await page.locator('input[name="manager.email"]').fill('maria@example.ro');
    await page.locator('input[name="manager.telephone"]').fill('0744 000 111');
    await page.locator('input[name="manager.schedule"]').fill('L–V 9–17');
    // A photo from the computer: stored by the shop's picture store, shown on the case's page.
    await page.locator('input[name="newImages"]').setInputFiles({
      name: 'daria.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer(),
    });
    // A bad IBAN is named on its field, and nothing is sent.
    await page.locator('input[name="accounts[1].iban"]').fill('RO00 GRESIT');
    await page.getByRole('button', { name: 'Salvează' }).click();
    await expect.poll(() => page.getByText('IBAN-ul nu este valid.').count()).toBe(1);
    await page.locator('input[name="accounts[1].iban"]').fill('RO66BACX0000001234567890');
    await page.getByRole('button', { name: 'Salvează' }).click();
    await page.waitForURL(/\/admin\/cases\/\d+\?status=saved$/);
    await expect.poll(() => page.getByText('Modificările au fost salvate.').count()).toBe(1);
    await expect.poll(() => page.locator('img[src^="/media/"]').count()).toBe(1);
    await expectAxeClean(page, 'case editor');
    await page.getByRole('link', { name: 'Vezi cazul în magazin' }).click();
    await page.waitForURL(/\/pages\/cazuri-umanitare\/daria-stan-\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(title);
    await expect.poll(() => page.locator('main').textContent()).toContain('RO66BACX0000001234567890');
    await expect.poll(() => page.locator('main img[src^="/media/"]').count()).toBeGreaterThan(0);

    // A blog post: preview, then publish; it is on the shop's blog at once.
    await page.goto('/admin/blog');
    await expectAxeClean(page, 'blog list');
    await page.getByRole('link', { name: 'Articol nou' }).click();
    await page.waitForURL(/\/admin\/blog\/new$/);
    const postTitle = `Concert de binefacere ${unique}`;
    await page.locator('input[name="title"]').fill(postTitle);
    await page.getByLabel('Autor').fill('Echipa Maranatha');
    await page.getByLabel('Categorie').fill('Evenimente');
    await page.getByLabel('Etichete').fill('concert, caritate');
    await page.getByLabel('Rezumat').fill('Un concert pentru Daria.');
    await page.getByLabel('Textul articolului (Markdown)').fill('## Programul serii\n\nCântăm **împreună**.');
    await page.getByLabel('Imaginea articolului').fill('/illustrations/dove-1.svg');
    await page.getByLabel('Imaginea din listă').fill('/illustrations/dove-2.svg');
    await page.getByRole('button', { name: 'Previzualizează' }).click();
    const preview = page.locator('section[aria-labelledby="post-preview"]');
    await expect.poll(() => preview.locator('h2', { hasText: 'Programul serii' }).count()).toBe(1);
    await expect.poll(() => preview.locator('strong').textContent()).toBe('împreună');
    await expectAxeClean(page, 'blog editor with preview');
    await page.getByRole('button', { name: 'Salvează și publică' }).click();
    await page.waitForURL(/\/admin\/blog\/\d+\?status=published$/);
    await page.getByRole('link', { name: 'Vezi articolul în magazin' }).click();
    await page.waitForURL(/\/pages\/blog-details\/\d+$/);
    await expect.poll(() => page.locator('main h2', { hasText: 'Programul serii' }).count()).toBe(1);
    await page.goto('/pages/blog');
    await expect.poll(() => page.getByText(postTitle).count()).toBeGreaterThan(0);

    // A coupon, then used at the checkout on a book.
    await page.goto('/admin/coupons');
    await expectAxeClean(page, 'coupons list');
    await page.getByRole('link', { name: 'Cupon nou' }).click();
    await page.waitForURL(/\/admin\/coupons\/new$/);
    const code = `CARTE${unique}`.slice(0, 40);
    await page.locator('input[name="couponCode"]').fill(code.toLowerCase());
    await page.locator('input[name="title"]').fill('Reducere la cărți');
    await page.getByLabel('Reducere (%)').fill('10');
    await page.getByLabel('Suma minimă a produselor').fill('0');
    await page.getByLabel('Tipul de produs').selectOption('carte');
    await page.getByLabel('Valabil până la').fill('2099-12-31T23:59');
    await page.getByLabel('Imaginea cuponului').fill('/illustrations/book-10.svg');
    await page.getByRole('button', { name: 'Salvează' }).click();
    await page.waitForURL(/\/admin\/coupons\/\d+\?status=saved$/);
    await expect.poll(() => page.locator('input[name="couponCode"]').inputValue()).toBe(code);
    await expectAxeClean(page, 'coupon editor');

    // A book without a reduction of its own (the coupon gives more than none), as its cart line shows it.
    const listed = (await (
      await fetch(`${baseURL()}/api/products?productType=carte&in_stock=1&sortBy=price-desc&per_page=60`)
    ).json()) as { data: { id: number; inStock: boolean; personalizationRequired: boolean }[] };
    let found = false;
    for (const candidate of listed.data.filter((p) => p.inStock && !p.personalizationRequired)) {
      await addToCart(context, [candidate.id]);
      const cart = (await (await context.request.get('/api/cart')).json()) as {
        lines: { id: number; unitPrice: number; regularPrice: number }[];
      };
      const [line] = cart.lines;
      if (line.unitPrice === line.regularPrice) {
        found = true;
        break;
      }
      await context.request.delete(`/api/cart/lines/${line.id}`, { headers: { origin: baseURL() } });
    }
    expect(found).toBe(true);
    await page.goto('/pages/checkout');
    const checkout = page.locator('form#checkout');
    await checkout.locator('input[name="expected_total"]').waitFor({ state: 'attached' });
    await checkout.locator('input[name="couponCode"]').fill(code.toLowerCase());
    await checkout.getByRole('button', { name: 'Aplică' }).click();
    await expect.poll(() => page.locator('#checkout-coupon-outcome').textContent()).toBe('Cuponul a fost aplicat.');

    // The inbox and the statistics open, axe clean.
    await page.goto('/admin/messages');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Mesaje primite' }).count()).toBe(1);
    await expectAxeClean(page, 'inbox');
    await page.goto('/admin/statistics');
    await page.getByLabel('Clienți').fill('4321');
    await page.getByRole('button', { name: 'Salvează' }).click();
    await page.waitForURL(/\/admin\/statistics\?status=saved$/);
    await expect.poll(() => page.getByLabel('Clienți').inputValue()).toBe('4321');
    await expectAxeClean(page, 'statistics');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('a coupon form posts and saves with JavaScript off; a bad value comes back with its message', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    // The first test changed the one-time password; this one logs in with the new one.
    await logIn(page, newPassword);
    await page.waitForURL(`${baseURL()}/admin`);
    await page.goto('/admin/coupons/new');
    const form = page.locator('form#coupon-new');
    const code = `FARAJS${unique}`.slice(0, 40);
    await form.locator('input[name="couponCode"]').fill(code);
    await form.locator('input[name="title"]').fill('Fără JavaScript');
    await form.locator('input[name="discountPercentage"]').fill('500');
    await form.locator('input[name="minimumAmount"]').fill('10');
    await form.locator('input[name="endTime"]').fill('2099-01-01T10:00');
    await form.locator('input[name="logo"]').fill('/illustrations/book-5.svg');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      form.locator('button[type="submit"]').click(),
    ]);
    expect(refused.status()).toBe(400);
    await page.getByText('Reducerea este un număr întreg de la 1 la 100.').waitFor();
    await form.locator('input[name="discountPercentage"]').fill('5');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\/admin\/coupons\/\d+\?status=saved$/);
    await page.goto('/pages/coupons');
    await expect.poll(() => page.getByText(code).count()).toBeGreaterThan(0);
    await context.close();
  }, 60_000);
});
