import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { threadpoolSize } from './thread-priority';

describe('threadpoolSize', () => {
  it('follows UV_THREADPOOL_SIZE as libuv does: 4 when unset, 0 or not a number, at most 1,024', () => {
    expect(threadpoolSize({})).toBe(4);
    expect(threadpoolSize({ UV_THREADPOOL_SIZE: '0' })).toBe(4);
    expect(threadpoolSize({ UV_THREADPOOL_SIZE: 'many' })).toBe(4);
    expect(threadpoolSize({ UV_THREADPOOL_SIZE: '2' })).toBe(2);
    expect(threadpoolSize({ UV_THREADPOOL_SIZE: '5000' })).toBe(1024);
  });
});

// In a process of its own: the lowering is the whole process's, not something to do to the test runner.
const script = `
import os from 'node:os';
import { readdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { lowerBackgroundThreads, threadpoolSize, threadpoolThreadIds } from './src/server/thread-priority.ts';
const result = await lowerBackgroundThreads(Number(process.env.BY));
const pool = [...(await threadpoolThreadIds(threadpoolSize()))];
const nice = Object.fromEntries(readdirSync('/proc/self/task').map((id) => [id, os.getPriority(Number(id))]));
// A thread started afterwards, as the render threads are: it takes the main thread's priority.
const worker = new Worker(
  "const { readlinkSync } = require('node:fs'); const os = require('node:os');" +
    "const self = readlinkSync('/proc/thread-self'); const id = Number(self.slice(self.lastIndexOf('/') + 1));" +
    "require('node:worker_threads').parentPort.postMessage(os.getPriority(id));",
  { eval: true, execArgv: [] },
);
const later = await new Promise((resolve) => worker.once('message', resolve));
await worker.terminate();
process.stdout.write(JSON.stringify({ result, main: process.pid, pool, nice, later }));
`;
function run(env: Record<string, string>) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as {
    result: { lowered: number[]; niceness: number } | { skipped: string };
    main: number;
    pool: number[];
    nice: Record<string, number>;
    later: number;
  };
}

describe.runIf(existsSync('/proc/self/task'))('lowerBackgroundThreads', () => {
  it("makes every thread but the main thread and libuv's pool nicer, and leaves those two as they were", () => {
    const { result, main, pool, nice, later } = run({ BY: '5', UV_THREADPOOL_SIZE: '3' });
    expect(later).toBe(nice[main]);
    expect(pool).toHaveLength(3);
    if (!('lowered' in result)) throw new Error(`skipped: ${result.skipped}`);
    expect(result.niceness).toBe(nice[main] + 5);
    expect(result.lowered.length).toBeGreaterThan(0);
    for (const [id, value] of Object.entries(nice)) {
      const kept = Number(id) === main || pool.includes(Number(id));
      expect(value, `thread ${id}`).toBe(kept ? nice[main] : nice[main] + 5);
      expect(result.lowered.includes(Number(id))).toBe(!kept);
    }
  });

  it('does nothing when not asked', () => {
    const { result, main, nice } = run({ BY: '0' });
    expect(result).toEqual({ skipped: 'not asked' });
    for (const value of Object.values(nice)) expect(value).toBe(nice[main]);
  });
});
