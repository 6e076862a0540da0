import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, openPage } from './browser';

/** One text of each message area and language, found only in that area's chunk. */
const MARKERS = {
  'common.ro': 'Sari la conținut',
  'common.en': 'Skip to content',
  'catalogue.ro': 'Aplică filtrele',
  'catalogue.en': 'Apply filters',
  'content.ro': 'Profitați de cea mai bună ofertă',
  'content.en': 'Grab Best Offer',
} as const;
type Chunk = keyof typeof MARKERS;

async function withPreferences(context: BrowserContext, lang: 'ro' | 'en', currency = 'RON') {
  await context.addCookies(
    [
      { name: 'cookie_consent', value: 'necessary' },
      { name: 'lang', value: lang },
      { name: 'currency', value: currency },
    ].map((c) => ({ ...c, url: baseURL() })),
  );
}

/** Records the bodies of every JavaScript file the page downloads. */
function recordScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    bodies.push(await response.text());
  });
  return bodies;
}

function chunksIn(bodies: string[]): Chunk[] {
  return (Object.keys(MARKERS) as Chunk[]).filter((chunk) => bodies.some((b) => b.includes(MARKERS[chunk])));
}

/** Hydrated once the compare buttons of the product cards exist (they render only in the browser). */
async function cardsHydrated(page: Page, name: RegExp) {
  await page.getByRole('button', { name }).first().waitFor();
}

describe('messages: per language and area, plural forms, English filters', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the home page in Romanian downloads only Romanian messages of its areas; a content page adds its area', async () => {
    const { page, context, errors } = await openPage(browser);
    await withPreferences(context, 'ro');
    const scripts = recordScripts(page);
    await page.goto('/');
    await cardsHydrated(page, /^Compară /);
    await expect.poll(() => chunksIn(scripts)).toEqual(['common.ro', 'catalogue.ro']);

    // A client-side navigation to a page of another area loads that area before showing the page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cazuri umanitare' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cazuri umanitare' }).waitFor();
    await expect.poll(() => chunksIn(scripts)).toEqual(['common.ro', 'catalogue.ro', 'content.ro']);
    await expect.poll(() => page.locator('main').textContent()).not.toMatch(/\b(cases|blog|page)\.[a-z]+[A-Z.]/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English the page downloads the English messages only and switches back to Romanian without a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    await withPreferences(context, 'en');
    const scripts = recordScripts(page);
    await page.goto('/shop');
    await cardsHydrated(page, /^Compare /);
    await expect.poll(() => chunksIn(scripts)).toEqual(['common.en', 'catalogue.en']);

    await page.getByRole('button', { name: 'Română' }).click();
    await page.getByRole('button', { name: 'Aplică filtrele' }).waitFor();
    await expect.poll(() => chunksIn(scripts)).toEqual(['common.ro', 'common.en', 'catalogue.ro', 'catalogue.en']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
