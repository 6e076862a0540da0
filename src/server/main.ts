import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { openDb } from '../db/client';
import { importGeography } from '../core/geography/import';
import { seedShippingData } from '../db/seed/shipping-seed';
import { migrate } from '../db/migrate';
import { isCatalogueEmpty, seedDemoData } from '../db/seed/seed';
import { buildApp, type WebOptions } from './app';
import { relayBetweenWorkers, shareWorkerCaches } from './cluster-caches';
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

/** Starts the shop: database, migrations, demo data, then one HTTP server, or `WORKERS` of them on one port. */
export async function startShop(config: Config, development: boolean): Promise<void> {
  if (cluster.isWorker) return serve(config, development, { migrate: false });
  if (config.workers > 1 && !development) return startWorkers(config);
  return serve(config, development, { migrate: true });
}

const PINO_LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** The primary's log: JSON lines in the shape of the workers' (pino's), at the configured level. */
function primaryLogger(configured: string) {
  const threshold = PINO_LEVELS[configured] ?? Number.POSITIVE_INFINITY;
  return (level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) => {
    if (PINO_LEVELS[level] < threshold) return;
    const line = { level: PINO_LEVELS[level], time: Date.now(), pid: process.pid, ...fields, msg };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
}

/**
 * The primary of `WORKERS` processes (decision 018): it migrates and loads the demo data once, then
 * forks the workers, which share the port (node:cluster hands connections round-robin). A worker
 * that dies is replaced; SIGTERM or SIGINT stops every worker gracefully and then the primary.
 */
async function startWorkers(config: Config): Promise<void> {
  const primaryLog = primaryLogger(config.logLevel);
  const started = Date.now();
  const db = await openDatabase(config);
  await migrate(db);
  const seeded = config.demoData && (await isCatalogueEmpty(db.db));
  if (seeded) await seedDemoData(db.db, config.demoProducts);
  const geography = await importGeography(db.db, config.roAddressData, {
    info: (fields, msg) => primaryLog('info', msg, { ...fields }),
    warn: (fields, msg) => primaryLog('warn', msg, { ...fields }),
    error: (fields, msg) => primaryLog('error', msg, { ...fields }),
  });
  // After the address data: the demo lockers stand in its localities.
  await seedShippingData(db.db, { demo: config.demoData });
  await db.close();

  let stopping = false;
  let listening = 0;
  // bootstrap.ts set NODE_ENV=production for React after reading the configuration: the workers read
  // it again as the operator gave it (the session secret kept in DATA_DIR is then the same for all).
  const fork = () =>
    cluster.fork({ NODE_ENV: config.env }).once('listening', () => {
      listening += 1;
      if (listening === config.workers) {
        primaryLog('info', 'shop started', {
          url: config.publicUrl,
          workers: config.workers,
          demoDataLoaded: seeded,
          addressData: geography.source,
          startMs: Date.now() - started,
        });
      }
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (listening < config.workers) {
      // A worker that cannot even start (port taken, database gone) would fail again: stop instead.
      primaryLog('error', 'worker failed to start', { pid: worker.process.pid, code, signal });
      void stop(1);
      return;
    }
    primaryLog('error', 'worker died, starting another', { pid: worker.process.pid, code, signal });
    fork();
  });
  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    const exited = workers.map((w) => new Promise((resolve) => (w.isDead() ? resolve(null) : w.once('exit', resolve))));
    for (const w of workers) w.process.kill('SIGTERM');
    // Each worker closes its server after the requests in flight; one that hangs is killed.
    const timer = setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
    }, 15_000);
    await Promise.all(exited);
    clearTimeout(timer);
    process.exit(exitCode);
  };
  cluster.on('message', (worker, message) =>
    relayBetweenWorkers(worker, message, Object.values(cluster.workers ?? {})),
  );
  for (let i = 0; i < config.workers; i++) fork();
  // Each worker reports its own memory (see serve).
  process.on('SIGUSR2', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGUSR2');
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      primaryLog('info', 'shutting down', { signal, workers: config.workers });
      void stop(0);
    });
  }
}

async function serve(config: Config, development: boolean, options: { migrate: boolean }): Promise<void> {
  const started = Date.now();
  const db = await openDatabase(config);
  let seeded = false;
  let addressData: string | undefined;
  if (options.migrate) {
    await migrate(db);
    seeded = config.demoData && (await isCatalogueEmpty(db.db));
    if (seeded) await seedDemoData(db.db, config.demoProducts);
  }

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

  const { app, services } = await buildApp({ config, db, web, beforePages, scheduledJobs: true });
  if (cluster.isWorker) shareWorkerCaches(services.caches, process);
  // After the migrations, like the demo data, and only where they ran (one process of WORKERS): a no-op
  // when the same files were loaded before.
  if (options.migrate) {
    addressData = (await importGeography(db.db, config.roAddressData, app.log)).source;
    // After the address data: the demo lockers stand in its localities.
    await seedShippingData(db.db, { demo: config.demoData });
    // The lookups keep what they read in memory: nothing may survive from before the import.
    services.caches.invalidate('geography', 'carriers');
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: db.kind,
      demoDataLoaded: seeded,
      addressData,
      startMs: Date.now() - started,
    },
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
  // Where the memory goes, on an operator's (or the bench's) request, whatever the log level.
  process.on('SIGUSR2', () => {
    const line = { time: Date.now(), pid: process.pid, memory: process.memoryUsage(), msg: 'memory' };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  });
}
