import { describe, expect, it } from 'vitest';
import { EMBEDDED_HEAP_MB, serverLaunch } from './server-launch.mjs';

describe('serverLaunch (decision 026)', () => {
  it('caps the heap and the malloc arenas on the embedded database', () => {
    const launch = serverLaunch({ PORT: '3000' });
    expect(launch.nodeArgs).toEqual([`--max-old-space-size=${EMBEDDED_HEAP_MB}`]);
    expect(launch.env).toEqual({ PORT: '3000', MALLOC_ARENA_MAX: '2' });
  });

  it('leaves the heap to V8 on PostgreSQL, where PGlite takes none of the process', () => {
    const launch = serverLaunch({ DATABASE_URL: 'postgres://127.0.0.1/shop' });
    expect(launch.nodeArgs).toEqual([]);
    expect(launch.env.MALLOC_ARENA_MAX).toBe('2');
  });

  it("keeps the operator's values", () => {
    const launch = serverLaunch({ MALLOC_ARENA_MAX: '8', NODE_OPTIONS: '--max-old-space-size=1024' });
    expect(launch.nodeArgs).toEqual([]);
    expect(launch.env).toEqual({ MALLOC_ARENA_MAX: '8', NODE_OPTIONS: '--max-old-space-size=1024' });
  });
});
