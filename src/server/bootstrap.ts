import { ConfigError, loadConfig } from './config';
import { DatabasePreparationFailed, PREPARE_DATABASE_FLAG } from './prepare-database';

/**
 * Entry point. Configuration is checked before anything else loads, and React's build is chosen
 * here: React reads NODE_ENV once, when first imported, so the server (imported below) must come after.
 * With PREPARE_DATABASE_FLAG it is the child process that prepares the database (prepare-database.ts).
 */
async function bootstrap(): Promise<void> {
  const development = process.argv.includes('--dev');
  const config = loadConfig();
  if (process.argv.includes(PREPARE_DATABASE_FLAG)) {
    const { prepareDatabaseAlone } = await import('./main');
    await prepareDatabaseAlone(config);
    return;
  }
  if (!development) process.env.NODE_ENV = 'production';
  const { startShop } = await import('./main');
  await startShop(config, development);
}

bootstrap().catch((err) => {
  // The child that prepared the database said why; a configuration problem is the operator's to fix: one
  // line, no stack trace.
  if (err instanceof DatabasePreparationFailed) process.exit(err.exitCode ?? 1);
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
