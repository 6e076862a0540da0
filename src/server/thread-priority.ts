import { existsSync, readdirSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import os from 'node:os';

/**
 * Decision 054: the threads that serve requests (the main thread, the render threads, libuv's pool, which
 * compresses the answers) keep their CPU priority; the process's other threads (V8's platform workers, which
 * mark, sweep and compile for both isolates, and Node's idle helpers) are made nicer. When the cores are full,
 * a page then waits less for the collector's background work; when they are not, nothing changes.
 */

/** Where Linux lists a process's threads; elsewhere there is nothing to do. */
const TASKS_DIR = '/proc/self/task';

/** libuv's pool: `UV_THREADPOOL_SIZE` threads, 4 when unset or 0, at most 1,024 (libuv's own rule). */
export function threadpoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  return Number.isFinite(given) && given > 0 ? Math.min(given, 1024) : 4;
}

/**
 * The ids of libuv's pool threads. An asynchronous readlink runs on a pool thread, and `/proc/thread-self` names
 * the thread that reads it; many at once wake every thread of the pool. Asked again until all `size` answered.
 */
export async function threadpoolThreadIds(size: number, tries = 20): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let i = 0; i < tries && ids.size < size; i++) {
    const links = await Promise.all(Array.from({ length: size * 16 }, () => readlink('/proc/thread-self')));
    for (const link of links) ids.add(Number(link.slice(link.lastIndexOf('/') + 1)));
  }
  return ids;
}

export type LoweredThreads =
  | { lowered: number[]; niceness: number }
  | { skipped: 'not asked' | 'no /proc/self/task' | 'libuv pool not found' };

/**
 * Makes every thread of the process that exists now, except the main thread and libuv's pool, `by` nicer than
 * the main thread (at most 19). Called before the render threads start: they are started by the main thread, whose
 * priority they inherit.
 */
export async function lowerBackgroundThreads(by: number): Promise<LoweredThreads> {
  if (by <= 0) return { skipped: 'not asked' };
  if (!existsSync(TASKS_DIR)) return { skipped: 'no /proc/self/task' };
  const size = threadpoolSize();
  const pool = await threadpoolThreadIds(size);
  if (pool.size < size) return { skipped: 'libuv pool not found' };
  const threads = readdirSync(TASKS_DIR).map(Number);
  const main = process.pid;
  const lowered: number[] = [];
  const niceness = Math.min(19, os.getPriority(main) + by);
  for (const id of threads) {
    if (id === main || pool.has(id)) continue;
    try {
      if (os.getPriority(id) < niceness) os.setPriority(id, niceness);
      lowered.push(id);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return { lowered, niceness };
}
