import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, listingHydrated, openPage, seriousAxeViolations, useBrowser } from './browser';

/** 22 products of the demo catalogue: 9 shown, then 12, 15, 18, 21 and all 22. */
const SMALL_SEARCH = 'cana porumbel';

/** "Se afișează 1–9 din 22 rezultate" → [1, 9, 22]. */
async function showing(page: Page, selector: string): Promise<number[]> {
  const text = (await page.locator(selector).textContent()) ?? '';
  return (text.match(/[\d.]+/g) ?? []).map((n) => Number(n.replaceAll('.', '')));
}

/** A count as Romanian writes it ("2.470") → 2470. */
const romanianCount = (text: string | null) => Number((text ?? '0').replaceAll('.', ''));

/** "216,00 lei" or "42,46 €" → 216 / 42.46 (the first price of a card). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('#produse article p span.font-bold').allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
}

/** Waits until the cards shown are in price order (the address changes before the new list renders). */
async function waitForPriceOrder(page: Page, direction: 'up' | 'down'): Promise<void> {
  await page.waitForFunction((dir) => {
    const prices = [...document.querySelectorAll('#produse article p span.font-bold')].map((e) =>
      Number((e.textContent ?? '').replace(/[^\d,]/g, '').replace(',', '.')),
    );
    return (
      prices.length > 1 && prices.every((p, i) => i === 0 || (dir === 'up' ? prices[i - 1] <= p : prices[i - 1] >= p))
    );
  }, direction);
}

