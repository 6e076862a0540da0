import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config';

/**
 * V8 lets its heap grow up to four times what survives a full collection when a process allocates fast, as a
 * server rendering pages does, and does not give the room back: after the benchmarks the heap held 440 MB with
 * 63 MB alive (issue 14: RSS ≤ 600 MB). Growing by half of what survives keeps the room at 1.5 times the live
 * objects; the collections this adds are incremental and ran beside no change in the pages' latency
 * (docs/PERFORMANCE.md). Set before anything allocates much; workers (node:cluster) run this file too.
 */
v8.setFlagsFromString('--heap-growing-percent=50');

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
