import { describe, expect, it } from 'vitest';
import { serverEnvironment } from './server-launch.mjs';

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
