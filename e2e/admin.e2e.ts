import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, openPage, seriousAxeViolations, useBrowser } from './browser';

/** The code an authenticator app shows for the manual key read off the setup page. */
const codeOf = (key: string, offsetSteps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function expectAxeClean(page: Page, what: string) {
  expect(await seriousAxeViolations(page), what).toEqual([]);
}

describe('the back office in Chromium', () => {
  const browser = useBrowser();

  it('first admin: one-time password → new password → TOTP from the manual key → dashboard, axe clean at 1280 px', async () => {
    const { email, password: oneTime } = inject('admin');
    const { page, context, errors } = await openPage(browser, 1280);

    // Anyone reaching a back-office page is sent to its login, which comes back there.
    await page.goto('/admin/audit');
    await page.waitForURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faudit$/);
    await expectAxeClean(page, 'login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Parola', { exact: false }).first().fill(oneTime);
    await page.getByRole('button', { name: 'Intră' }).click();

    // The one-time password must be changed before anything else.
    await page.waitForURL(/\/admin\/password$/);
    await expect.poll(() => page.getByText('Parola primită este de unică folosință').count()).toBe(1);
    await expectAxeClean(page, 'password');
    const newPassword = 'o-parola-noua-lunga';
    await page.getByLabel('Parola actuală').fill(oneTime);
    await page.getByLabel('Parola nouă', { exact: false }).first().fill(newPassword);
    await page.getByLabel('Confirmați parola nouă').fill(newPassword);
    await page.getByRole('button', { name: 'Schimbă parola' }).click();

    // Then the second factor: the QR code and the manual key; the test is the authenticator app.
    await page.waitForURL(/\/admin\/totp-setup$/);
    await expect
      .poll(() => page.getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' }).count())
      .toBe(1);
    await expectAxeClean(page, 'totp-setup');
    const key = await page.getByTestId('totp-key').innerText();
    expect(key.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Codul de 6 cifre').fill(codeOf(key));
    await page.getByRole('button', { name: 'Confirmă' }).click();

    await page.waitForURL(`${baseURL()}/admin`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Panou' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Comenzi azi').count()).toBe(1);
    await expect.poll(() => page.getByText('Donații luna aceasta').count()).toBe(1);
    await expectAxeClean(page, 'dashboard');
    const cookie = (await context.cookies()).find((c) => c.name === 'staff_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // The staff screen and the audit trail, where the setup just done is written.
    await page.getByRole('link', { name: 'Echipa' }).click();
    await page.waitForURL(/\/admin\/staff$/);
    await expect.poll(() => page.getByRole('cell', { name: email }).count()).toBe(1);
    await expectAxeClean(page, 'staff');
    await page.getByLabel('Email').fill('ion.editor@example.ro');
    await page.getByLabel('Nume', { exact: false }).first().fill('Ion Editor');
    await page.getByRole('button', { name: 'Adaugă', exact: true }).click();
    await expect.poll(() => page.getByTestId('one-time-password').count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'ion.editor@example.ro' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Jurnal de modificări' }).click();
    await page.waitForURL(/\/admin\/audit$/);
    // Other files' staff are made before the server starts (e2e/global-setup.ts): only Ana's own writes count.
    const anaRows = (action: string) =>
      page.getByRole('row').filter({ hasText: 'Ana Pop' }).filter({ hasText: action });
    await expect.poll(() => anaRows('staff.totp-enable').count()).toBe(1);
    await expect.poll(() => anaRows('staff.create').count()).toBe(1);
    await expectAxeClean(page, 'audit');

    // The orders list with a filter, from the menu.
    await page.getByRole('link', { name: 'Comenzi', exact: true }).click();
    await page.waitForURL(/\/admin\/orders$/);
    await page.getByLabel('Stare').selectOption('pending');
    await page.getByRole('button', { name: 'Filtrează' }).click();
    await page.waitForURL(/\/admin\/orders\?.*status=pending/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Comenzi' }).count()).toBe(1);
    await expectAxeClean(page, 'orders');

    // Log out; the next login asks for the code.
    await page.getByRole('button', { name: 'Deconectare' }).click();
    await page.waitForURL(/\/admin\/login\?status=logged-out$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Parola', { exact: false }).first().fill(newPassword);
    await page.getByLabel('Cod de verificare', { exact: false }).fill(codeOf(key, 1));
    await page.getByRole('button', { name: 'Intră' }).click();
    await page.waitForURL(`${baseURL()}/admin`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
