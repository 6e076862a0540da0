import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';
import { addToCart, mailsTo } from './shop';

/**
 * Issue 12's journeys through the built-in NETOPIA simulator: a card order paid after 3-D Secure (paid only
 * once the signed notification reached the shop), and a declined card that leaves the order payable again.
 * axe on the simulator's pages and the payment-return page.
 */

async function aBookInStock(): Promise<number> {
  const res = await fetch(`${baseURL()}/api/products?productType=carte&in_stock=1&per_page=30`);
  const body = (await res.json()) as { data: { id: number; inStock: boolean }[] };
  const found = body.data.find((p) => p.inStock);
  if (!found) throw new Error('no book in stock');
  return found.id;
}

const paidMail = (email: string) => mailsTo(email).some((m) => m.includes('Am primit plata cu cardul'));

const form = (page: Page) => page.locator('form#checkout');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A guest's card order to Arad, placed: the browser is then on the simulator's card page. */
async function placeCardOrder(page: Page, context: BrowserContext, email: string) {
  await addToCart(context, [await aBookInStock()]);
  await page.goto('/pages/checkout');
  // The typeaheads need React; so does the card payment's 3-D Secure data, kept by the hydrated form.
  await hydrated(page);
  await form(page).locator('input[name="client_email"]').fill(email);
  await form(page).locator('input[name="billing.first_name"]').fill('Ion');
  await form(page).locator('input[name="billing.last_name"]').fill('Popescu');
  await form(page).locator('input[name="billing.phone"]').fill('0722 123 456');
  await form(page).locator('select[name="billing.county"]').selectOption('Arad');
  await form(page).locator('input[name="billing.city"]').fill('Arad');
  await page.getByRole('listbox').getByRole('option', { name: /^Arad/ }).first().click();
  await form(page).locator('input[name="billing.street"]').fill('Revoluției');
  await page.getByRole('option', { name: /53A-97/ }).click();
  await expect.poll(() => form(page).locator('input[name="billing.zip_code"]').inputValue()).toBe('310130');
  await form(page).locator('input[name="billing.number"]').fill('81');
  await form(page).getByRole('radio', { name: /^Card/ }).check();
  await expect.poll(() => form(page).getByRole('radio', { name: /^Card/ }).isChecked()).toBe(true);
  await form(page).locator('input[name="terms"]').check();
  const place = form(page).getByRole('button', { name: 'Plasează comanda' });
  await expect.poll(() => place.isDisabled()).toBe(false);
  await place.click();
  await page.waitForURL(/\/netopia-sim\/pay\/[0-9a-f]{32}$/);
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Numărul cardului').fill(card);
  await page.getByLabel('Data expirării (LL/AA)').fill('12/39');
  await page.getByLabel('Codul CVV/CVC').fill('123');
  await page.getByLabel('Numele de pe card').fill('Ion Popescu');
  await page.getByRole('button', { name: /^Plătește/ }).click();
}

