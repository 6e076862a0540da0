import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';

/** The code an authenticator app shows for the manual key read off the setup page. */
const codeOf = (key: string, offsetSteps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function expectAxeClean(page: Page, what: string) {
  expect(await seriousAxeViolations(page), what).toEqual([]);
}

/** An in-stock book of the demo catalogue (books have no personalisation). */
async function someBook(): Promise<{ slug: string }> {
  const res = await fetch(`${baseURL()}/api/products?productType=carte&in_stock=1&per_page=10`);
  const body = (await res.json()) as { data: { slug: string; inStock: boolean }[] };
  const book = body.data.find((p) => p.inStock);
  if (!book) throw new Error('no book in stock');
  return book;
}

const LOCKERS_CSV = [
  'locker_id,name,county,city,street,number,zip_code',
  'E2E-ARAD-1,GLS Locker Gara Arad,Arad,Arad,Piața Gării,1,310010',
  'E2E-ARAD-2,GLS Locker Atrium Mall,Arad,Arad,Calea Aurel Vlaicu,10,310141',
].join('\n');

describe('the shipping and money screens in Chromium', () => {
  const browser = useBrowser();
  const newPassword = 'livrare-parola-noua-1';
  let totpKey = '';

  it('changes the GLS free-shipping minimum (the cart shows it at once), imports lockers, shows the settings; axe clean at 1280 px', async () => {
    const { email, password: oneTime } = inject('shippingAdmin');
    const { page, errors } = await openPage(browser, 1280);

    // The member's first login: the one-time password, a new one, the second factor.
    await page.goto('/admin/shipping');
    await page.waitForURL(/\/admin\/login\?redirectTo=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Parola', { exact: false }).first().fill(oneTime);
    await page.getByRole('button', { name: 'Intră' }).click();
    await page.waitForURL(/\/admin\/password$/);
    await page.getByLabel('Parola actuală').fill(oneTime);
    await page.getByLabel('Parola nouă', { exact: false }).first().fill(newPassword);
    await page.getByLabel('Confirmați parola nouă').fill(newPassword);
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await page.waitForURL(/\/admin\/totp-setup$/);
    totpKey = (await page.getByTestId('totp-key').innerText()).replace(/\s+/g, '');
    await page.getByLabel('Codul de 6 cifre').fill(codeOf(totpKey));
    await page.getByRole('button', { name: 'Confirmă' }).click();
    await page.waitForURL(`${baseURL()}/admin`);

    // A shopper's cart (another browser, no JavaScript needed) with one book: under the 200 lei minimum.
    const shopper = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const cartPage = await shopper.newPage();
    await cartPage.goto(`/produs/${(await someBook()).slug}`);
    await cartPage.locator('main form:has(input[name="intent"][value="add"]) button[type="submit"]').first().click();
    await cartPage.goto('/pages/cart');
    const meter = cartPage.locator('aside[aria-labelledby="cart-summary-title"]');
    await expect.poll(() => meter.textContent()).toContain('pentru livrare gratuită');

    // The shipping screen, from the menu: GLS in Romania is shown first.
    await page.getByRole('link', { name: 'Livrare', exact: true }).click();
    await page.waitForURL(/\/admin\/shipping$/);
    // The link may have loaded a new document; the refused amount is checked in the browser.
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { level: 3, name: 'Tarifele GLS în România' }).count()).toBe(1);
    await expectAxeClean(page, 'shipping');
    const minimum = page.getByLabel('Livrare gratuită de la (lei)');
    expect(await minimum.inputValue()).toBe('200,00');
    await minimum.fill('abc');
    await page.getByRole('button', { name: 'Salvează pragul' }).click();
    await expect.poll(() => page.getByText('Scrieți suma în lei').count()).toBe(1);
    await minimum.fill('1,50');
    await page.getByRole('button', { name: 'Salvează pragul' }).click();
    await expect.poll(() => page.getByText('Modificarea a fost salvată.').count()).toBe(1);
    await expect.poll(() => minimum.inputValue()).toBe('1,50');

    // The shopper's cart, reloaded: free GLS delivery now.
    await cartPage.reload();
    await expect.poll(() => meter.textContent()).toContain('este gratuită pentru această comandă');
    await minimum.fill('200');
    await page.getByRole('button', { name: 'Salvează pragul' }).click();
    await expect.poll(() => minimum.inputValue()).toBe('200,00');
    await cartPage.reload();
    await expect.poll(() => meter.textContent()).toContain('pentru livrare gratuită');
    await shopper.close();

    // Lockers from a CSV: preview (nothing written), then apply.
    await page.getByRole('link', { name: 'Puncte de ridicare', exact: true }).click();
    await page.waitForURL(/\/admin\/places$/);
    await expectAxeClean(page, 'places');
    await page.getByLabel('Fișierul CSV').setInputFiles({
      name: 'lockere.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(LOCKERS_CSV, 'utf8'),
    });
    await page.getByRole('button', { name: 'Previzualizează' }).click();
    await expect.poll(() => page.getByText('Fișierul are 2 rânduri corecte: 2 noi').count()).toBe(1);
    await expectAxeClean(page, 'places, preview');
    await page.getByRole('button', { name: 'Aplică importul' }).click();
    await expect.poll(() => page.getByText('Import aplicat: 2 rânduri noi').count()).toBe(1);
    await page.getByLabel('Caută', { exact: false }).fill('E2E-ARAD');
    await page.getByRole('button', { name: 'Arată' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'GLS Locker Gara Arad', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText('2 rezultate').count()).toBe(1);

    // A file with a bad line: reported by its line, nothing applied.
    await page.getByLabel('Fișierul CSV').setInputFiles({
      name: 'gresit.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${LOCKERS_CSV}\nE2E-ARAD-3,Locker,Arad,Arad,Strada X,2,31`, 'utf8'),
    });
    await page.getByRole('button', { name: 'Previzualizează' }).click();
    await expect.poll(() => page.getByText('O problemă în fișier: nu s-a importat nimic.').count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Codul poștal are 6 cifre.' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Aplică importul' }).count()).toBe(0);

    // The settings: the BNR rates with their date and the invoice details.
    await page.getByRole('link', { name: 'Setări', exact: true }).click();
    await page.waitForURL(/\/admin\/settings$/);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Cursul de schimb BNR' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'EUR', exact: true }).count()).toBe(1);
    await expectAxeClean(page, 'settings');
    await page.getByLabel('Seria facturilor').fill('mrn');
    await page.getByRole('button', { name: 'Salvează datele facturilor' }).click();
    await expect.poll(() => page.getByText('Seria are 1–10 majuscule').count()).toBe(1);
    await page.getByLabel('Seria facturilor').fill('MRN');
    await page.getByRole('button', { name: 'Salvează datele facturilor' }).click();
    await expect.poll(() => page.getByText('Modificarea a fost salvată.').count()).toBe(1);
    // Update now: BNR answers or it does not (no network here); either way the page says which.
    await page.getByRole('button', { name: 'Actualizează acum de la BNR' }).click();
    await expect
      .poll(
        async () =>
          (await page.getByText('Cursurile BNR din').count()) +
          (await page.getByText('Cursurile nu au putut fi actualizate').count()),
        { timeout: 30_000 },
      )
      .toBe(1);
    await expectAxeClean(page, 'settings, after update');
    // The refused file's answer is a 400 by design (the browser logs it); nothing else may have gone wrong.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  }, 180_000);

  it('saves a free-shipping minimum with a plain form post, JavaScript off', async () => {
    expect(totpKey).not.toBe('');
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.locator('input[name="email"]').fill(inject('shippingAdmin').email);
    await page.locator('input[name="password"]').fill(newPassword);
    // A code is good once: the next step's, which the login window still accepts.
    await page.locator('input[name="code"]').fill(codeOf(totpKey, 1));
    await page.locator('form[method="post"] button[type="submit"]').click();
    await page.waitForURL(`${baseURL()}/admin`);
    await page.goto('/admin/shipping?carrier=7&country=RO');
    const form = page.locator('form:has(input[name="intent"][value="minimum"])');
    await form.locator('input[name="minimum"]').fill('150');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      form.locator('button[type="submit"]').click(),
    ]);
    expect(response.status()).toBe(200);
    await page.getByText('Modificarea a fost salvată.').waitFor();
    await page.goto('/admin/shipping?carrier=7&country=RO');
    expect(
      await page.locator('form:has(input[name="intent"][value="minimum"]) input[name="minimum"]').inputValue(),
    ).toBe('150,00');
    // Back to SPEC §9's 200 lei, for the other files' checkouts.
    await page.locator('form:has(input[name="intent"][value="minimum"]) input[name="minimum"]').fill('200');
    await page.locator('form:has(input[name="intent"][value="minimum"]) button[type="submit"]').click();
    await page.getByText('Modificarea a fost salvată.').waitFor();
    await context.close();
  }, 60_000);
});
