/**
 * How the end-to-end tests (e2e/browser.ts) and the bench's Lighthouse runs (bench/browser-measures.ts) start
 * Debian's Chromium, or the one `CHROMIUM_PATH` names (as scripts/ensure-test-tools.mjs checks it): headless,
 * without a sandbox or a GPU, and with nothing that reaches for the network on its own (the machines have no
 * internet).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
