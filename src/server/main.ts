import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { Logger } from '../core/logger';
import { openDb } from '../db/client';
import { buildApp, type WebOptions } from './app';
import { relayBetweenWorkers, shareWorkerCaches } from './cluster-caches';
import { type Config, ConfigError } from './config';
import { prepareDatabase, prepareInChildProcess } from './prepare-database';
import { lowerBackgroundThreads } from './thread-priority';

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

/**
 * Starts the shop: migrations, demo data and address data in a child process (prepare-database.ts), then one HTTP
 * server, or `WORKERS` of them on one port.
 */
export async function startShop(config: Config, development: boolean): Promise<void> {
  if (cluster.isWorker) return serve(config, development, null);
  const started = Date.now();
  const prepared = await prepareInChildProcess(config);
  if (config.workers > 1 && !development) return startWorkers(config, { ...prepared, started });
  return serve(config, development, { ...prepared, started });
}

/** The child process of prepareInChildProcess: prepares the database, tells its parent what it did, and ends. */
export async function prepareDatabaseAlone(config: Config): Promise<void> {
  const started = Date.now();
  const log = lineLogger(config.logLevel);
  const db = await openDatabase(config);
  try {
    const prepared = await prepareDatabase(db, config, log);
    log.info({ database: db.kind, ...prepared, ms: Date.now() - started }, 'database prepared');
    await new Promise<void>((resolve, reject) =>
      process.send?.(prepared, (err: Error | null) => (err ? reject(err) : resolve())),
    );
  } finally {
    await db.close();
  }
}

const PINO_LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/**
 * The log of the processes that serve no request (the primary of WORKERS, the database preparation): JSON lines in
 * the shape of the servers' (pino's), at the configured level.
 */
function lineLogger(configured: string): Logger {
  const threshold = PINO_LEVELS[configured] ?? Number.POSITIVE_INFINITY;
  const write = (level: 'info' | 'warn' | 'error') => (fields: object, msg: string) => {
    if (PINO_LEVELS[level] < threshold) return;
    const line = { level: PINO_LEVELS[level], time: Date.now(), pid: process.pid, ...fields, msg };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

/** What the start did before the servers opened the database, for their "shop started" line. */
interface StartFacts {
  demoDataLoaded: boolean;
  addressData: string;
  started: number;
}

/**
 * The primary of `WORKERS` processes (decision 018): once the database is prepared (once, in its child), it
 * forks the workers, which share the port (node:cluster hands connections round-robin). A worker
 * that dies is replaced; SIGTERM or SIGINT stops every worker gracefully and then the primary.
 */
async function startWorkers(config: Config, facts: StartFacts): Promise<void> {
  const log = lineLogger(config.logLevel);

  let stopping = false;
  let listening = 0;
  // bootstrap.ts set NODE_ENV=production for React after reading the configuration: the workers read
  // it again as the operator gave it (the session secret kept in DATA_DIR is then the same for all).
  const fork = () =>
    cluster.fork({ NODE_ENV: config.env }).once('listening', () => {
      listening += 1;
      if (listening === config.workers) {
        log.info(
          {
            url: config.publicUrl,
            workers: config.workers,
            demoDataLoaded: facts.demoDataLoaded,
            addressData: facts.addressData,
            startMs: Date.now() - facts.started,
          },
          'shop started',
        );
      }
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (listening < config.workers) {
      // A worker that cannot even start (port taken, database gone) would fail again: stop instead.
      log.error({ pid: worker.process.pid, code, signal }, 'worker failed to start');
      void stop(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'worker died, starting another');
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
      log.info({ signal, workers: config.workers }, 'shutting down');
      void stop(0);
    });
  }
}

/** One HTTP server; `facts` is null in a worker of WORKERS (its primary prepared the database and logs the start). */
async function serve(config: Config, development: boolean, facts: StartFacts | null): Promise<void> {
  const started = facts?.started ?? Date.now();
  const db = await openDatabase(config);

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
    const buildUrl = pathToFileURL(path.join(buildDir, 'server', 'index.js')).href;
    // With render threads the pages' build is theirs alone: the main thread never loads React or the routes.
    const build = config.renderThreads === 0 ? ((await import(buildUrl)) as ServerBuild) : null;
    web = {
      mode: 'production',
      getBuild: async () => build ?? ((await import(buildUrl)) as ServerBuild),
      clientDir: path.join(buildDir, 'client'),
      renderThreads: {
        threads: config.renderThreads,
        build: { kind: 'file', url: buildUrl },
        entry: pathToFileURL(path.join(buildDir, 'render-thread.js')),
      },
    };
  }

  // Before the render threads start: they inherit the main thread's priority, not the background threads'.
  const backgroundThreads = await lowerBackgroundThreads(config.backgroundThreadsNice);
  const { app, services, htmlCache } = await buildApp({
    config,
    db,
    web,
    beforePages,
    scheduledJobs: true,
    warmUpCatalogue: true,
  });
  if (cluster.isWorker) shareWorkerCaches(services.caches, process);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: db.kind,
      demoDataLoaded: facts?.demoDataLoaded ?? false,
      addressData: facts?.addressData,
      // Development renders through Vite on the main thread whatever RENDER_THREADS says.
      renderThreads: web.mode === 'production' ? config.renderThreads : 0,
      backgroundThreads:
        'skipped' in backgroundThreads
          ? `left as they are (${backgroundThreads.skipped})`
          : `${backgroundThreads.lowered.length} at nice ${backgroundThreads.niceness}`,
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
    const line = {
      time: Date.now(),
      pid: process.pid,
      memory: process.memoryUsage(),
      htmlCache: htmlCache?.stats(),
      pgliteMemory: db.wasmMemoryBytes?.(),
      caches: services.caches.sizes(),
      msg: 'memory',
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  });
}
