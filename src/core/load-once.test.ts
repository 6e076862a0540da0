import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for every caller, and again after a failure', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error('first load fails');
      return calls;
    });
    await expect(load()).rejects.toThrow('first load fails');
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, await load(), calls]).toEqual([2, 2, 2, 2]);
  });
});
