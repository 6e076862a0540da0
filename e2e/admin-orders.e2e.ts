import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';
import { ARAD_ADDRESS, mailsTo } from './shop';

/**
 * Issue 13's order paragraph, by an operator (e2e/admin-setup.ts): a cash-on-delivery order marked processing,
 * its GLS AWB saved (the client's e-mail with the tracking link, the AWB in their profile), shipped, invoiced
 * and completed; a bank-transfer order confirmed as paid; another cancelled and its stock back. Axe on the
 * order page at 1280 px, the page by keyboard only, and an action without JavaScript.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const billing = { ...ARAD_ADDRESS, first_name: 'Maria', last_name: 'Comandă' };

interface Placed {
  id: number;
  ref: string;
}

/** A Bible with at least `min` pieces in stock, other than `not`, through the catalogue API. */
async function productInStock(min: number, not: number[] = []): Promise<number> {
  const res = await fetch(`${baseURL()}/api/products?productType=biblie&in_stock=1&sortBy=price-asc&per_page=30`);
  const body = (await res.json()) as { data: { id: number; inStock: boolean; personalizationRequired: boolean }[] };
  for (const p of body.data) {
    // A Bible that cannot be bought without its engraving is left out: the cart asks for the personalisation.
    if (!p.inStock || p.personalizationRequired || not.includes(p.id)) continue;
    if ((await stockOf(p.id)) >= min) return p.id;
  }
  throw new Error(`no Bible with ${min} pieces in stock`);
}

