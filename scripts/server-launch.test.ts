import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { SERVER_NODE_ARGS, serverEnvironment, v8PoolSize } from './server-launch.mjs';

describe('serverEnvironment (decisions 026 and 032)', () => {
  it('keeps two malloc arenas and limits the old generation below 2 GB', () => {
    expect(serverEnvironment({ PORT: '3000' })).toEqual({
      PORT: '3000',
      MALLOC_ARENA_MAX: '2',
      NODE_OPTIONS: '--max-old-space-size=2000',
    });
  });

  it("adds the heap limit to the operator's other Node options", () => {
    expect(serverEnvironment({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      '--enable-source-maps --max-old-space-size=2000',
    );
  });

  it("keeps the operator's values", () => {
    expect(serverEnvironment({ MALLOC_ARENA_MAX: '8', NODE_OPTIONS: '--max-old-space-size=4096' })).toEqual({
      MALLOC_ARENA_MAX: '8',
      NODE_OPTIONS: '--max-old-space-size=4096',
    });
  });
});

describe('SERVER_NODE_ARGS (decisions 045, 046, 055 and 056)', () => {
  it("fixes V8's heap growing factor, its old generation's floor, when it starts marking and its threads, with flags this Node accepts on the command line", () => {
    expect(SERVER_NODE_ARGS).toEqual([
      '--heap-growing-percent=100',
      '--initial-old-space-size=96',
      '--incremental-marking-soft-trigger=50',
      `--v8-pool-size=${Math.min(4, availableParallelism())}`,
    ]);
    const run = spawnSync(process.execPath, [...SERVER_NODE_ARGS, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('v8PoolSize (decision 056)', () => {
  it("gives V8 no more platform threads than cores, and Node's four at most", () => {
    expect([1, 2, 3, 4, 16].map((cores) => v8PoolSize(cores))).toEqual([1, 2, 3, 4, 4]);
  });

  it('starts a process with that many platform threads', () => {
    const threads = (args: string[]) => {
      const run = spawnSync(
        process.execPath,
        [...args, '-e', "process.stdout.write(String(require('node:fs').readdirSync('/proc/self/task').length))"],
        { encoding: 'utf8' },
      );
      return Number(run.stdout);
    };
    // The same process with Node's default of four: the difference is the threads V8 was not given.
    expect(threads(['--v8-pool-size=4']) - threads(SERVER_NODE_ARGS as string[])).toBe(4 - v8PoolSize());
  });
});
