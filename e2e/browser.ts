import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';

export function baseURL(): string {
  return inject('baseURL');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * One Chromium for the tests of a `describe` block: launched before them, closed after them. The
 * answer stands for the browser once it is launched (read it inside tests, not at collection time).
 */
export function useBrowser(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return new Proxy({} as Browser, {
    get(_target, key) {
      if (!browser) throw new Error('useBrowser: the browser is read before beforeAll launched it');
      const value: unknown = Reflect.get(browser, key);
      return typeof value === 'function' ? value.bind(browser) : value;
    },
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export async function openPage(browser: Browser, width = 1280): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { page, context, errors };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluate() goes through DevTools, so the page's CSP (which forbids inline scripts) does not block axe.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // axe is injected above; the window type does not know it.
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Runs only the named axe rules (whatever their impact) and returns their violations. */
export async function axeRuleViolations(page: Page, rules: string[]): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (ids) => {
    // axe is injected above; the window type does not know it.
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run({ runOnly: { type: 'rule', values: ids } })).violations;
  }, rules);
}

/**
 * Has the HTML cache store a public page, as anonymous visitors do: it keeps a page from its second request
 * (decision 018). Returns the stored body (both answers carry it: the render's, without its nonces).
 */
export async function storeInHtmlCache(path: string): Promise<string> {
  await (await fetch(`${baseURL()}${path}`)).text();
  return (await fetch(`${baseURL()}${path}`)).text();
}

/**
 * Waits until React has hydrated the page (root.tsx marks <html> then). A click or a submit before that is
 * the browser's own: a form posts without JavaScript, a blur has no handler.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Waits until React has hydrated a page of product cards: their compare buttons are visible only then. Typing,
 * choosing or clicking a card's link before that can be lost (the handlers are not attached yet).
 */
export async function listingHydrated(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Compară / })
    .first()
    .waitFor();
}