describe('catalogue: search, listing, compare, currency', () => {
  const browser = useBrowser();

  it('the header search suggests as you type and is driven by the keyboard', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    await listingHydrated(page);
    const box = page.getByRole('combobox', { name: 'Caută produse' });
    await box.fill('cornilesc');
    const listbox = page.getByRole('listbox', { name: 'Sugestii de căutare' });
    await listbox.waitFor();
    await expect.poll(() => listbox.getByRole('option').count()).toBeGreaterThan(0);
    await expect.poll(() => listbox.getByRole('group', { name: 'Produse' }).count()).toBe(1);
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    await expect.poll(() => page.locator(`#${activeId}`).getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowUp');
    await box.press('ArrowDown');
    await box.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    await listbox.waitFor();
    await box.press('ArrowDown');
    const chosen =
      (await page
        .locator(`#${await box.getAttribute('aria-activedescendant')} span span`)
        .first()
        .textContent()) ?? '';
    await box.press('Enter');
    await page.waitForURL(/\/produs\//);
    await page.locator('h1', { hasText: chosen }).waitFor();

    await box.fill(SMALL_SEARCH);
    await box.press('Enter');
    await page.waitForURL(/\/pages\/search\?searchText=cana\+porumbel/);
    await page.getByRole('heading', { name: 'Rezultatele căutării pentru „cana porumbel”' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('suggests authors despite a typo', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    await listingHydrated(page);
    await page.getByRole('combobox', { name: 'Caută produse' }).fill('spurjon');
    const authors = page.getByRole('group', { name: 'Autori' });
    await authors.waitFor();
    await expect.poll(() => authors.getByRole('option').first().textContent()).toContain('Spurgeon');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the search page shows 9, adds 3 per "Load More Products" and ends with "End Of Products"', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`/pages/search?searchText=${encodeURIComponent(SMALL_SEARCH)}`);
    await listingHydrated(page);
    const cards = page.locator('#produse article');
    await expect.poll(() => cards.count()).toBe(9);
    await expect.poll(() => showing(page, '#search-count')).toEqual([1, 9, 22]);
    const more = page.getByRole('link', { name: 'Încarcă mai multe produse' });
    for (const expected of [12, 15, 18, 21, 22]) {
      await more.click();
      await page.waitForFunction((n) => document.querySelectorAll('#produse article').length === n, expected);
      // Keyboard users continue at the first product just loaded.
      await page.waitForFunction(
        (i) =>
          document.activeElement?.closest('[data-product-index]')?.getAttribute('data-product-index') === String(i),
        expected - (expected === 22 ? 1 : 3),
      );
    }
    await expect.poll(() => cards.count()).toBe(22);
    await expect.poll(() => more.count()).toBe(0);
    await page.getByText('Sfârșitul listei de produse').waitFor();
    await expect.poll(() => showing(page, '#search-count')).toEqual([1, 22, 22]);
    expect(new URL(page.url()).searchParams.get('limit')).toBe('24');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changing the sort updates sortBy in the address and scrolls to the products', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`/pages/search?searchText=${encodeURIComponent(SMALL_SEARCH)}`);
    await listingHydrated(page);
    await page.selectOption('#sort-select', 'price-asc');
    await page.waitForURL(/sortBy=price-asc/);
    expect(new URL(page.url()).hash).toBe('#produse');
    await page.waitForFunction(() => window.scrollY > 100);
    await waitForPriceOrder(page, 'up');
    await page.selectOption('#sort-select', 'price-desc');
    await page.waitForURL(/sortBy=price-desc/);
    await waitForPriceOrder(page, 'down');
    await page.selectOption('#sort-select', 'new');
    await page.waitForURL(/sortBy=new/);
    await page.waitForFunction(() => document.querySelectorAll('#produse article').length === 8);
    await page.getByText('Sfârșitul listei de produse').waitFor();
    await page.selectOption('#sort-select', 'sale');
    await page.waitForURL(/sortBy=sale/);
    await page.waitForFunction(() => !document.querySelector('#produse article:not(:has(s))'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the compare buttons are in the server’s page, invisible until it hydrates, and nothing moves when they appear', async () => {
    // Where every card of the listing is and how tall: a button that appeared and wrapped would grow its row.
    const cardBoxes = (page: Page) =>
      page
        .locator('#produse article')
        .evaluateAll((cards) =>
          cards.map((c) => c.getBoundingClientRect()).map((r) => [r.x, r.y, r.width, r.height].map(Math.round)),
        );
    const noScript = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: false,
    });
    const plain = await noScript.newPage();
    await plain.goto('/shop/biblii');
    const inMarkup = plain.locator('#produse article button[aria-pressed]');
    await expect.poll(() => inMarkup.count()).toBeGreaterThan(0);
    // Not shown, not named to assistive technology, not in the tab order: without JavaScript it would do nothing.
    expect(await plain.getByRole('button', { name: /^Compară / }).count()).toBe(0);
    expect(await inMarkup.first().evaluate((b) => getComputedStyle(b).visibility)).toBe('hidden');
    const before = await cardBoxes(plain);
    expect(before.length).toBeGreaterThan(0);
    await noScript.close();

    const { page, errors, context } = await openPage(browser);
    await page.goto('/shop/biblii');
    await listingHydrated(page);
    expect(await cardBoxes(page)).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('compares two products: toasts, header counter, across tabs, and the compare page', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/shop/biblii');
    const titles = (await page.locator('#produse article h3').allTextContents()).slice(0, 2).map((t) => t.trim());
    const counter = page.locator('header a[href="/pages/compare"]');
    for (const title of titles) {
      await page.getByRole('button', { name: `Compară ${title}` }).click();
      await expect.poll(() => page.getByRole('button', { name: `Compară ${title}`, pressed: true }).count()).toBe(1);
      await page
        .getByRole('status')
        .filter({ hasText: `${title} a fost adăugat la comparare` })
        .waitFor();
    }
    await counter.filter({ hasText: '2 produse' }).waitFor();
    await page.getByRole('button', { name: `Compară ${titles[0]}`, pressed: true }).click();
    await page.getByText(`${titles[0]} a fost eliminat din comparare`).waitFor();
    await counter.filter({ hasText: /\b1 produs(?!e)/ }).waitFor();

    const other = await context.newPage();
    await other.goto('/');
    const otherCounter = other.locator('header a[href="/pages/compare"]');
    await otherCounter.filter({ hasText: /\b1 produs(?!e)/ }).waitFor();
    await page.getByRole('button', { name: `Compară ${titles[0]}`, pressed: false }).click();
    await otherCounter.filter({ hasText: '2 produse' }).waitFor();
    await other.close();

    await counter.click();
    await page.waitForURL(/\/pages\/compare$/);
    const columns = page.locator('thead th[scope="col"]');
    await expect
      .poll(async () => (await columns.allTextContents()).map((t) => t.trim()).sort())
      .toEqual([...titles].sort());
    for (const row of [
      'Preț',
      'Disponibilitate',
      'Autor',
      'Editura',
      'Copertă',
      'Număr de pagini',
      'Limba',
      'Traducere',
    ]) {
      await expect.poll(() => page.locator('tbody th', { hasText: row }).count(), { message: row }).toBe(1);
    }
    await page.getByRole('button', { name: `Elimină ${titles[1]} din comparare` }).click();
    await page.getByText(`${titles[1]} a fost eliminat din comparare`).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('thead th[scope="col"]').length === 1);
    await counter.filter({ hasText: /\b1 produs(?!e)/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switching the currency converts the listed prices and says payment is in lei', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/shop/biblii?sortBy=price-asc');
    await listingHydrated(page);
    const [ron] = await cardPrices(page);
    await expect.poll(() => page.locator('#produse article').first().textContent()).toContain('lei');
    await page.selectOption('#currency-select', 'EUR');
    await page.waitForFunction(() => document.querySelector('#produse article')?.textContent?.includes('€'));
    const [eur] = await cardPrices(page);
    expect(eur).toBeCloseTo(ron / 5.087, 1);
    await page.getByText('Prețurile în EUR sunt orientative: plata se face în lei').waitFor();
    await page.selectOption('#currency-select', 'RON');
    await page.waitForFunction(() => !document.querySelector('#produse article')?.textContent?.includes('€'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in English lei follow the amount, counts have separators, and reductions are measured from the 30-day price', async () => {
    const { page, errors, context } = await openPage(browser);
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL() }]);
    await page.goto('/shop');
    await page.locator('#results-count', { hasText: '20,000' }).waitFor();
    await page.goto('/shop?sortBy=sale');
    const cards = page.locator('#produse article');
    await cards.first().waitFor();
    const shown = await cards.evaluateAll((articles) =>
      articles.map((a) => ({
        price: a.querySelector('p span.font-bold')?.textContent ?? '',
        before: a.querySelector('s')?.textContent ?? null,
        badge: a.querySelector('.bg-brand')?.textContent ?? '',
        lowest: [...a.querySelectorAll('p.text-muted')].map((p) => p.textContent).join(' '),
      })),
    );
    const bani = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    expect(shown.length).toBeGreaterThan(5);
    for (const card of shown) {
      expect(card.price).toMatch(/^[\d,]+\.\d{2}\u00a0lei$/);
      // Every product of "On Sale" shows a reduction, and the struck-through price is the 30-day price.
      expect(card.before).not.toBeNull();
      const before = bani(card.before ?? '');
      expect(card.lowest).toContain(card.before);
      const percent = Math.floor(((before - bani(card.price)) * 100) / before);
      if (percent > 0) expect(card.badge).toContain(`−${percent}%`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shop facets narrow the list, with counts that match, all in the address', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/shop');
    await listingHydrated(page);
    const [, , all] = await showing(page, '#results-count');
    const bibles = page.locator('#filtre nav a', { hasText: /^Biblii\d/ });
    const biblesCount = romanianCount(await bibles.locator('span[aria-hidden]').textContent());
    await bibles.click();
    await page.waitForURL(/\/shop\/biblii$/);
    await page.getByRole('heading', { level: 1, name: 'Biblii' }).waitFor();
    expect((await showing(page, '#results-count'))[2]).toBe(biblesCount);
    expect(biblesCount).toBeLessThan(all);

    const inStock = page.getByRole('checkbox', { name: /Doar produse în stoc/ });
    const inStockText =
      (await page.locator('label', { has: inStock }).locator('span[aria-hidden]').textContent()) ?? '';
    await inStock.check();
    await page.waitForURL(/in_stock=1/);
    // The count is written the same way in the facet and in "Se afișează … din N" (formatNumber).
    await page.waitForFunction(
      (n) => document.querySelector('#results-count')?.textContent?.includes(` ${n} `),
      inStockText,
    );
    expect(romanianCount(inStockText)).toBeLessThan(biblesCount);

    const publisherLabel = page
      .locator('fieldset', { has: page.locator('legend', { hasText: 'Editura' }) })
      .locator('label')
      .first();
    const publisher = publisherLabel.getByRole('checkbox');
    const publisherText = (await publisherLabel.locator('span[aria-hidden]').textContent()) ?? '';
    await publisher.check();
    await page.waitForURL(/publisher=/);
    await page.waitForFunction(
      (n) => document.querySelector('#results-count')?.textContent?.includes(` ${n} `),
      publisherText,
    );
    await expect.poll(() => inStock.isChecked()).toBe(true);

    await page.getByRole('link', { name: 'Elimină filtrul Doar produse în stoc' }).click();
    await page.waitForURL((url) => !url.search.includes('in_stock'));
    await expect.poll(() => inStock.isChecked()).toBe(false);
    await expect.poll(() => publisher.isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: facet form, sort, pages and Load More are links and GET forms', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/shop/biblii');
    await page.getByRole('checkbox', { name: /Doar produse la reducere/ }).check();
    await page.getByRole('button', { name: 'Aplică filtrele' }).click();
    await page.waitForURL(/on_sale=1/);
    await expect.poll(() => page.locator('#produse article').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#produse article:not(:has(s))').count()).toBe(0);
    await page.selectOption('#sort-select', 'price-desc');
    await page.getByRole('button', { name: 'Aplică sortarea' }).click();
    await page.waitForURL(/sortBy=price-desc/);
    expect(new URL(page.url()).searchParams.get('on_sale')).toBe('1');
    await page.goto('/shop/biblii');
    await page.getByRole('link', { name: 'Pagina 2' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => showing(page, '#results-count')).toEqual(expect.arrayContaining([25, 48]));
    await page.goto(`/pages/search?searchText=${encodeURIComponent(SMALL_SEARCH)}`);
    await page.getByRole('link', { name: 'Încarcă mai multe produse' }).click();
    await page.waitForURL(/limit=12/);
    await expect.poll(() => page.locator('#produse article').count()).toBe(12);
    await context.close();
  });

  it('bad query values get a 400 page that names them, an unknown category a 404', async () => {
    const { page, context } = await openPage(browser);
    const bad = await page.goto('/shop?page=-2&sortBy=ieftin');
    expect(bad?.status()).toBe(400);
    await page.getByText('sortBy').first().waitFor();
    expect((await page.goto('/pages/search?max_price=1&min_price=9'))?.status()).toBe(400);
    expect((await page.goto('/shop/nu-exista'))?.status()).toBe(404);
    await context.close();
  });

  it('listings and product pages carry canonical URLs, BreadcrumbList JSON-LD and Open Graph', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/shop/biblia-cornilescu?in_stock=1&sortBy=price-asc');
    await expect
      .poll(() => page.locator('link[rel="canonical"]').getAttribute('href'))
      .toBe(`${baseURL()}/shop/biblia-cornilescu`);
    await expect.poll(() => page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Acasă',
      'Magazin',
      'Biblii',
      'Biblia Cornilescu',
    ]);
    const href = await page.locator('#produse article h3 a').first().getAttribute('href');
    await page.goto(href ?? '/');
    await expect.poll(() => page.locator('meta[property="og:type"]').getAttribute('content')).toBe('product');
    await expect.poll(() => page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^http.*\.svg$/);
    await expect
      .poll(() => page.locator('meta[property="og:title"]').getAttribute('content'))
      .toBe((await page.locator('h1').textContent())?.trim());
    const productLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
      JSON.parse(t),
    );
    expect(productLd.map((d) => d['@type'])).toContainEqual('BreadcrumbList');
    await context.close();
  });

  it('listing, search and compare pages have no serious or critical axe violations, at desktop and phone width', async () => {
    for (const width of [1280, 390]) {
      const { page, context } = await openPage(browser, width);
      await page.goto('/shop/biblii?in_stock=1');
      await expect.poll(() => seriousAxeViolations(page), { message: `shop at ${width}` }).toEqual([]);
      await page.goto(`/pages/search?searchText=${encodeURIComponent(SMALL_SEARCH)}`);
      await expect.poll(() => seriousAxeViolations(page), { message: `search at ${width}` }).toEqual([]);
      await listingHydrated(page);
      await page.getByRole('combobox', { name: 'Caută produse' }).fill('biblia');
      await page.getByRole('listbox').waitFor();
      await expect.poll(() => seriousAxeViolations(page), { message: `suggestions at ${width}` }).toEqual([]);
      await page
        .locator('#produse article')
        .first()
        .getByRole('button', { name: /^Compară/ })
        .click();
      await page.goto('/pages/compare');
      await page.waitForFunction(() => document.querySelectorAll('thead th[scope="col"]').length === 1);
      await expect.poll(() => seriousAxeViolations(page), { message: `compare at ${width}` }).toEqual([]);
      await context.close();
    }
  });
});
