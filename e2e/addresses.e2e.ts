import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseURL, hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';

/**
 * Issue 9's address journey: the address book and its modal on Romania's real data (county Arad →
 * locality Arad → "Revoluției" → the postal code filled), a company address with CUI and IBAN, a
 * delivery address in Germany in free text, the same by keyboard only, and without JavaScript.
 */
let accounts = 0;

/** A new client, logged in in `context` (the session cookie of the register call). */
async function logIn(context: BrowserContext): Promise<void> {
  accounts += 1;
  const email = `adrese-${Date.now()}-${accounts}@example.ro`;
  const res = await context.request.post('/api/auth/register', {
    headers: { origin: baseURL() },
    data: {
      first_name: 'Maria',
      last_name: 'Ionescu',
      email,
      phone: '0744123456',
      password: 'parola-lunga-1',
      password_confirmation: 'parola-lunga-1',
      terms: true,
    },
  });
  expect(res.status()).toBeLessThan(300);
}

async function openBook(page: Page): Promise<void> {
  await page.goto('/pages/profile/adrese');
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
}

/** The dialog once its form is there (its lists come from the geography API). */
async function openDialog(page: Page, button: string): Promise<Locator> {
  await page.getByRole('link', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="first_name"]').waitFor();
  return dialog;
}

async function fillContact(dialog: Locator): Promise<void> {
  await dialog.locator('input[name="first_name"]').fill('Maria');
  await dialog.locator('input[name="last_name"]').fill('Ionescu');
  await dialog.locator('input[name="phone"]').fill('0744 123 456');
}

/** County Arad → locality Arad → street "Revoluției", number range 53A-97 → postal code 310130. */
async function chooseAradStreet(page: Page, dialog: Locator): Promise<void> {
  await dialog.locator('select[name="county"]').selectOption('Arad');
  await dialog.locator('input[name="city"]').fill('Arad');
  await page.getByRole('listbox').getByRole('option', { name: /^Arad/ }).first().click();
  await dialog.locator('input[name="street"]').fill('Revoluției');
  await page.getByRole('option', { name: /53A-97/ }).click();
  await expect.poll(() => dialog.locator('input[name="zip_code"]').inputValue()).toBe('310130');
  await dialog.locator('input[name="number"]').fill('81');
}

