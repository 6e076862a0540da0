import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';

const PASSWORD = 'parola-buna-1';
let counter = 0;

/**
 * A new client, registered through the JSON API from a browser context, so the session cookie lands in
 * that context (the login form itself is the auth pages' test). The cookie banner is answered, as most
 * tests of the shop do. Registrations are rate-limited per address, so each block registers one client.
 */
async function register(context: BrowserContext, first = 'Ana') {
  const email = `profil.${Date.now()}.${counter++}@example.ro`;
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: baseURL() }]);
  const res = await context.request.post('/api/auth/register', {
    headers: { origin: baseURL() },
    data: {
      first_name: first,
      last_name: 'Pop',
      email,
      phone: '0744 123 456',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: true,
    },
  });
  expect(res.status()).toBeLessThan(300);
  return email;
}

const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]');

/** One client for the tests of a block (in order: the name and the password change as they go). */
function useClient(browser: Browser) {
  const client = { email: '', cookies: [] as Awaited<ReturnType<BrowserContext['cookies']>> };
  beforeAll(async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    client.email = await register(context);
    client.cookies = await context.cookies();
    await context.close();
  });
  return client;
}

describe('the profile', () => {
  const browser = useBrowser();
  const client = useClient(browser);
  const loggedIn = (context: BrowserContext) => context.addCookies(client.cookies);

  it('opens each tab by its URL and moves between tabs with the keyboard', async () => {
    const { page, context, errors } = await openPage(browser);
    await loggedIn(context);
    await page.goto('/pages/profile?tab=comenzi');
    await page.getByRole('heading', { level: 1, name: 'Bun venit, Ana Pop!' }).waitFor();
    await expect.poll(() => selectedTab(page).textContent()).toBe('Comenzile mele');
    await page.getByRole('tabpanel').getByText('Nu ai comenzi înregistrate.').waitFor();

    await selectedTab(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/\?tab=notificari$/);
    await page.getByRole('switch', { name: /Notificari pentru produse noi/ }).waitFor();
    await page.keyboard.press('End');
    await page.waitForURL(/\?tab=parola$/);
    await page.getByRole('button', { name: 'Actualizeaza' }).waitFor();
    await page.keyboard.press('Home');
    await page.waitForURL(/\?tab=profil$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Profil');
    // The URL can change before React swaps the panels; a Tab pressed in between would land on the old panel,
    // which then leaves the page, and focus would fall back to the document. Wait for the new panel's first control.
    await page.getByRole('tabpanel').getByRole('button', { name: /^Ana/ }).waitFor();
    // Tab leaves the tab list for the panel's first control.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null))
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits the phone in place: Escape cancels, Enter saves, a bad number stays in edit mode', async () => {
    const { page, context, errors } = await openPage(browser);
    await loggedIn(context);
    await page.goto('/pages/profile');
    const panel = page.getByRole('tabpanel');
    const phoneButton = panel.getByRole('button', { name: /0744 123 456/ });
    await phoneButton.click();
    const input = panel.getByRole('textbox', { name: 'Telefon' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('0755 000 111');
    await page.keyboard.press('Escape');
    await phoneButton.waitFor();
    await expect.poll(() => phoneButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await phoneButton.click();
    await input.fill('07');
    await page.keyboard.press('Enter');
    await panel.getByText('Numar de telefon invalid!').waitFor();
    await input.fill('0755 000 111');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Profilul a fost actualizat cu succes!').waitFor();
    await panel.getByRole('button', { name: /0755 000 111/ }).waitFor();
    await page.reload();
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: /0755 000 111/ })
      .waitFor();

    // Leaving an unchanged field sends nothing; leaving a changed one saves it.
    const first = page.getByRole('tabpanel').getByRole('button', { name: /^Ana/ });
    await first.click();
    await page.getByRole('tabpanel').getByRole('textbox', { name: 'Prenume' }).fill('Ana-Maria');
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('heading', { level: 1, name: 'Bun venit, Ana-Maria Pop!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches notifications off and keeps the choice', async () => {
    const { page, context, errors } = await openPage(browser);
    await loggedIn(context);
    await page.goto('/pages/profile?tab=notificari');
    const toggle = page.getByRole('switch', { name: /Notificari pentru produse noi/ });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // A click before hydration, while React takes over the page, could be lost on a loaded machine.
    await hydrated(page);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByRole('status').getByText('Preferința a fost salvată.').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: /Notificari/ }).getAttribute('aria-checked'))
      .toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations on any tab at desktop and phone width', async () => {
    for (const width of [1280, 390]) {
      const { page, context } = await openPage(browser, width);
      await loggedIn(context);
      for (const tab of ['profil', 'adrese', 'comenzi', 'notificari', 'parola']) {
        await page.goto(`/pages/profile?tab=${tab}`);
        await page.getByRole('tabpanel').waitFor();
        await expect.poll(() => seriousAxeViolations(page), { message: `${tab} at ${width}` }).toEqual([]);
      }
      await context.close();
    }
  });

  it('changes the password: the button waits for a valid form, then the old password no longer logs in', async () => {
    const { page, context, errors } = await openPage(browser);
    await loggedIn(context);
    const { email } = client;
    await page.goto('/pages/profile?tab=parola');
    const submit = page.getByRole('button', { name: 'Actualizeaza' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByLabel('Parola veche', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Parola nouă', { exact: true }).fill('parola-noua-2');
    await page.getByLabel('Confirmă parola nouă').fill('parola-noua-3');
    await page.getByLabel('Parola veche', { exact: true }).focus();
    await page.getByText('Parolele noi nu coincid.').waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirmă parola nouă').fill('parola-noua-2');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByRole('status').getByText('Parola a fost schimbată cu succes.').waitFor();

    const login = (password: string) =>
      context.request.post('/api/auth/login', { headers: { origin: baseURL() }, data: { email, password } });
    expect((await login(PASSWORD)).status()).toBe(401);
    expect((await login('parola-noua-2')).status()).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the profile without JavaScript', () => {
  const browser = useBrowser();
  const client = useClient(browser);

  it('switches tabs by links and saves the forms as plain posts', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await context.addCookies(client.cookies);
    const page = await context.newPage();
    await page.goto('/pages/profile');
    await page.locator('main nav a[href="/pages/profile?tab=parola"]').click();
    await page.waitForURL(/\?tab=parola$/);
    await page.locator('form input[name="old_pass"]').waitFor();

    await page.goto('/pages/profile?tab=profil');
    const nameForm = page.locator('form:has(input[name="intent"][value="name"])');
    await nameForm.locator('input[name="last_name"]').fill('Marin');
    await nameForm.locator('button[type="submit"]').click();
    await page.locator('main [role="status"]').getByText('Profilul a fost actualizat cu succes!').waitFor();
    await page.locator('h1', { hasText: 'Bun venit, Ana Marin!' }).waitFor();

    const phoneForm = page.locator('form:has(input[name="intent"][value="phone"])');
    await phoneForm.locator('input[name="phone"]').fill('123');
    await phoneForm.locator('button[type="submit"]').click();
    await page.getByText('Numar de telefon invalid!').waitFor();

    await page.goto('/pages/profile?tab=notificari');
    await page.locator('button[role="switch"]').click();
    await expect.poll(() => page.locator('button[role="switch"]').getAttribute('aria-checked')).toBe('false');
    await context.close();
  });
});
