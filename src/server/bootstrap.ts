import { ConfigError, loadConfig } from './config';

/**
 * Entry point. Configuration is checked before anything else loads, and React's build is chosen
 * here: React reads NODE_ENV once, when first imported, so the server (imported below) must come after.
 */
async function bootstrap(): Promise<void> {
  const development = process.argv.includes('--dev');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!development) process.env.NODE_ENV = 'production';
  const { startShop } = await import('./main');
  await startShop(config, development);
}

bootstrap().catch((err) => {
  console.error(err);
  process.exit(1);
});
