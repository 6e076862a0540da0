import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CurrentClient, RegisterInput } from '../contracts/accounts';
import type { StaffListItem, StaffRole } from '../contracts/staff';
import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { seedDemoData } from '../db/seed/seed';
import { createTestDb, type TestDb } from '../db/testing';
import type { DbHandle } from '../db/client';
import { type AppOptions, buildApp, type ShopApp } from './app';
import { loadConfig } from './config';
import type { RenderThreadsOptions } from './ssr';
import { pagesFromSources } from './pages-vite';

/** Each test app writes (uploads) into a folder of its own, so test files running side by side never meet. */
const testConfig = () =>
  loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'maranatha-test-')),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    PUBLIC_URL: 'http://shop.test',
  });

/**
 * A fetch that answers from the app itself (fastify.inject), whatever the address's host: the shop's calls
 * to the NETOPIA simulator and the simulator's notifications to the shop stay in the test's process.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** The API without pages, on the given database, quiet, not yet ready (`app.ready()` is the test's). */
export function buildTestApp(db: DbHandle, options: Pick<AppOptions, 'warmUpCatalogue'> = {}): Promise<ShopApp> {
  return buildApp({ config: testConfig(), db, paymentFetch: injectFetch, ...options });
}

/** The API without pages, on the given database, quiet, for fastify.inject tests. */
export async function createTestApp(db: DbHandle): Promise<ShopApp> {
  const shop = await buildTestApp(db);
  await shop.app.ready();
  return shop;
}

/**
 * The API and the server-rendered pages, the route modules compiled on the fly by Vite (no build
 * needed, so the integration tier can run before `npm run build`), served as in production: HTML
 * cache, CSP nonces, no error details. `close()` also stops Vite.
 */
export async function createTestAppWithPages(
  db: DbHandle,
  options: { renderThreads?: number } = {},
): Promise<ShopApp & { build: ServerBuild; close: () => Promise<void> }> {
  const pages = await pagesFromSources();
  const getBuild = pages.build;
  const shop = await buildApp({
    config: testConfig(),
    db,
    web: { mode: 'production', getBuild, renderThreads: testRenderThreads(options.renderThreads ?? 0) },
    paymentFetch: injectFetch,
  });
  await shop.app.ready();
  return {
    ...shop,
    build: await getBuild(),
    close: async () => {
      await shop.app.close();
      await pages.close();
    },
  };
}

/**
 * Render threads over the sources (decision 034): each thread compiles the pages with its own Vite. Node 20
 * does not apply `--import` loaders to a worker's entry, so the entry is a module that registers tsx first.
 */
export function testRenderThreads(threads: number): RenderThreadsOptions {
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const thread = JSON.stringify(new URL('./render-threads/render-thread.ts', import.meta.url).href);
  const entry = `const { register } = await import(${tsx}); register(); await import(${thread});`;
  return { threads, build: { kind: 'vite' }, entry: new URL(`data:text/javascript,${encodeURIComponent(entry)}`) };
}

export interface SeededApp {
  db: TestDb;
  shop: ShopApp;
  /** The pages' build (its `routes` are web/routes.ts), with `pages: true` only. */
  build: ServerBuild;
}

/** An object that stands for the one `get` returns once it exists (set up in beforeAll, read in tests). */
function late<T extends object>(what: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const real = get();
      if (real === undefined) throw new Error(`useSeededApp: ${what} is read before beforeAll made it`);
      const value: unknown = Reflect.get(real, key);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
}

/**
 * One seeded app for the tests of a `describe.each(testDatabases)` block: a fresh database (PGlite,
 * or PostgreSQL at `url`) with `seed` demo products, or filled by the `seed` function, and the API
 * over it (and the pages with `pages: true`); made before the block's tests and closed after them.
 */
export function useSeededApp(
  url: string | undefined,
  seed: number | ((db: TestDb) => Promise<void>),
  options: { pages?: boolean; renderThreads?: number } = {},
): SeededApp {
  let db: TestDb | undefined;
  let shop: ShopApp | undefined;
  let build: ServerBuild | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    db = await createTestDb(url);
    if (typeof seed === 'number') await seedDemoData(db.db, seed);
    else await seed(db);
    if (options.pages) {
      const withPages = await createTestAppWithPages(db, { renderThreads: options.renderThreads });
      shop = withPages;
      build = withPages.build;
      close = withPages.close;
    } else {
      shop = await createTestApp(db);
      close = () => shop?.app.close() ?? Promise.resolve();
    }
  });
  afterAll(async () => {
    await close?.();
    await db?.close();
    if (shop) await rm(shop.config.dataDir, { recursive: true, force: true });
  });
  return { db: late('db', () => db), shop: late('shop', () => shop), build: late('build', () => build) };
}

let testClients = 0;

/**
 * A new client account and its session token, made through the service (no HTTP, no rate limit), for
 * tests of pages and API routes about the visitor: `inject({ cookies: { sid: token } })`.
 */
export async function createTestClient(
  shop: ShopApp,
  overrides: Partial<RegisterInput> = {},
): Promise<{ client: CurrentClient; token: string; password: string }> {
  testClients++;
  const password = overrides.password ?? 'parola-de-test-1';
  const { client, token } = await shop.services.accounts.register({
    first_name: 'Elena',
    last_name: 'Test',
    email: `client${testClients}-${Date.now()}@example.ro`,
    phone: '0744 123 456',
    terms: 'on',
    ...overrides,
    password,
    password_confirmation: password,
  });
  return { client, token, password };
}

let testStaff = 0;

/** The current TOTP code of a base32 secret (as an authenticator app shows it), `offsetSteps` steps away. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/**
 * A staff member ready to use the back office, made through the service (no HTTP, no rate limit): the
 * one-time password changed and, for admin and operator (or `totp: true`), TOTP set up. Answers their
 * session token (`inject({ cookies: { staff_sid: token } })`), password and TOTP secret.
 */
export async function createTestStaff(
  shop: ShopApp,
  role: StaffRole,
  options: { totp?: boolean; ready?: boolean } = {},
): Promise<{ staff: StaffListItem; token: string; password: string; secret: string | null }> {
  testStaff++;
  const staffService = shop.services.staff;
  const email = `staff${testStaff}-${Date.now()}@example.ro`;
  const { staff, password: oneTime } = await staffService.create(
    { email, name: `Ana ${role} ${testStaff}`, role },
    null,
  );
  if (options.ready === false) {
    const { token } = await staffService.login({ email, password: oneTime }, null);
    return { staff, token, password: oneTime, secret: null };
  }
  const password = 'parola-echipei-1';
  await staffService.changePassword(
    staff.id,
    { old_pass: oneTime, new_pass: password, new_pass_confirmation: password },
    null,
  );
  let secret: string | null = null;
  if (options.totp ?? role !== 'editor') {
    secret = (await staffService.totpSetup(staff.id))?.secret ?? null;
    if (!secret) throw new Error('TOTP setup gave no secret');
    await staffService.totpConfirm(staff.id, totpCode(secret));
  }
  // The confirmation used this step's code; a code is accepted once, so the login takes the next step's.
  const { token } = await staffService.login({ email, password, code: secret ? totpCode(secret, 1) : undefined }, null);
  return { staff: { ...staff, mustChangePassword: false, totpEnabled: secret !== null }, token, password, secret };
}
