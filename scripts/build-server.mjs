// Bundles the Fastify server (src/server/bootstrap.ts and what it imports) into build/server.js, and the
// render threads' entry (decision 034) into build/render-thread.js,
// and copies the migrations beside it, where src/db/migrate.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/bootstrap.ts', 'render-thread': 'src/server/render-threads/render-thread.ts' },
  splitting: true,
  chunkNames: 'server-chunks/[name]-[hash]',
  outdir: 'build',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
rmSync('build/migrations', { recursive: true, force: true });
cpSync('src/db/migrations', 'build/migrations', { recursive: true });