describe('card payments through the NETOPIA simulator', () => {
  const browser = useBrowser();

  it('pays after 3-D Secure; the order is paid by the signed notification and the shopper sees the confirmation', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = `card-${unique()}@example.ro`;
    await placeCardOrder(page, context, email);
    await page.getByText('MEDIU DE TEST', { exact: false }).waitFor();
    await page.getByRole('cell', { name: '4111 1111 1111 1111' }).waitFor();
    // SPEC §4: the 3-D Secure data is kept in session storage until the return page's verification.
    const kept = JSON.parse((await page.evaluate(() => sessionStorage.getItem('netopia3ds'))) ?? 'null');
    expect(kept).toMatchObject({ ntpID: expect.any(String), authenticationToken: expect.any(String) });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await payWith(page, '4111 1111 1111 1111');
    await page.waitForURL(/\/netopia-sim\/3ds\//);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Aprobă' }).click();
    await page.waitForURL(/\/pages\/payment-return\?/);
    expect(new URL(page.url()).searchParams.get('xid')).toBeTruthy();
    await page.getByRole('heading', { name: 'Payment successful!' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('netopia3ds'))).toBeNull();
    await page.waitForURL(/\/pages\/order-registered$/);
    await expect.poll(() => page.getByTestId('order-number').textContent()).toMatch(/^MRN-\d{4}-\d{6}$/);
    await expect.poll(() => paidMail(email)).toBe(true);

    // The invoice, from the guest's order page that the confirmation e-mail links to.
    const guestPath = /\/pages\/comanda\/[\w-]{43}/.exec(mailsTo(email).join('\n'))?.[0];
    expect(guestPath).toBeTruthy();
    await page.goto(guestPath as string);
    const invoice = page.getByRole('link', { name: /^Factura MRN-\d{6}$/ });
    await page.locator('a[data-enhanced="true"]').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    expect(download.suggestedFilename()).toMatch(/^Factura #MRN-\d{6}\.pdf$/);
    const pdf = await download.path();
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A download that fails says so (SPEC §8) and the page stays.
    await page.route('**/api/client-order/download-invoice/**', (route) => route.fulfill({ status: 500, body: '' }));
    await invoice.click();
    await page.getByText('Eroare la descarcare').waitFor();
    expect(page.url()).toContain(guestPath as string);
    expect(errors.filter((e) => !e.includes('500'))).toEqual([]);
    await context.close();
  });

  it('a declined card: the return says so, the order stays unpaid and can be paid again', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = `refuz-${unique()}@example.ro`;
    await placeCardOrder(page, context, email);
    await payWith(page, '4000 0000 0000 0002');
    await page.waitForURL(/\/pages\/payment-return\?/);
    await page.getByRole('heading', { name: 'Payment could not be verified.' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const retry = page.getByRole('button', { name: 'Încearcă din nou plata' });
    await retry.waitFor();
    expect(paidMail(email)).toBe(false);
    // The order's link from the confirmation e-mail offers the payment again too.
    const link = mailsTo(email)
      .map((m) => /\/pages\/comanda\/[A-Za-z0-9_-]{43}/.exec(m)?.[0])
      .find(Boolean);
    expect(link).toBeTruthy();
    const orderPage = await context.newPage();
    await orderPage.goto(link as string);
    await orderPage.getByRole('button', { name: 'Încearcă din nou plata' }).waitFor();
    await orderPage.close();
    await retry.click();
    await page.waitForURL(/\/netopia-sim\/pay\/[0-9a-f]{32}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a failed 3-D Secure step: the return says so and the order stays unpaid', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = `3ds-${unique()}@example.ro`;
    await placeCardOrder(page, context, email);
    await payWith(page, '4000 0000 0000 3063');
    await page.waitForURL(/\/netopia-sim\/3ds\//);
    await page.getByRole('button', { name: 'Aprobă' }).click();
    await page.waitForURL(/\/pages\/payment-return\?/);
    await page.getByRole('heading', { name: 'Payment could not be verified.' }).waitFor();
    await page.getByRole('button', { name: 'Încearcă din nou plata' }).waitFor();
    await page.getByRole('link', { name: /pagina principală/i }).waitFor();
    expect(paidMail(email)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an abandoned payment: the shopper leaves the card page, the order waits, and pays later from its link', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = `abandon-${unique()}@example.ro`;
    await placeCardOrder(page, context, email);
    await page.getByText('MEDIU DE TEST', { exact: false }).waitFor();
    // Leaves without paying: back to the shop.
    await page.goto('/');
    const link = mailsTo(email)
      .map((m) => /\/pages\/comanda\/[A-Za-z0-9_-]{43}/.exec(m)?.[0])
      .find(Boolean);
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await page.getByRole('button', { name: 'Încearcă din nou plata' }).click();
    await page.waitForURL(/\/netopia-sim\/pay\/[0-9a-f]{32}$/);
    await payWith(page, '4111 1111 1111 1111');
    await page.waitForURL(/\/netopia-sim\/3ds\//);
    await page.getByRole('button', { name: 'Aprobă' }).click();
    await page.getByRole('heading', { name: 'Payment successful!' }).waitFor();
    await expect.poll(() => paidMail(email)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the checkout post goes to the card page, the return is verified by the server', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await addToCart(context, [await aBookInStock()]);
    await page.goto('/pages/checkout');
    const email = `card-fara-js-${unique()}@example.ro`;
    await form(page).locator('input[name="client_email"]').fill(email);
    await form(page).locator('input[name="billing.first_name"]').fill('Ana');
    await form(page).locator('input[name="billing.last_name"]').fill('Pop');
    await form(page).locator('input[name="billing.phone"]').fill('0722000111');
    await form(page).locator('select[name="billing.county"]').selectOption('Arad');
    await form(page).locator('input[name="billing.city"]').fill('Arad');
    await form(page).locator('input[name="billing.street"]').fill('Bulevardul Revoluției');
    await form(page).locator('input[name="billing.number"]').fill('81');
    await form(page).locator('input[name="billing.zip_code"]').fill('310130');
    await form(page).getByRole('radio', { name: /^Card/ }).check();
    await form(page).locator('input[name="terms"]').check();
    await form(page).getByRole('button', { name: 'Plasează comanda' }).click();
    await page.waitForURL(/\/netopia-sim\/pay\/[0-9a-f]{32}$/);
    await payWith(page, '4111111111111111');
    await page.waitForURL(/\/netopia-sim\/3ds\//);
    await page.getByRole('button', { name: 'Aprobă' }).click();
    await page.waitForURL(/\/pages\/payment-return\?/);
    await page.getByRole('heading', { name: 'Payment successful!' }).waitFor();
    await page.getByRole('link', { name: 'Vezi confirmarea comenzii' }).click();
    await page.waitForURL(/\/pages\/order-registered$/);
    await expect.poll(() => paidMail(email)).toBe(true);
    await context.close();
  });

  it('a return without its 3-D Secure parameters says so', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/pages/payment-return');
    await page.getByRole('heading', { name: 'Missing 3DS parameters.' }).waitFor();
    await page.getByRole('link', { name: 'Înapoi la pagina principală' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
