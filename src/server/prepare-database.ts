import { fork } from 'node:child_process';
import { importGeography } from '../core/geography/import';
import type { Logger } from '../core/logger';
import type { DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { seedShippingData } from '../db/seed/shipping-seed';
import { isCatalogueEmpty, seedDemoData } from '../db/seed/seed';
import type { Config } from './config';

/** What a start did to the database, for the "shop started" line. */
export interface PreparedDatabase {
  demoDataLoaded: boolean;
  addressData: string;
}

/** The flag of bootstrap.ts that runs prepareDatabase alone, in the child process of prepareInChildProcess. */
export const PREPARE_DATABASE_FLAG = '--prepare-database';

/**
 * Migrations, then on a first start the demo data, then Romania's address data and the carriers' data (no-ops
 * when the same files were loaded before).
 */
export async function prepareDatabase(db: DbHandle, config: Config, log: Logger): Promise<PreparedDatabase> {
  await migrate(db);
  const demoDataLoaded = config.demoData && (await isCatalogueEmpty(db.db));
  if (demoDataLoaded) await seedDemoData(db.db, config.demoProducts);
  const { source } = await importGeography(db.db, config.roAddressData, log);
  // After the address data: the demo lockers stand in its localities.
  await seedShippingData(db.db, { demo: config.demoData });
  return { demoDataLoaded, addressData: source };
}

/** Profilers and debuggers stay with the serving process; loaders (tsx in development) go to the child too. */
const NOT_FOR_THE_CHILD = /^--(cpu-prof|heap-prof|inspect|prof)/;

/**
 * Runs prepareDatabase in a child process of the same entry (decision 020). Loading 20,000 demo products and the
 * address files grew an embedded database's WebAssembly memory and the heap by about 260 MB, which a process never
 * gives back: the server now opens the database after the child has closed it and exited. The child logs to the
 * same output; it fails the start with its exit code.
 */
export function prepareInChildProcess(config: Config): Promise<PreparedDatabase> {
  const script = process.argv[1];
  if (!script) return Promise.reject(new Error('No entry script to run the database preparation with'));
  return new Promise((resolve, reject) => {
    let answer: PreparedDatabase | null = null;
    // NODE_ENV as the operator gave it: bootstrap.ts set it to production for React after reading the configuration.
    const child = fork(script, [PREPARE_DATABASE_FLAG], {
      env: { ...process.env, NODE_ENV: config.env },
      execArgv: process.execArgv.filter((arg) => !NOT_FOR_THE_CHILD.test(arg)),
      stdio: 'inherit',
    });
    child.once('message', (message) => {
      answer = message as PreparedDatabase;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && answer) resolve(answer);
      else reject(new DatabasePreparationFailed(code, signal));
    });
  });
}

/** The child has said why on the shared output; the server stops with its exit code. */
export class DatabasePreparationFailed extends Error {
  constructor(
    readonly exitCode: number | null,
    signal: NodeJS.Signals | null,
  ) {
    super(`The database preparation stopped (exit code ${exitCode}${signal ? `, signal ${signal}` : ''})`);
  }
}
