// Bundles the Fastify server (src/server/bootstrap.ts and what it imports) into build/server.js,
// and copies the migrations beside it, where src/db/migrate.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/bootstrap.ts' },
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
