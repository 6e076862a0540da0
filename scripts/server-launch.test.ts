import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { SERVER_NODE_ARGS, serverEnvironment } from './server-launch.mjs';

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

describe('SERVER_NODE_ARGS (decisions 045, 046 and 055)', () => {
  it("fixes V8's heap growing factor, its old generation's floor and when it starts marking, with flags this Node accepts on the command line", () => {
    expect(SERVER_NODE_ARGS).toEqual([
      '--heap-growing-percent=100',
      '--initial-old-space-size=96',
      '--incremental-marking-soft-trigger=50',
    ]);
    const run = spawnSync(process.execPath, [...SERVER_NODE_ARGS, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
