import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, openPage, useBrowser } from './browser';

/** One text of each message area and language, found only in that area's chunk. */
const MARKERS = {
  'common.ro': 'Sari la conținut',
  'common.en': 'Skip to content',
  'catalogue.ro': 'a fost adăugat la comparare',
  'catalogue.en': 'added to compare',
  'listing.ro': 'Încarcă mai multe produse',
  'listing.en': 'Load More Products',
  'home.ro': 'Cărți care hrănesc sufletul',
  'home.en': 'Books that feed the soul',
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

/** Romanian words of the filters: labels, price words and stored facet values. */
const ROMANIAN_FILTER_WORDS = [
  'Filtre',
  'Categorii',
  'Disponibilitate',
  'Doar produse',
  'Preț',
  'Sub ',
  'De la',
  'Până la',
  'lei',
  'Autor',
  'Traducere',
  'Copertă',
  'cartonat',
  'broșată',
  'Spirală',
  'Carcasă',
  'Limba',
  'română',
  'Română',
  'engleză',
  'maghiară',
  'revizuită',
  'Fidelă',
  'Ortodoxă',
  'Bucureşti',
  'produse',
  'Aplică',
  'Șterge',
  'Elimină',
];

/** Records the bodies of every JavaScript file the page downloads. */
function recordScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    response.text().then(
      (body) => bodies.push(body),
      // Only when the test closed the page before the body arrived; the assertions have run by then.
      () => undefined,
    );
  });
  return bodies;
}

function chunksIn(bodies: string[]): Chunk[] {
  return (Object.keys(MARKERS) as Chunk[]).filter((chunk) => bodies.some((b) => b.includes(MARKERS[chunk])));
}

/** Hydrated once the compare buttons of the product cards are visible (they are invisible until then). */
async function cardsHydrated(page: Page, name: RegExp) {
  await page.getByRole('button', { name }).first().waitFor();
}

describe('messages: per language and area, plural forms, English filters', () => {
  const browser = useBrowser();

  it('the home page in Romanian downloads only Romanian messages of its areas; a content page adds its area', async () => {
    const { page, context, errors } = await openPage(browser);
    await withPreferences(context, 'ro');
    const scripts = recordScripts(page);
    await page.goto('/');
    await cardsHydrated(page, /^Compară /);
    await expect.poll(() => chunksIn(scripts)).toEqual(['common.ro', 'catalogue.ro', 'home.ro']);

    // A client-side navigation to a page of another area loads that area before showing the page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cazuri umanitare' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cazuri umanitare' }).waitFor();
    await expect.poll(() => chunksIn(scripts)).toEqual(['common.ro', 'catalogue.ro', 'home.ro', 'content.ro']);
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
    await expect.poll(() => chunksIn(scripts)).toEqual(['common.en', 'catalogue.en', 'listing.en']);

    await page.getByRole('button', { name: 'Română' }).click();
    await page.getByRole('button', { name: 'Aplică filtrele' }).waitFor();
    await expect
      .poll(() => chunksIn(scripts))
      .toEqual(['common.ro', 'common.en', 'catalogue.ro', 'catalogue.en', 'listing.ro', 'listing.en']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/shop in English with EUR shows no Romanian word in the filters, their values or the active filter chips', async () => {
    const { page, context, errors } = await openPage(browser);
    await withPreferences(context, 'en', 'EUR');
    const filters = new URLSearchParams([
      ['binding', 'Copertă cartonată'],
      ['language', 'ro'],
      ['translation', 'Noua Traducere Românească (NTR)'],
      ['min_price', '25'],
      ['max_price', '49'],
    ]);
    for (const address of ['/shop', `/shop?${filters}`]) {
      await page.goto(address);
      await cardsHydrated(page, /^Compare /);
      const panel = await page.locator('#filtre').innerText();
      const chips = await page.getByRole('link', { name: /^Remove the filter / }).allInnerTexts();
      expect(panel).toContain('Binding');
      for (const word of ROMANIAN_FILTER_WORDS) {
        expect(panel, `${address}: "${word}" in the filters`).not.toContain(word);
        for (const chip of chips) expect(chip, `${address}: "${word}" in a chip`).not.toContain(word);
      }
      if (address !== '/shop') {
        expect(chips).toEqual(
          expect.arrayContaining([
            expect.stringContaining('Binding: Hardcover'),
            expect.stringContaining('Language: Romanian'),
            expect.stringContaining('Translation: New Romanian Translation (NTR)'),
          ]),
        );
      }
    }
    // The stored value stays the query value.
    await page.goto('/shop');
    await cardsHydrated(page, /^Compare /);
    await page
      .locator('#filtre')
      .getByRole('checkbox', { name: /^Paperback/ })
      .check();
    await page.waitForURL((url) => url.searchParams.getAll('binding').includes('Copertă broșată'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('counts use the plural forms of each language, and blog categories are translated', async () => {
    const { page, context, errors } = await openPage(browser);
    await withPreferences(context, 'ro');
    // The whole shop (20 000 products: "de rezultate"), a narrow filter (a few: "rezultate", or one:
    // "rezultat") and the blog: each line in the form Intl.PluralRules gives for its total.
    for (const [address, line] of [
      ['/shop', '#results-count'],
      ['/shop?translation=Biblia%20Bucure%C5%9Fti%201688&binding=Copert%C4%83%20cu%20fermoar', '#results-count'],
      ['/pages/blog-grid', '#blog-results'],
    ]) {
      await page.goto(address);
      await expect.poll(() => page.locator(line).innerText()).toMatch(/^Se afișează /);
      const text = await page.locator(line).innerText();
      const total = Number((/din ([\d.]+)/.exec(text)?.[1] ?? '').replaceAll('.', ''));
      const form = new Intl.PluralRules('ro').select(total) as 'one' | 'few' | 'other';
      const word = { one: ' rezultat', few: ' rezultate', other: ' de rezultate' }[form];
      expect(text, address).toMatch(new RegExp(`din [\\d.]+${word}\\b`));
    }

    await withPreferences(context, 'en');
    await page.goto('/pages/blog-grid');
    const categories = page.getByRole('region', { name: 'Categories' });
    await expect.poll(() => categories.innerText()).toContain('Bibles');
    expect(await categories.innerText()).not.toMatch(/Biblii|Cărți|Asociație|Familie|Misiune/);
    await expect.poll(() => page.locator('#blog-results').innerText()).toMatch(/^Showing 1–\d+ of \d+ results?/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
