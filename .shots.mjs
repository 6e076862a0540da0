// node .shots.mjs BASE: cart with 3 books, then screenshots of cart and checkout at 1280 and 390 px
import { chromium } from 'playwright-core';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const width of [1280, 390]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  for (const id of [5, 6, 7]) await page.request.post('/api/cart/lines', { data: { productId: id, quantity: 1 }, headers: { origin: base } });
  for (const path of ['/pages/cart', '/pages/checkout', '/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const name = `/tmp/shot-${path.replace(/\W+/g, '_') || 'home'}-${width}.png`;
    await page.screenshot({ path: name, fullPage: width === 390 ? false : true });
    console.log(name, await page.title());
  }
  console.log('errors', errors);
  await context.close();
}
await browser.close();
