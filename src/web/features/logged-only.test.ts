import { describe, expect, it, vi } from 'vitest';
import { loadOrEmpty } from './logged-only';

describe('loadOrEmpty', () => {
  it('passes a loaded value through', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await expect(loadOrEmpty(async () => [1, 2], [], log, 'list')).resolves.toEqual({ value: [1, 2], failed: false });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failure and answers the empty value', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const boom = new Error('database unreachable');
    const result = await loadOrEmpty(
      async () => {
        throw boom;
      },
      [],
      log,
      'case list',
    );
    expect(result).toEqual({ value: [], failed: true });
    expect(log.error).toHaveBeenCalledWith({ err: boom }, 'case list failed');
  });
});
