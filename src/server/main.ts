import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { isCatalogueEmpty, seedDemoData } from '../db/seed/seed';
import { buildApp, type WebOptions } from './app';
import { type Config, ConfigError } from './config';

/** Opens the configured database; an embedded one that cannot start names DATA_DIR in one line. */
async function openDatabase(config: Config) {
  if (config.databaseUrl) return openDb({ url: config.databaseUrl });
  const pgliteDir = path.join(config.dataDir, 'pglite');
  try {
    return await openDb({ pgliteDir });
  } catch (err) {
    const cause = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new ConfigError(`Invalid configuration: DATA_DIR holds no usable database in ${pgliteDir} (${cause})`);
  }
}

/** Starts the shop: database, migrations, demo data, then one HTTP server. */
export async function startShop(config: Config, development: boolean): Promise<void> {
  const started = Date.now();
  const db = await openDatabase(config);
  await migrate(db);
  const seeded = config.demoData && (await isCatalogueEmpty(db.db));
  if (seeded) await seedDemoData(db.db, config.demoProducts);

  let web: WebOptions;
  let beforePages: Parameters<typeof buildApp>[0]['beforePages'];
  if (development) {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    web = {
      mode: 'development',
      getBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    };
    beforePages = async (app) => {
      await app.register(middie);
      app.use(vite.middlewares);
    };
  } else {
    const buildDir = path.resolve('build');
    const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
    web = { mode: 'production', getBuild: async () => build, clientDir: path.join(buildDir, 'client') };
  }

  const { app } = await buildApp({ config, db, web, beforePages, cartCleanup: true });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: db.kind, demoDataLoaded: seeded, startMs: Date.now() - started },
    'shop started',
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
