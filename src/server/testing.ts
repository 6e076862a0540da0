import type { DbHandle } from '../db/client';
import { buildApp, type ShopApp } from './app';
import { loadConfig } from './config';

/** The API without pages, on the given database, quiet, for fastify.inject tests. */
export async function createTestApp(db: DbHandle): Promise<ShopApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/maranatha-test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    PUBLIC_URL: 'http://shop.test',
  });
  const shop = await buildApp({ config, db });
  await shop.app.ready();
  return shop;
}
