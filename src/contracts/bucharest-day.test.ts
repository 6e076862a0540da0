import { describe, expect, it } from 'vitest';
import { bucharestDay, bucharestDayEnd, bucharestDayStart } from './dates';

describe("Bucharest's calendar days as instants (the back office's today, month and date filters)", () => {
  it('starts a winter day at 22:00 UTC the day before and a summer day at 21:00 UTC', () => {
    expect(bucharestDayStart('2026-11-25').toISOString()).toBe('2026-11-24T22:00:00.000Z');
    expect(bucharestDayStart('2026-07-01').toISOString()).toBe('2026-06-30T21:00:00.000Z');
  });

  it('is exact on the days the clocks change (29 March and 25 October 2026)', () => {
    expect(bucharestDayStart('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
    expect(bucharestDayEnd('2026-03-29').toISOString()).toBe('2026-03-29T21:00:00.000Z');
    expect(bucharestDayStart('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(bucharestDayEnd('2026-10-25').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('agrees with bucharestDay on either side of every bound', () => {
    for (const day of ['2026-01-01', '2026-03-29', '2026-03-30', '2026-10-25', '2026-12-31']) {
      const start = bucharestDayStart(day).getTime();
      const end = bucharestDayEnd(day).getTime();
      expect(bucharestDay(new Date(start)), day).toBe(day);
      expect(bucharestDay(new Date(start - 1)), day).not.toBe(day);
      expect(bucharestDay(new Date(end - 1)), day).toBe(day);
      expect(bucharestDay(new Date(end)), day).not.toBe(day);
    }
  });
});
