import { describe, expect, it, vi } from 'vitest';
import { HISTORY_SEED_SCRIPT } from './history-seed';

/** Runs the script against a history whose entry holds `state`; returns what replaceState was given, if called. */
function seed(state: unknown): unknown[] | undefined {
  const replaceState = vi.fn();
  new Function('history', HISTORY_SEED_SCRIPT)({ state, replaceState });
  return replaceState.mock.calls[0];
}

describe('the history seed', () => {
  it('gives a fresh entry React Router’s shape: no user state, a key, index 0', () => {
    const [state, title] = seed(null) ?? [];
    expect(state).toEqual({ usr: null, key: expect.stringMatching(/^[0-9a-z]{1,8}$/), idx: 0 });
    expect(title).toBe('');
  });

  it('keeps the key scroll restoration gave the entry, and adds the index', () => {
    expect(seed({ key: 'abc123' })?.[0]).toEqual({ usr: null, key: 'abc123', idx: 0 });
  });

  it('leaves an entry React Router already wrote (a reload, a return from another site) as it is', () => {
    expect(seed({ usr: { from: 'cart' }, key: 'k1', idx: 3 })).toBeUndefined();
  });

  it('does not throw where history cannot be written', () => {
    const history = {
      state: null,
      replaceState: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => new Function('history', HISTORY_SEED_SCRIPT)(history)).not.toThrow();
  });
});
