import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, hydrated, openPage, seriousAxeViolations, useBrowser } from './browser';

/** The reset link of the newest .eml in DATA_DIR/outbox sent to `to` (quoted-printable decoded). */
function resetLinkFor(to: string): string | null {
  const dir = path.join(inject('dataDir'), 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    if (!raw.includes(`To: ${to}`)) continue;
    const body = raw
      .replace(/=\r?\n/g, '')
      .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
    return body.match(/https?:\/\/\S+\/pages\/reset-password\?\S+/)?.[0] ?? null;
  }
  return null;
}

async function headerName(page: Page): Promise<string | null> {
  const link = page.locator('[data-testid="header-account"]');
  return (await link.count()) ? (await link.innerText()).replace(/^.*:\s*/s, '').trim() : null;
}

describe('client accounts in Chromium', () => {
  const browser = useBrowser();
  const email = `journey.${Date.now()}@example.ro`;

  it('register → logout → login → name in header → logout → forgot → reset from the e-mail → login', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/pages/register?redirectTo=%2F');
    await page.locator('input[name="first_name"]').fill('Lavinia');
    await page.locator('input[name="last_name"]').fill('Drăgulescu');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="phone"]').fill('0745 111 222');
    await page.locator('input[name="password"]').fill('parola-initiala');
    await page.locator('input[name="password_confirmation"]').fill('parola-initiala');
    await page.locator('input[name="terms"]').check();
    await page.getByRole('button', { name: 'Creează cont' }).click();
    await page.waitForURL(`${baseURL()}/`);
    await expect.poll(() => headerName(page)).toBe('Lavinia');
    const sid = (await context.cookies()).find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await page.getByRole('button', { name: 'Deconectare' }).click();
    await page.waitForURL(/\/pages\/login\?status=logged-out$/);
    await expect.poll(() => page.getByText('Te-ai deconectat cu succes').count()).toBe(1);
    await expect.poll(() => page.locator('header a[href="/pages/login"]').innerText()).toContain('Autentificare');

    await page.goto('/pages/login?redirectTo=%2Fpages%2Fabout');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('parola-initiala');
    await page.locator('main button[type="submit"]').click();
    await page.waitForURL(/\/pages\/about$/);
    await expect.poll(() => headerName(page)).toBe('Lavinia');
    await page.getByRole('button', { name: 'Deconectare' }).click();
    await page.waitForURL(/\/pages\/login/);

    await page.getByRole('link', { name: 'Ai uitat parola?' }).click();
    await page.waitForURL(/\/pages\/forgot$/);
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: 'Trimite Email' }).click();
    await expect.poll(() => page.getByText('Email Trimis!').count()).toBe(1);
    await expect.poll(() => resetLinkFor(email), { timeout: 15_000 }).not.toBeNull();
    const link = new URL(resetLinkFor(email) ?? '');
    expect(link.searchParams.get('email')).toBe(email);

    await page.goto(link.pathname + link.search);
    await page.locator('input[name="password"]').fill('parola-dupa-reset');
    await page.locator('input[name="password_confirmation"]').fill('parola-dupa-reset');
    await page.getByRole('button', { name: 'Reseteaza Parola' }).click();
    await page.waitForURL(/\/pages\/login\?status=reset$/);
    await expect.poll(() => page.getByText('Parola a fost resetata cu succes!').count()).toBe(1);

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('parola-dupa-reset');
    await page.locator('main button[type="submit"]').click();
    await page.waitForURL(/\/pages\/profile$/);
    await expect.poll(() => headerName(page)).toBe('Lavinia');

    // The link is single use: the banner shows and the submit stays disabled.
    await page.goto(link.pathname + link.search);
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Link-ul de resetare a expirat');
    expect(await page.getByRole('button', { name: 'Reseteaza Parola' }).isDisabled()).toBe(true);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('validates in the browser with the same schema, once a field is touched', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/pages/register');
    // A blur before hydration has no handler yet (CI saw it under load).
    await hydrated(page);
    await page.locator('input[name="phone"]').fill('0744');
    expect(await page.getByText('Numar de telefon invalid!').count()).toBe(0);
    await page.locator('input[name="phone"]').blur();
    await expect.poll(() => page.getByText('Numar de telefon invalid!').count()).toBe(1);
    await page.locator('input[name="password"]').fill('scurt');
    await page.locator('input[name="password"]').blur();
    await expect.poll(() => page.getByText('Parola trebuie sa aiba minim 8 caractere.').count()).toBe(1);
    await page.goto('/pages/forgot');
    await hydrated(page);
    await page.locator('input[name="email"]').fill('nu-e-email');
    await page.locator('input[name="email"]').blur();
    await expect.poll(() => page.getByText('Formatul adresei de email este invalid.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Trimite Email' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('works without JavaScript: a wrong login says so, forgot password sends', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pages/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('nu-este-parola');
    await page.locator('main button[type="submit"]').click();
    await page.getByText('Emailul sau parola nu sunt corecte.').waitFor();
    await page.goto(`/pages/forgot?email=${encodeURIComponent(email)}`);
    expect(await page.locator('input[name="email"]').inputValue()).toBe(email);
    await page.locator('main button[type="submit"]').click();
    await page.getByText('Email Trimis!').waitFor();
    await context.close();
  });

  it.each([1280, 390])('has no serious or critical axe violations on the account pages at %i px', async (width) => {
    const { page, context } = await openPage(browser, width);
    for (const url of [
      '/pages/login',
      '/pages/register',
      '/pages/forgot',
      `/pages/reset-password?token=${'a'.repeat(43)}&email=${encodeURIComponent(email)}`,
    ]) {
      await page.goto(url);
      expect(await seriousAxeViolations(page), `${url} at ${width}`).toEqual([]);
    }
    await context.close();
  });
});
