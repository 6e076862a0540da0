import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseURL, hydrated, openPage, storeInHtmlCache, useBrowser } from './browser';

/** The CSP header as directive → sources. */
const parseCsp = (csp: string): Record<string, string[]> =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe('cached pages in Chromium (decision 018)', () => {
  const browser = useBrowser();

  it('a product page served from the cache runs every inline script under a strict CSP and hydrates', async () => {
    const home = await (await fetch(`${baseURL()}/`)).text();
    const href = /href="(\/produs\/[^"]+)"/.exec(home)?.[1];
    expect(href).toBeDefined();
    // Stored from its second request; the browser's is then a hit, byte for byte the stored body.
    const stored = await storeInHtmlCache(href ?? '/');

    const { page, errors, context } = await openPage(browser);
    // Added through DevTools, so the page's CSP does not apply to this listener itself.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
      );
    });
    const response = await page.goto(href ?? '/');
    expect(response?.status()).toBe(200);
    const headers = await response?.allHeaders();
    expect(headers?.['content-encoding']).toBe('br');
    expect(await response?.text()).toBe(stored);
    const csp = parseCsp(headers?.['content-security-policy'] ?? '');
    expect(Object.values(csp).flat()).not.toContain("'unsafe-inline'");
    expect(csp['script-src'].some((s) => s.startsWith("'nonce-"))).toBe(false);
    expect(csp['script-src'].filter((s) => s.startsWith("'sha256-")).length).toBeGreaterThan(0);
    // The stylesheet is in the head (no request holds the first paint), allowed by its hash alone.
    const inlineStyles = [...stored.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(inlineStyles).toHaveLength(1);
    expect(stored).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const styleHash = `'sha256-${createHash('sha256').update(inlineStyles[0]).digest('base64')}'`;
    expect(csp['style-src']).toEqual(["'self'", styleHash]);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
    // The scripts wait for the cover (decision 047): inert in the bytes, requested once it is painted, and
    // they still hydrate the page below, under the hashes alone.
    expect(stored).not.toMatch(/rel="modulepreload"|type="module"/);
    expect([...stored.matchAll(/<link data-after-cover="modulepreload"/g)].length).toBeGreaterThan(3);

    // Hydrated: a link click navigates inside the page (the marker survives), no full load.
    await hydrated(page);
    const requested = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => r as PerformanceResourceTiming)
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd })),
    );
    const coverPath = await page.evaluate(
      () => new URL(document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')?.src ?? '/none').pathname,
    );
    const cover = requested.find((r) => r.path === coverPath);
    const scripts = requested.filter((r) => r.path.startsWith('/assets/') && r.path.endsWith('.js'));
    expect(cover).toBeDefined();
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) expect(script.start).toBeGreaterThanOrEqual(cover?.end ?? Number.NaN);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL(`${baseURL()}/`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page rendered for one visit comes as gzip around the kept stylesheet (decision 044), styled and hydrated', async () => {
    const { page, errors, context } = await openPage(browser);
    // A query no one asked for before: rendered for this response, not from the cache.
    const response = await page.goto(`/shop?e2e-once=${Date.now()}`);
    expect(response?.status()).toBe(200);
    const headers = await response?.allHeaders();
    expect(headers?.['content-encoding']).toBe('gzip');
    const html = await response?.text();
    const styles = [...(html ?? '').matchAll(/<style nonce="[0-9a-f]+">([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toHaveLength(1);
    expect(styles[0]?.length).toBeGreaterThan(8 * 1024);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
    await hydrated(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
