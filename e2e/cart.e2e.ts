import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, openPage, seriousAxeViolations, storeInHtmlCache, useBrowser } from './browser';

/** An in-stock book of the demo catalogue (books have no personalisation), its slug and title. */
async function someBook(skip = 0): Promise<{ slug: string; title: string }> {
  const res = await fetch(`${baseURL()}/api/products?productType=carte&in_stock=1&per_page=10`);
  const body = (await res.json()) as { data: { slug: string; title: string; inStock: boolean }[] };
  const book = body.data.filter((p) => p.inStock)[skip];
  if (!book) throw new Error('no book in stock');
  return book;
}

const addForm = (page: Page) => page.locator('main form:has(input[name="intent"][value="add"])').first();
const cartLines = (page: Page) => page.locator('main li:has(input[name="intent"][value="remove"])');

describe('the cart without JavaScript', () => {
  const browser = useBrowser();

  it('adds from a product page, changes the quantity and removes the line on the cart page', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    const book = await someBook();
    await page.goto(`/produs/${book.slug}`);
    await addForm(page).locator('input[name="quantity"]').fill('2');
    await addForm(page).locator('button[type="submit"]').click();
    // Back on the product page it came from, with the cart cookie set.
    await page.waitForURL(new RegExp(`/produs/${book.slug}$`));
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'cart')?.httpOnly).toBe(true);

    await page.goto('/pages/cart');
    await expect.poll(() => cartLines(page).count()).toBe(1);
    await expect.poll(() => page.locator('main').textContent()).toContain(book.title);
    const line = cartLines(page).first();
    await line.locator('input[name="quantity"]').fill('3');
    await line.locator('form:has(input[value="set-quantity"]) button[type="submit"]').click();
    await page.waitForURL(/\/pages\/cart$/);
    await expect.poll(() => cartLines(page).first().locator('input[name="quantity"]').inputValue()).toBe('3');
    await cartLines(page).first().locator('form:has(input[value="remove"]) button').click();
    await page.waitForURL(/\/pages\/cart$/);
    await expect.poll(() => cartLines(page).count()).toBe(0);
    await expect.poll(() => page.locator('main a[href="/shop"]').count()).toBe(1);
    await context.close();
  });
});

describe('the cart with JavaScript', () => {
  const browser = useBrowser();

  it('adds from a product page: the counter updates, the panel takes focus and the pages pass axe', async () => {
    const { page, context, errors } = await openPage(browser);
    const book = await someBook(1);
    await page.goto(`/produs/${book.slug}`);
    // Hydrated once the session call has filled in the counter.
    await page.getByTestId('cart-count').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');
    await addForm(page).locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    const panel = page.locator('section[aria-labelledby="cart-added-title"]');
    await panel.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('cart-added-title');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    // The page did not navigate away.
    expect(page.url()).toContain(`/produs/${book.slug}`);

    await page.goto('/pages/cart');
    await expect.poll(() => cartLines(page).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await cartLines(page).first().locator('form:has(input[value="remove"]) button').click();
    await expect.poll(() => cartLines(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a submission made the moment React hydrates the page as its own: the counter shows the line', async () => {
    const { page, context, errors } = await openPage(browser);
    const book = await someBook(5);
    // Submits the add form in every task from the first: the browser's own submissions (before React runs) are
    // stopped here, and the first one React takes is the shopper's click during hydration. Its post must carry no
    // "redirectTo" (the field of the post without JavaScript), or the action answers with a redirect instead of
    // the line and the counter never hears of it.
    await page.addInitScript(() => {
      let taken = false;
      window.addEventListener('submit', (event) => {
        if (!event.defaultPrevented) return event.preventDefault();
        taken = true;
        document.documentElement.setAttribute('data-submit-taken', '');
      });
      const tasks = new MessageChannel();
      tasks.port1.onmessage = () => {
        if (taken) return;
        document.querySelector<HTMLFormElement>('main form:has(input[name="intent"][value="add"])')?.requestSubmit();
        tasks.port2.postMessage(null);
      };
      tasks.port2.postMessage(null);
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(`${request.url()} ${request.postData() ?? ''}`);
    });
    await page.goto(`/produs/${book.slug}`);
    await page.locator('html[data-submit-taken]').waitFor({ state: 'attached' });
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect(posts).toHaveLength(1);
    expect(posts[0]).not.toContain('redirectTo');
    expect(page.url()).toBe(`${baseURL()}/produs/${book.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each visitor their own count on a product page served from the HTML cache', async () => {
    const book = await someBook(2);
    await storeInHtmlCache(`/produs/${book.slug}`);
    const a = await openPage(browser);
    const b = await openPage(browser);
    await a.page.goto(`/produs/${book.slug}`);
    await a.page.getByTestId('cart-count').waitFor();
    await addForm(a.page).locator('input[name="quantity"]').fill('2');
    await addForm(a.page).locator('button[type="submit"]').click();
    await expect.poll(() => a.page.getByTestId('cart-count').textContent()).toBe('2');
    // Both load the same cached HTML; the counter comes from each one's own session call.
    await a.page.reload();
    await b.page.goto(`/produs/${book.slug}`);
    await expect.poll(() => a.page.getByTestId('cart-count').textContent()).toBe('2');
    await expect.poll(() => b.page.getByTestId('cart-count').textContent()).toBe('0');
    await a.context.close();
    await b.context.close();
  });
});

describe('the cart at login', () => {
  const browser = useBrowser();

  it('joins the cart built as a guest to the one the account had', async () => {
    const { page, context } = await openPage(browser);
    const [a, b] = [await someBook(3), await someBook(4)];
    const email = `cos-${Date.now()}@example.ro`;
    const password = 'parola-cosului-1';
    const post = (url: string, data: object) => page.request.post(url, { headers: { origin: baseURL() }, data });
    // An account whose cart holds one A, then logged out.
    await page.goto('/');
    const registered = await post('/api/auth/register', {
      first_name: 'Ana',
      last_name: 'Coș',
      email,
      phone: '0744 123 456',
      password,
      password_confirmation: password,
      terms: 'on',
    });
    expect(registered.status()).toBe(201);
    await page.goto(`/produs/${a.slug}`);
    await page.getByTestId('cart-count').waitFor();
    await addForm(page).locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    expect((await post('/api/auth/logout', {})).status()).toBe(204);

    // As a guest: two more A and one B.
    await page.goto(`/produs/${a.slug}`);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');
    await addForm(page).locator('input[name="quantity"]').fill('2');
    await addForm(page).locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('2');
    await page.goto(`/produs/${b.slug}`);
    await page.getByTestId('cart-count').waitFor();
    await addForm(page).locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3');

    // Logging in on the login page joins them: 3 × A and 1 × B.
    await page.goto('/pages/login?redirectTo=%2Fpages%2Fcart');
    await page.locator('main input[name="email"]').fill(email);
    await page.locator('main input[name="password"]').fill(password);
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await page.waitForURL(/\/pages\/cart$/);
    await expect.poll(() => cartLines(page).count()).toBe(2);
    const quantities = await cartLines(page)
      .locator('input[name="quantity"]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(quantities).toEqual(['3', '1']);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('4');
    await context.close();
  });
});
