import { describe, expect, it } from 'vitest';
import { serverEnvironment } from './server-launch.mjs';

describe('serverEnvironment (decision 026)', () => {
  it('keeps two malloc arenas', () => {
    expect(serverEnvironment({ PORT: '3000' })).toEqual({ PORT: '3000', MALLOC_ARENA_MAX: '2' });
  });

  it("keeps the operator's value", () => {
    expect(serverEnvironment({ MALLOC_ARENA_MAX: '8' })).toEqual({ MALLOC_ARENA_MAX: '8' });
  });
});