describe('the address book with JavaScript', () => {
  const browser = useBrowser();
  let page: Page;
  let context: BrowserContext;
  let errors: string[];

  afterAll(async () => {
    await context?.close();
  });

  it('adds a billing address by county, locality and street, the street filling the postal code', async () => {
    ({ page, context, errors } = await openPage(browser));
    await logIn(context);
    await openBook(page);
    await page.getByText('Nu există adrese de facturare.').waitFor();
    await page.getByText('Nu există adrese de livrare.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const dialog = await openDialog(page, 'Adauga adresa de facturare');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('Adaugă adresă nouă');
    await fillContact(dialog);
    await chooseAradStreet(page, dialog);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/address-modal-1280.png', fullPage: false });
    await dialog.getByRole('button', { name: 'Salvează adresa' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Bulevardul Revoluției nr. 81, 310130 Arad, Arad, România').waitFor();
  });

  it('adds a company billing address with CUI and IBAN', async () => {
    const dialog = await openDialog(page, 'Adauga adresa de facturare');
    await dialog.getByLabel('Persoană juridică').check();
    await fillContact(dialog);
    await dialog.locator('input[name="company_name"]').fill('Editura Exemplu SRL');
    await dialog.locator('input[name="cui"]').fill('RO12345674');
    await dialog.locator('input[name="company_registration_number"]').fill('J02/123/2012');
    await dialog.locator('input[name="bank"]').fill('BCR');
    await dialog.locator('input[name="iban"]').fill('RO49 AAAA 1B31 0075 9384 0000');
    await chooseAradStreet(page, dialog);
    await dialog.getByRole('button', { name: 'Salvează adresa' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Editura Exemplu SRL · CUI RO12345674').waitFor();
  });

  it('adds a delivery address in Germany in free text', async () => {
    const dialog = await openDialog(page, 'Adauga adresa de livrare');
    await fillContact(dialog);
    await dialog.locator('input[name="phone"]').fill('+49 30 1234567');
    await dialog.locator('select[name="country_id"]').selectOption('DE');
    await dialog.locator('input[name="county"]').fill('Berlin');
    await dialog.locator('input[name="city"]').fill('Berlin');
    await dialog.locator('input[name="street"]').fill('Unter den Linden');
    await dialog.locator('input[name="number"]').fill('5');
    await dialog.locator('input[name="zip_code"]').fill('10117');
    await dialog.getByRole('button', { name: 'Salvează adresa' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Unter den Linden nr. 5, 10117 Berlin, Berlin, Germania').waitFor();
    await page.screenshot({ path: 'test-results/address-book-1280.png', fullPage: true });
  });

  it('shows the field messages once a field is touched, and refuses a postal code of another locality', async () => {
    const dialog = await openDialog(page, 'Adauga adresa de livrare');
    await dialog.locator('input[name="phone"]').fill('12');
    await dialog.locator('input[name="first_name"]').focus();
    await dialog.getByText('Numar de telefon invalid!').waitFor();
    await fillContact(dialog);
    await chooseAradStreet(page, dialog);
    await dialog.locator('input[name="zip_code"]').fill('010011');
    await dialog.getByRole('button', { name: 'Salvează adresa' }).click();
    await dialog.getByText('Codul poștal nu aparține localității alese.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('deletes an address after a confirmation', async () => {
    await page.getByRole('link', { name: /^Șterge adresa .*Berlin/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Da, șterge' }).click();
    await page.getByText('Nu există adrese de livrare.').waitFor();
    // Known: the 400 of the deliberately wrong postal code above. Radix's scroll-lock <style> carries the
    // page's style nonce (ui/style-nonce.ts), so the CSP refuses nothing.
    const unexpected = errors.filter((e) => !/status of 400/.test(e));
    expect(unexpected).toEqual([]);
  });

  it('has no serious accessibility violations at phone width, book and modal', async () => {
    const phone = await openPage(browser, 390);
    await logIn(phone.context);
    await openBook(phone.page);
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    const dialog = await openDialog(phone.page, 'Adauga adresa de livrare');
    await dialog.locator('select[name="county"]').selectOption('Arad');
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: 'test-results/address-modal-390.png', fullPage: false });
    await phone.context.close();
  });
});

describe('the address modal by keyboard only', () => {
  const browser = useBrowser();

  it('opens, fills the typeaheads with the arrow keys and Enter, and saves', async () => {
    const { page, context } = await openPage(browser);
    await logIn(context);
    await openBook(page);
    await page.getByRole('link', { name: 'Adauga adresa de facturare' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const first = dialog.locator('input[name="first_name"]');
    await first.waitFor();
    await first.focus();
    await page.keyboard.type('Ion');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Pop');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0744123456');
    await dialog.locator('select[name="country_id"]').focus();
    await page.keyboard.press('Tab');
    // A native select chooses by typing its option's first letters.
    await page.keyboard.type('Arad');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('city');
    await page.keyboard.type('Arad');
    await page.getByRole('listbox').getByRole('option', { name: /^Arad/ }).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('street');
    await page.keyboard.type('Revoluției');
    await page.getByRole('option', { name: /53A-97/ }).waitFor();
    for (let i = 0; i < 10; i++) {
      const active = await dialog.locator('input[name="street"]').getAttribute('aria-activedescendant');
      if (active && (await page.locator(`#${active}`).textContent())?.includes('53A-97')) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.locator('input[name="zip_code"]').inputValue()).toBe('310130');
    await dialog.locator('input[name="number"]').focus();
    await page.keyboard.type('81');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Bulevardul Revoluției nr. 81, 310130 Arad, Arad, România').waitFor();
    await context.close();
  });
});

describe('the address pages without JavaScript', () => {
  const browser = useBrowser();

  it('add a delivery address with a plain POST', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await logIn(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/pages/profile/adrese');
    await page.getByRole('link', { name: 'Adauga adresa de livrare' }).click();
    await page.waitForURL(/\/pages\/profile\/adrese\/noua\?type=delivery$/);
    const form = page.locator('main form[method="post"]');
    await form.locator('input[name="first_name"]').fill('Ana');
    await form.locator('input[name="last_name"]').fill('Pop');
    await form.locator('input[name="phone"]').fill('0744123456');
    await form.locator('select[name="county"]').selectOption('Arad');
    await form.locator('input[name="city"]').fill('Arad');
    await form.locator('input[name="street"]').fill('Bulevardul Revoluției');
    await form.locator('input[name="number"]').fill('81');
    await form.locator('input[name="zip_code"]').fill('310130');
    await form.getByRole('button', { name: 'Salvează adresa' }).click();
    await page.waitForURL(/\/pages\/profile\/adrese$/);
    await page.getByText('Bulevardul Revoluției nr. 81, 310130 Arad, Arad, România').waitFor();
    await context.close();
  });
});