async function stockOf(productId: number): Promise<number> {
  const res = await fetch(`${baseURL()}/api/client-order/check-products-stock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ items: [{ id: productId, requested_quantity: 10_000 }] }),
  });
  return ((await res.json()) as { available_stock: number }[])[0].available_stock;
}

/** Places an order through the shop's API in `context` (its cart, its session if any), GLS home delivery. */
async function placeOrder(
  context: BrowserContext,
  email: string,
  productId: number,
  quantity: number,
  payment: 'ramburs' | 'transfer',
): Promise<Placed> {
  const headers = { origin: baseURL() };
  const line = await context.request.post('/api/cart/lines', { headers, data: { productId, quantity } });
  expect(line.status(), await line.text()).toBe(200);
  const res = await context.request.post('/api/client-order/create', {
    headers: { ...headers, 'idempotency-key': `e2e-admin-orders-${unique()}` },
    data: { client_email: email, billing, carrier: 4, payment_method: payment, terms: true },
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { order_ref_number: string; order: { id: number } } };
  return { id: data.order.id, ref: data.order_ref_number };
}

/** The operator's session once signed in: a TOTP code is accepted once, so later tests reuse the cookie. */
let staffCookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/** Signs the operator in (password and the TOTP code computed from their secret), or reuses the session. */
async function signIn(page: Page): Promise<void> {
  if (staffCookies) {
    await page.context().addCookies(staffCookies);
    return;
  }
  const { email, password, secret } = inject('operator');
  // The setup confirmed this step's code; the login takes the next one (a code is accepted once).
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + 30_000,
  });
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Parola', { exact: false }).first().fill(password);
  await page.getByLabel('Cod de verificare', { exact: false }).fill(code);
  await page.getByRole('button', { name: 'Intră' }).click();
  await page.waitForURL(`${baseURL()}/admin`);
  staffCookies = (await page.context().cookies()).filter((c) => c.name === 'staff_sid');
}

const status = (page: Page) => page.getByTestId('order-status');
const result = (page: Page) => page.getByTestId('order-result');

async function openOrder(page: Page, order: Placed): Promise<void> {
  await page.goto(`/admin/orders?q=${encodeURIComponent(order.ref)}`);
  await page.getByRole('link', { name: `Deschide comanda ${order.ref}` }).click();
  // Polled rather than waited for as a load: a hydrated list follows the link without a new document.
  await expect.poll(() => page.url(), { timeout: 60_000 }).toBe(`${baseURL()}/admin/orders/${order.id}`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: `Comanda ${order.ref}` }).count()).toBe(1);
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
}

/** Clicks an action's button and waits for its result message. */
async function act(page: Page, button: string, message: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => result(page).innerText()).toContain(message);
}

describe('the order screens in Chromium', () => {
  const browser = useBrowser();

  it('an operator walks the orders paragraph: COD order to completed with its AWB, a transfer confirmed, a cancel', async () => {
    // The shop's side: a client with a cash-on-delivery order and a bank-transfer order, a guest's order to cancel.
    const shopper = await openPage(browser, 1280);
    const clientEmail = `comenzi-${unique()}@example.ro`;
    const registered = await shopper.context.request.post('/api/auth/register', {
      headers: { origin: baseURL() },
      data: {
        first_name: 'Maria',
        last_name: 'Comandă',
        email: clientEmail,
        phone: '0744123456',
        password: 'parola-lunga-1',
        password_confirmation: 'parola-lunga-1',
        terms: true,
      },
    });
    expect(registered.status()).toBeLessThan(300);
    const product = await productInStock(2);
    const cod = await placeOrder(shopper.context, clientEmail, product, 1, 'ramburs');
    const transfer = await placeOrder(shopper.context, clientEmail, product, 1, 'transfer');
    const guest = await browser.newContext({ baseURL: baseURL() });
    const other = await productInStock(2, [product]);
    const stockBefore = await stockOf(other);
    const toCancel = await placeOrder(guest, `anulare-${unique()}@example.ro`, other, 2, 'ramburs');
    expect(await stockOf(other)).toBe(stockBefore - 2);
    await guest.close();

    const { page, context, errors } = await openPage(browser, 1280);
    await signIn(page);

    // The cash-on-delivery order: processing, the GLS AWB, shipped, its invoice, completed.
    await openOrder(page, cod);
    await expect.poll(() => status(page).innerText()).toBe('în așteptare');
    expect(await seriousAxeViolations(page), 'order page').toEqual([]);
    // Only the allowed transitions are offered.
    expect(await page.getByRole('button', { name: 'Marchează expediată' }).count()).toBe(0);
    await act(page, 'Marchează în procesare', 'Starea comenzii a fost schimbată.');
    await expect.poll(() => status(page).innerText()).toBe('în procesare');
    const awb = `E2E${Date.now()}`;
    await page.getByLabel('AWB GLS', { exact: false }).fill(awb);
    await act(page, 'Salvează AWB și trimite e-mailul', 'AWB-ul a fost salvat');
    await expect.poll(() => page.getByTestId('order-awb').innerText()).toContain(awb);
    const tracking = `https://gls-group.com/RO/ro/urmarire-colet?match=${awb}`;
    await expect
      .poll(() => mailsTo(clientEmail).filter((m) => m.includes(tracking) && m.includes(cod.ref)).length)
      .toBe(1);
    await act(page, 'Marchează expediată', 'Starea comenzii a fost schimbată.');
    await expect.poll(() => status(page).innerText()).toBe('expediată');
    await act(page, 'Emite factura', 'Factura a fost emisă.');
    await expect.poll(() => page.getByTestId('order-invoice').innerText()).toMatch(/[A-Z]+-\d{6}/);
    await act(page, 'Marchează finalizată', 'Starea comenzii a fost schimbată.');
    await expect.poll(() => status(page).innerText()).toBe('finalizată');
    expect(await page.getByTestId('order-audit').innerText()).toContain('order.awb');

    // The client sees the AWB, linked to GLS's tracking page, in their profile's orders.
    await shopper.page.goto('/pages/profile?tab=comenzi');
    const link = shopper.page.getByRole('link', { name: awb });
    await expect.poll(() => link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe(tracking);
    await shopper.context.close();

    // The bank-transfer order, confirmed as paid: paid, with its invoice.
    await openOrder(page, transfer);
    await act(page, 'Confirmă plata primită', 'Plata a fost confirmată');
    await expect.poll(() => page.getByTestId('order-payment').innerText()).toContain('plătită');
    await expect.poll(() => page.getByTestId('order-invoice').innerText()).toMatch(/[A-Z]+-\d{6}/);
    expect(await page.getByRole('button', { name: 'Confirmă plata primită' }).count()).toBe(0);

    // The guest's order, cancelled: its two pieces are back in stock.
    await openOrder(page, toCancel);
    await act(page, 'Anulează comanda', 'Comanda a fost anulată');
    await expect.poll(() => status(page).innerText()).toBe('anulată');
    expect(await stockOf(other)).toBe(stockBefore);
    expect(await page.getByRole('button', { name: 'Marchează în procesare' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the order page by keyboard only: Tab to an action, Enter, focus on the result; and an action without JavaScript', async () => {
    const guest = await browser.newContext({ baseURL: baseURL() });
    const product = await productInStock(2);
    const order = await placeOrder(guest, `tastatura-${unique()}@example.ro`, product, 1, 'ramburs');
    const second = await placeOrder(guest, `fara-js-${unique()}@example.ro`, product, 1, 'ramburs');
    await guest.close();

    const { page, context, errors } = await openPage(browser, 1280);
    await signIn(page);
    await openOrder(page, order);
    await page.locator('body').focus();
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Marchează în procesare');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page).innerText()).toBe('în procesare');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('order-result');
    await expect.poll(() => result(page).innerText()).toContain('Starea comenzii a fost schimbată.');
    expect(errors).toEqual([]);

    // The same session without JavaScript: the button is a plain form post the server answers.
    const noJs = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await noJs.addCookies(await context.cookies());
    const plain = await noJs.newPage();
    await plain.goto(`/admin/orders/${second.id}`);
    const form = plain.locator('form[method="post"]:has(input[name="status"][value="processing"])');
    const [response] = await Promise.all([
      plain.waitForResponse((r) => r.request().method() === 'POST'),
      form.locator('button[type="submit"]').click(),
    ]);
    expect(response.status()).toBe(200);
    await expect.poll(() => plain.getByTestId('order-status').innerText()).toBe('în procesare');
    await expect
      .poll(() => plain.getByTestId('order-result').innerText())
      .toContain('Starea comenzii a fost schimbată.');
    await noJs.close();
    await context.close();
  }, 120_000);
});
