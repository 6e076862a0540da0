// How the built server is started by `npm start` (scripts/start.mjs) and by the bench and the end-to-end tests
// (scripts/built-server.ts): one place for the process's memory settings (decisions 026, 032, 045, 046 and 055) and
// V8's threads (decision 056).

import { availableParallelism } from 'node:os';

/**
 * V8 lets its heap grow to four times what survived a full collection when the old generation may reach 2 GB or
 * more (every machine with 16 GB and up), and at most twice below that. The shop keeps about 90 MB alive and
 * allocates fast, so it ran with 350–390 MB of heap; with this limit, 200–215 MB and the same throughput
 * (decision 032). The limit itself is far above what the shop keeps alive.
 */
const HEAP_LIMIT_OPTION = '--max-old-space-size=2000';

/**
 * Node's options before `build/server.js`: V8's old generation grows to twice what survived its last full
 * collection, on every isolate of the process (the main thread, the render threads; cluster workers and the database
 * child inherit them), instead of by a factor V8 works out from how fast the old generation fills (decision 045).
 * That factor fell into a loop on the main thread under uncached pages: a full collection before the young
 * generation filled promoted nothing, the old generation looked idle, the factor went to its floor (1.1), and the
 * pages' buffers outside the heap (about 230 KB a page) reached the next limit within half a second, before the young
 * generation filled again. The main thread then collected its whole heap every 0.3–0.5 s and never scavenged, for as
 * long as the process lived.
 *
 * And no full collection of an isolate's heap while its old generation is under 96 MB (decision 046): a render
 * thread keeps about 28 MB alive, so twice that was reached every 0.4 s under uncached pages (the objects of the
 * pages in flight outlive two scavenges); with the floor, half as often, and the server's p99 was lower in 6 of 6
 * interleaved rounds. The main thread keeps more than half of it alive, so its limit does not change.
 *
 * And an isolate starts marking its old generation, in a task, once half the room left below its limit is used
 * (decision 055): later, the main thread, its helper threads being nicer (decision 054), had to finish the marking
 * itself in steps (40–60 ms of its time within 70 ms), and every request in flight waited for it.
 *
 * And V8 has no more platform threads than the machine has cores (decision 056, `v8PoolSize`).
 *
 * Node refuses the V8 flags in `NODE_OPTIONS`, so they go on the command line, and the pool's size with them.
 */
export const SERVER_NODE_ARGS = [
  '--heap-growing-percent=100',
  '--initial-old-space-size=96',
  '--incremental-marking-soft-trigger=50',
  `--v8-pool-size=${v8PoolSize()}`,
];

/**
 * V8's platform threads (concurrent marking and sweeping, the helpers of every parallel scavenge, compiling): Node
 * starts four on any machine. On two cores, four of them beside the main thread and a render thread were more threads
 * ready to run than cores, and a scavenge's pause waits for its slowest helper: with two, the search page's p99 was
 * lower in 5 of 6 and 6 of 6 interleaved rounds (108 → 99, 106 → 90 ms), the product page's the same (decision 056).
 * @param {number} cores
 * @returns {number}
 */
export function v8PoolSize(cores = availableParallelism()) {
  return Math.max(1, Math.min(4, cores));
}

/**
 * The environment for `build/server.js`, from the environment it would get: glibc keeps at most two malloc arenas
 * (`MALLOC_ARENA_MAX=2`). Each thread of libuv's pool (argon2id's 19 MiB per hash, brotli's windows) otherwise kept
 * an arena of its own with what was freed in it: about 65 MB after the login scenario alone. And V8's old generation
 * is limited below 2 GB (HEAP_LIMIT_OPTION, in `NODE_OPTIONS`, which cluster workers inherit). A value the operator
 * set wins.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnvironment(env) {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  const withHeapLimit = /--max-old-space-size\b/.test(nodeOptions)
    ? nodeOptions
    : `${nodeOptions} ${HEAP_LIMIT_OPTION}`.trim();
  return { MALLOC_ARENA_MAX: '2', ...env, NODE_OPTIONS: withHeapLimit };
}
