import { ConfigError, loadConfig } from './config';

/**
 * Entry point. Configuration is checked before anything else loads, and React's build is chosen
 * here: React reads NODE_ENV once, when first imported, so the server (imported below) must come after.
 */
async function bootstrap(): Promise<void> {
  const development = process.argv.includes('--dev');
  const config = loadConfig();
  if (!development) process.env.NODE_ENV = 'production';
  const { startShop } = await import('./main');
  await startShop(config, development);
}

bootstrap().catch((err) => {
  // A configuration problem is the operator's to fix: one line, no stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
