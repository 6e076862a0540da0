import { describe, expect, it } from 'vitest';
import { workingDaysBefore } from './dates';

describe('working days in Bucharest (SPEC §9: a transfer is reserved 3 working days)', () => {
  it('counts back Monday to Friday only', () => {
    // Thursday 26 Nov 2026, 10:00 in Bucharest (08:00 UTC): three working days back is Monday 10:00.
    expect(workingDaysBefore(new Date('2026-11-26T08:00:00Z'), 3).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    // Tuesday: back over the weekend to the Thursday before.
    expect(workingDaysBefore(new Date('2026-11-24T08:00:00Z'), 3).toISOString()).toBe('2026-11-19T08:00:00.000Z');
  });
});
