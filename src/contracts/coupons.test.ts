import { describe, expect, it } from 'vitest';
import { countdown, isCouponActive } from './coupons';

const now = new Date('2026-03-01T10:00:00Z');

describe('coupon countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdown('2026-03-03T13:04:05Z', now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, ended: false });
  });

  it('drops the part of a second left', () => {
    expect(countdown('2026-03-01T10:00:01.900Z', now)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
      ended: false,
    });
  });

  it('ends at zero and stays there', () => {
    expect(countdown('2026-03-01T10:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, ended: true });
    expect(countdown('2025-01-01T00:00:00Z', now).ended).toBe(true);
  });
});

describe('coupon activity (SPEC §4)', () => {
  it('is active until its end time and inactive from then on', () => {
    expect(isCouponActive({ endTime: '2026-03-01T10:00:01Z' }, now)).toBe(true);
    expect(isCouponActive({ endTime: '2026-03-01T10:00:00Z' }, now)).toBe(false);
    expect(isCouponActive({ endTime: '2026-02-01T00:00:00Z' }, now)).toBe(false);
  });
});
