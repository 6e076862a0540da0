import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { type WatchedPage, baseURL, openPage } from './browser';

/** The code an authenticator app shows for the manual key read off the setup page. */
export const totpCodeOf = (key: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate();

/**
 * A new member's first login in a page of its own: the one-time password, `newPassword`, the TOTP setup from
 * the manual key; ends on the dashboard.
 */
export async function firstStaffLogin(
  browser: Browser,
  member: { email: string; password: string },
  newPassword: string,
): Promise<WatchedPage> {
  const watched = await openPage(browser, 1280);
  const { page } = watched;
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Parola', { exact: false }).first().fill(member.password);
  await page.getByRole('button', { name: 'Intră' }).click();
  await page.waitForURL(/\/admin\/password$/);
  await page.getByLabel('Parola actuală').fill(member.password);
  await page.getByLabel('Parola nouă', { exact: false }).first().fill(newPassword);
  await page.getByLabel('Confirmați parola nouă').fill(newPassword);
  await page.getByRole('button', { name: 'Schimbă parola' }).click();
  await page.waitForURL(/\/admin\/totp-setup$/);
  const key = await page.getByTestId('totp-key').innerText();
  await page.getByLabel('Codul de 6 cifre').fill(totpCodeOf(key));
  await page.getByRole('button', { name: 'Confirmă' }).click();
  await page.waitForURL(`${baseURL()}/admin`);
  return watched;
}
