import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { baseURL } from './browser';
import { ARAD_PLACE } from '../src/contracts/addresses.testing';

/** The shop's own state seen from a browser test: the cart filled through its API, the mail outbox read. */

/** Puts products in the browser context's cart through the cart API (same cookies as the page). */
export async function addToCart(context: BrowserContext, productIds: number[]): Promise<void> {
  for (const productId of productIds) {
    const res = await context.request.post('/api/cart/lines', {
      data: { productId, quantity: 1 },
      headers: { origin: baseURL() },
    });
    expect(res.status()).toBe(200);
  }
}

/** An address's place and phone on the e2e server's address fixture, as the address and order APIs take them. */
export const ARAD_ADDRESS = { ...ARAD_PLACE, is_company: false, phone: '0744123456' };

/** The decoded bodies of the outbox's e-mails to `to`, newest last. */
export function mailsTo(to: string): string[] {
  const dir = path.join(inject('dataDir'), 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((raw) => raw.includes(`To: ${to}`))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8')),
    );
}
