// How the built server is started by `npm start` (scripts/start.mjs) and by the bench and the end-to-end tests
// (scripts/built-server.ts): one place for the process's memory settings (decision 026).

/** V8's old generation on the embedded database, which shares the process with PGlite (issue 14: RSS ≤ 600 MB). */
export const EMBEDDED_HEAP_MB = 256;

/**
 * Node's flags and the environment for `build/server.js`, from the environment it would get:
 * - glibc keeps at most two malloc arenas (`MALLOC_ARENA_MAX=2`): each thread of libuv's pool (argon2id's 19 MiB,
 *   brotli's windows) otherwise kept its own arena of freed memory, about 65 MB after the login scenario alone;
 * - on the embedded database, V8's old generation is capped at EMBEDDED_HEAP_MB, where V8 otherwise let it grow
 *   to 360–440 MB of mostly garbage (about 100 MB alive) under load.
 * Values the operator set (MALLOC_ARENA_MAX, --max-old-space-size in NODE_OPTIONS) win.
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ nodeArgs: string[]; env: NodeJS.ProcessEnv }}
 */
export function serverLaunch(env) {
  const embedded = !env.DATABASE_URL;
  const heapGiven = /--max-old-space-size/.test(env.NODE_OPTIONS ?? '');
  return {
    nodeArgs: embedded && !heapGiven ? [`--max-old-space-size=${EMBEDDED_HEAP_MB}`] : [],
    env: { MALLOC_ARENA_MAX: '2', ...env },
  };
}
