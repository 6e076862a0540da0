// How the built server is started by `npm start` (scripts/start.mjs) and by the bench and the end-to-end tests
// (scripts/built-server.ts): one place for the process's memory settings (decision 026).

/**
 * The environment for `build/server.js`, from the environment it would get: glibc keeps at most two malloc arenas
 * (`MALLOC_ARENA_MAX=2`). Each thread of libuv's pool (argon2id's 19 MiB per hash, brotli's windows) otherwise kept
 * an arena of its own with what was freed in it: about 65 MB after the login scenario alone. A value the operator
 * set wins.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment(env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
