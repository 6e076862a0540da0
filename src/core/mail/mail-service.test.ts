import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './mail-service';

describe('mail retry back-off', () => {
  it('doubles from one minute and stops growing at six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 3_600_000);
  });
});
