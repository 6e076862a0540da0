import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';
import { ARAD_ADDRESS, addToCart, mailsTo } from './shop';

/**
 * Issue 11's journeys: a guest's Romanian home-delivery order with a donation (JavaScript on and off), a
 * client's carriers and payment rules (locker dialog by keyboard, depot, Germany with an agency, Tarsin), a
 * bank-transfer order and its e-mail, coupons, the draft, and axe on the checkout, order-registered and
 * orders pages at desktop and phone width.
 */

interface Listed {
  id: number;
  slug: string;
  title: string;
  inStock: boolean;
  price: number;
}

async function inStock(query: string, skip: number, count: number): Promise<Listed[]> {
  const res = await fetch(`${baseURL()}/api/products?${query}&in_stock=1&per_page=30`);
  const body = (await res.json()) as { data: Listed[] };
  const found = body.data.filter((p) => p.inStock).slice(skip, skip + count);
  if (found.length < count) throw new Error(`not enough products in stock for ${query}`);
  return found;
}

async function stockOf(productId: number): Promise<number> {
  const res = await fetch(`${baseURL()}/api/client-order/check-products-stock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    // More than any stock, so the answer names what is there.
    body: JSON.stringify({ items: [{ id: productId, requested_quantity: 10_000 }] }),
  });
  return ((await res.json()) as { available_stock: number }[])[0].available_stock;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const form = (page: Page) => page.locator('form#checkout');
const carrier = (page: Page, name: string | RegExp) =>
  form(page).locator('fieldset:has(legend:text("Metode de livrare"))').getByRole('radio', { name });
const paymentNames = (page: Page) =>
  form(page)
    .locator('fieldset:has(legend:text("Metode de plată")) input[type="radio"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

/**
 * Waits until React has hydrated the checkout form (the figures it sends back exist only then): a choice made
 * earlier changes the field but not the carriers the page asks for.
 */
async function checkoutReady(page: Page) {
  await form(page).locator('input[name="expected_total"]').waitFor({ state: 'attached' });
}

/** Contact and a Romanian address: county Arad → locality Arad → "Revoluției" picked, the postal code filled. */
async function fillAradBilling(page: Page, email: string) {
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
}

describe('checkout with JavaScript', () => {
  const browser = useBrowser();

  it('a guest orders two books and a Bible to Arad with GLS, cash on delivery and a 10 lei donation', async () => {
    const { page, context, errors } = await openPage(browser);
    const books = await inStock('productType=carte', 0, 2);
    const [bible] = await inStock('selectVal=biblii-personalizate', 0, 1);
    const before = await stockOf(books[0].id);
    await addToCart(
      context,
      books.map((b) => b.id),
    );
    // The personalised Bible through its product page: the engraving is required.
    await page.goto(`/produs/${bible.slug}`);
    await page.getByTestId('cart-count').waitFor();
    const addForm = page.locator('main form:has(input[name="intent"][value="add"])').first();
    await addForm.locator('input[name="personalization.engraving_text"]').fill('Pentru Ion, 2026');
    await addForm.locator('select[name="personalization.engraving_colour"]').selectOption('Argintiu');
    await addForm.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3');

    await page.goto('/pages/cart');
    await page.getByRole('link', { name: 'Finalizează comanda' }).click();
    await page.waitForURL(/\/pages\/checkout$/);
    // The link may have loaded a new document: the typeaheads and the donation need the hydrated form.
    await checkoutReady(page);
    await page.getByText('Client existent? Click aici pentru autentificare').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const email = `oaspete-${unique()}@example.ro`;
    await fillAradBilling(page, email);
    // GLS home delivery and Ramburs are chosen by default in Romania.
    await expect
      .poll(() =>
        carrier(page, /^GLS\b(?!.*Locker)/)
          .first()
          .isChecked(),
      )
      .toBe(true);
    expect(
      await form(page)
        .getByRole('radio', { name: /Ramburs/ })
        .isChecked(),
    ).toBe(true);
    const totalBefore = await page.getByTestId('checkout-total').textContent();
    await form(page).getByRole('radio', { name: '10,00 lei' }).check();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).not.toBe(totalBefore);
    await expect.poll(() => form(page).locator('dl').textContent()).toContain('Donație');

    await expect.poll(() => page.evaluate(() => localStorage.getItem('checkout_draft'))).toContain(email);
    const place = form(page).getByRole('button', { name: 'Plasează comanda' });
    expect(await place.isDisabled()).toBe(true);
    await form(page).locator('input[name="terms"]').check();
    await expect.poll(() => place.isDisabled()).toBe(false);
    await place.click();

    await page.waitForURL(/\/pages\/order-registered$/);
    const ref = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(ref).toMatch(/^MRN-\d{4}-\d{6}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // SPEC §4: the order removes the draft the form kept.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('checkout_draft'))).toBeNull();
    await expect.poll(() => mailsTo(email).some((m) => m.includes(ref))).toBe(true);
    const mail = mailsTo(email).find((m) => m.includes(ref)) ?? '';
    expect(mail).toContain(books[0].title);
    expect(mail).toContain(bible.title);
    expect(mail).toContain('Ramburs');
    expect(mailsTo('comenzi@librariamaranatha.ro').some((m) => m.includes(ref))).toBe(true);
    expect(await stockOf(books[0].id)).toBe(before - 1);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');

    // Shown once: the receipt cookie is gone, so the page now leads home.
    await page.goto('/pages/order-registered');
    await page.waitForURL(`${baseURL()}/`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a client: prefill, the locker dialog by keyboard, depot pickup, Germany with an agency, Tarsin, a transfer order', async () => {
    const { page, context, errors } = await openPage(browser);
    const email = `client-${unique()}@example.ro`;
    const registered = await context.request.post('/api/auth/register', {
      headers: { origin: baseURL() },
      data: {
        first_name: 'Maria',
        last_name: 'Ionescu',
        email,
        phone: '0744111222',
        password: 'parola-buna-1',
        password_confirmation: 'parola-buna-1',
        terms: true,
      },
    });
    expect(registered.status()).toBeLessThan(300);
    const saved = await context.request.post('/api/auth/addresses', {
      headers: { origin: baseURL() },
      data: {
        ...ARAD_ADDRESS,
        address_type: 'billing',
        first_name: 'Maria',
        last_name: 'Ionescu',
        phone: '0744111222',
      },
    });
    expect(saved.status()).toBeLessThan(300);
    const books = await inStock('productType=carte', 2, 2);
    await addToCart(context, [books[0].id]);

    await page.goto('/pages/checkout');
    await checkoutReady(page);
    // SPEC §6: the saved address is prefilled, the e-mail is the account's.
    await expect.poll(() => form(page).locator('input[name="billing.first_name"]').inputValue()).toBe('Maria');
    expect(await form(page).locator('input[name="client_email"]').inputValue()).toBe(email);
    expect(await page.getByText('Client existent? Click aici pentru autentificare').count()).toBe(0);

    // The locker carrier opens the dialog on its search; typing searches, Tab reaches the lockers, Enter picks one.
    await carrier(page, /GLS Locker/).check();
    const dialog = page.getByRole('dialog', { name: 'Lockere GLS' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.type('Arad');
    const lockers = dialog.getByRole('listitem');
    // Wait for the answer to "Arad" itself, not the list of an earlier search.
    await expect
      .poll(async () => {
        const texts = await lockers.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('Arad'));
      })
      .toBe(true);
    const lockerName = (await lockers.first().locator('span').first().textContent()) ?? '';
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('dialog li')
          ? 'locker'
          : `${active?.tagName}:${active?.textContent || active?.getAttribute('value')}`;
      });
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('locker');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => form(page).textContent()).toContain(`Locker ales: ${lockerName}`);
    // Focus goes back to what opened the dialog: the locker carrier.
    await expect.poll(focused).toBe('INPUT:7');
    // SPEC §4: a locker takes Card only.
    await expect.poll(() => paymentNames(page)).toEqual(['card']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Space picks as well, and focus returns to the button that opened the dialog.
    const change = form(page).getByRole('button', { name: 'Schimbă lockerul' });
    await change.click();
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('locker');
    await page.keyboard.press('Space');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(focused).toBe('BUTTON:Schimbă lockerul');
    await expect.poll(() => form(page).textContent()).toContain(`Locker ales: ${lockerName}`);

    // Escape closes the dialog without a choice, even from its search with text in it, and clears the locker (SPEC §4).
    await change.click();
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => form(page).textContent()).toContain('Alege un locker GLS pentru livrare.');
    await expect.poll(focused).toBe('BUTTON:Alege lockerul GLS');

    // Depot pickup in Arad: every payment method again; a separate delivery address gets SPEC §8's warning.
    await carrier(page, /Ridicare din depozit/).check();
    await expect.poll(() => form(page).textContent()).toContain('Ridici coletul din depozitul librăriei');
    await expect.poll(() => paymentNames(page)).toEqual(['ramburs', 'card', 'transfer', 'revolut']);
    const deliveryFlag = form(page).locator('input[name="deliveryAddressFlag"]');
    await deliveryFlag.check();
    await expect
      .poll(() => form(page).textContent())
      .toContain('Nu poți salva o adresă de livrare când ai selectat ridicare din depozitul librăriei.');
    await deliveryFlag.uncheck();

    // The first order: picked up at the depot, cash on delivery.
    expect(
      await form(page)
        .getByRole('radio', { name: /Ramburs/ })
        .isChecked(),
    ).toBe(true);
    await form(page).locator('input[name="terms"]').check();
    await form(page).getByRole('button', { name: 'Plasează comanda' }).click();
    await page.waitForURL(/\/pages\/order-registered$/);
    const depotRef = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(depotRef).toMatch(/^MRN-\d{4}-\d{6}$/);
    // The order removed the draft: the next visit starts again from the saved address.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('checkout_draft'))).toBeNull();

    await addToCart(context, [books[1].id]);
    await page.goto('/pages/checkout');
    await checkoutReady(page);
    await expect.poll(() => form(page).locator('input[name="billing.first_name"]').inputValue()).toBe('Maria');
    expect(await page.getByText('Am completat formularul cu datele lăsate data trecută.').count()).toBe(0);

    // Germany: the carriers reload, Ramburs disappears, Card becomes the default.
    await form(page).locator('select[name="billing.country_id"]').selectOption('DE');
    await expect.poll(() => form(page).textContent()).toContain('Livrare în: Germania');
    await expect.poll(() => paymentNames(page)).toEqual(['card', 'transfer', 'revolut']);
    expect(await form(page).getByRole('radio', { name: /^Card/ }).isChecked()).toBe(true);
    await carrier(page, /Tabita Tour/).check();
    const points = form(page).locator('select[name="carrier_location_id"]');
    await points.waitFor();
    // The first pickup point is preselected.
    await expect.poll(() => points.inputValue()).toBe(await points.locator('option').first().getAttribute('value'));
    await carrier(page, /Tarsin/).check();
    await expect.poll(() => paymentNames(page)).toEqual(['revolut']);

    // A bank-transfer order with Tabita Tour to Germany.
    await carrier(page, /Tabita Tour/).check();
    await expect.poll(() => paymentNames(page)).toEqual(['card', 'transfer', 'revolut']);
    await form(page)
      .getByRole('radio', { name: /Transfer bancar/ })
      .check();
    await expect.poll(() => page.url()).toContain('payment=transfer');
    await form(page).locator('input[name="billing.county"]').fill('Berlin');
    await form(page).locator('input[name="billing.city"]').fill('Berlin');
    await form(page).locator('input[name="billing.street"]').fill('Unter den Linden');
    await form(page).locator('input[name="billing.number"]').fill('5');
    await form(page).locator('input[name="billing.zip_code"]').fill('10117');
    await form(page).locator('input[name="billing.phone"]').fill('+49 30 1234567');
    await form(page).locator('input[name="terms"]').check();
    await form(page).getByRole('button', { name: 'Plasează comanda' }).click();
    await page.waitForURL(/\/pages\/order-registered$/);
    const ref = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(ref).toMatch(/^MRN-\d{4}-\d{6}$/);
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expect.poll(() => mailsTo(email).some((m) => m.includes(ref))).toBe(true);
    const mail = mailsTo(email).find((m) => m.includes(ref)) ?? '';
    expect(mail).toMatch(/în contul IBAN RO\d{2} /);
    expect(mail).toContain(`referința ${ref}`);
    expect(mail).toContain('3 zile lucrătoare');

    // Comenzile mele lists both orders, each with its lines, at desktop and phone width.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/pages/profile?tab=comenzi');
    // The tabs widget replaces the links once the page runs: a <details> opened before that would be replaced too.
    await page.getByRole('tablist').waitFor();
    for (const [orderRef, book] of [
      [ref, books[1]],
      [depotRef, books[0]],
    ] as const) {
      // An order is its own row group: the row of figures, then the row of its lines.
      const order = page.locator('main tbody').filter({ hasText: orderRef });
      await order.waitFor();
      await order.locator('summary').click();
      await expect.poll(() => order.locator('details li').first().isVisible()).toBe(true);
      await expect.poll(() => order.textContent()).toContain(book.title);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('coupons: an unknown code, an expired one, one below its minimum, one applied', async () => {
    const { page, context } = await openPage(browser);
    // One Bible: below the coupon's 300 lei minimum.
    const [bible] = await inStock('productType=biblie&sortBy=price-asc', 0, 1);
    await addToCart(context, [bible.id]);
    await page.goto('/pages/checkout');
    await checkoutReady(page);
    const code = form(page).locator('input[name="couponCode"]');
    const apply = form(page).getByRole('button', { name: 'Aplică' });
    const outcome = page.locator('#checkout-coupon-outcome');

    await code.fill('NUEXISTA');
    await apply.click();
    await expect.poll(() => outcome.textContent()).toBe('Codul de cupon nu există.');
    await code.fill('MUZICA9');
    await apply.click();
    await expect.poll(() => outcome.textContent()).toBe('Cuponul a expirat.');
    await code.fill('BIBLIA10');
    await apply.click();
    await expect.poll(() => outcome.textContent()).toBe('Coșul nu atinge încă valoarea minimă pentru acest cupon.');

    // Bibles without a reduction of their own, above the minimum: the coupon applies to them.
    const cart = (await (await context.request.get('/api/cart')).json()) as { lines: { id: number }[] };
    await context.request.delete(`/api/cart/lines/${cart.lines[0].id}`, { headers: { origin: baseURL() } });
    const listed = (await (
      await fetch(`${baseURL()}/api/products?productType=biblie&in_stock=1&sortBy=price-asc&per_page=60`)
    ).json()) as { data: (Listed & { discount: number | null; personalizationRequired: boolean })[] };
    let reached = false;
    for (const candidate of listed.data.filter((p) => p.discount === null && !p.personalizationRequired)) {
      const quantity = Math.ceil(30_000 / candidate.price) + 1;
      if (quantity > 99 || (await stockOf(candidate.id)) < quantity) continue;
      const added = await context.request.post('/api/cart/lines', {
        data: { productId: candidate.id, quantity },
        headers: { origin: baseURL() },
      });
      expect(added.status()).toBe(200);
      reached = true;
      break;
    }
    expect(reached).toBe(true);
    await page.reload();
    await expect.poll(() => outcome.textContent()).toBe('Cuponul a fost aplicat.');
    await expect.poll(() => form(page).locator('dl').textContent()).toContain('Reducere cupon');
    await context.close();
  });

  it('keeps a draft when the shopper leaves, and restores it on return', async () => {
    const { page, context } = await openPage(browser);
    const [book] = await inStock('productType=carte', 4, 1);
    await addToCart(context, [book.id]);
    await page.goto('/pages/checkout');
    await checkoutReady(page);
    await form(page).locator('input[name="client_email"]').fill('schita@example.ro');
    await form(page).locator('input[name="billing.first_name"]').fill('Elena');
    await carrier(page, /Ridicare din depozit/).check();
    await expect.poll(() => page.url()).toContain('carrier=6');
    // Leaving by a page load right after the last keystroke keeps that keystroke too.
    await form(page).locator('input[name="billing.last_name"]').fill('Marin');
    await page.goto('/');
    // Back through the cart's button: a navigation inside the app, not a page load.
    await page.goto('/pages/cart');
    await hydrated(page);
    await page.getByRole('link', { name: 'Finalizează comanda' }).click();
    await page.waitForURL(/\/pages\/checkout/);
    await page.getByText('Am completat formularul cu datele lăsate data trecută.').waitFor();
    await expect.poll(() => form(page).locator('input[name="billing.first_name"]').inputValue()).toBe('Elena');
    expect(await form(page).locator('input[name="billing.last_name"]').inputValue()).toBe('Marin');
    expect(await form(page).locator('input[name="client_email"]').inputValue()).toBe('schita@example.ro');
    await expect.poll(() => carrier(page, /Ridicare din depozit/).isChecked()).toBe(true);
    // A page load restores it as well.
    await page.reload();
    await page.getByText('Am completat formularul cu datele lăsate data trecută.').waitFor();
    await expect.poll(() => form(page).locator('input[name="billing.last_name"]').inputValue()).toBe('Marin');
    await context.close();
  });

  it('passes axe at phone width, and shows the empty-cart message with the way back to the shop', async () => {
    const { page, context } = await openPage(browser, 390);
    await page.goto('/pages/checkout');
    await page.getByText('No items found in cart to checkout').waitFor();
    expect(await page.locator('main a[href="/shop"]').count()).toBeGreaterThan(0);
    const [book] = await inStock('productType=carte', 5, 1);
    await addToCart(context, [book.id]);
    await page.goto('/pages/checkout');
    await checkoutReady(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('checkout without JavaScript', () => {
  const browser = useBrowser();

  it('places a Romanian home-delivery order as a plain form post', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    const [book] = await inStock('productType=carte', 6, 1);
    await addToCart(context, [book.id]);
    await page.goto('/pages/checkout');
    const email = `fara-js-${unique()}@example.ro`;
    await form(page).locator('input[name="client_email"]').fill(email);
    await form(page).locator('input[name="billing.first_name"]').fill('Ana');
    await form(page).locator('input[name="billing.last_name"]').fill('Pop');
    await form(page).locator('input[name="billing.phone"]').fill('0722000111');
    await form(page).locator('select[name="billing.county"]').selectOption('Arad');
    await form(page).locator('input[name="billing.city"]').fill('Arad');
    await form(page).locator('input[name="billing.street"]').fill('Bulevardul Revoluției');
    await form(page).locator('input[name="billing.number"]').fill('81');
    await form(page).locator('input[name="billing.zip_code"]').fill('310130');

    // Without the terms the server refuses and keeps what was typed.
    await form(page).getByRole('button', { name: 'Plasează comanda' }).click();
    await page.waitForURL(/\/pages\/checkout$/);
    await expect.poll(() => form(page).textContent()).toContain('Acest câmp este obligatoriu');
    expect(await form(page).locator('input[name="billing.first_name"]').inputValue()).toBe('Ana');

    await form(page).locator('input[name="terms"]').check();
    await form(page).getByRole('button', { name: 'Plasează comanda' }).click();
    await page.waitForURL(/\/pages\/order-registered$/);
    const ref = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(ref).toMatch(/^MRN-/);
    await expect.poll(() => mailsTo(email).some((m) => m.includes(ref))).toBe(true);
    await context.close();
  });
});
