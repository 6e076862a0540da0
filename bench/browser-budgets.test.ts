import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_JS_BUDGET_GZIP_BYTES, firstLoadMiss, lighthouseMiss, lighthouseRunWanted } from './browser-budgets';
import { median } from './median';

describe("the bench's browser goals (issue 14 goal 3)", () => {
  it('takes the median of the scored runs, the upper one of an even count', () => {
    expect(median([97, 99, 98])).toBe(98);
    expect(median([100, 90])).toBe(100);
    expect(median([76])).toBe(76);
    expect(() => median([])).toThrow();
  });

  it('misses Lighthouse below 98 by the median, not by one bad run', () => {
    expect(lighthouseMiss('home', [99, 85, 98])).toBeNull();
    expect(lighthouseMiss('/shop', [97, 99, 96])).toBe('Lighthouse /shop: performance 97 < 98 (runs: 97, 99, 96)');
    expect(lighthouseMiss('search', [])).toBe('Lighthouse search: no run gave a score');
  });

  it('runs a page again for a run that recorded no trace, at most twice', () => {
    expect(lighthouseRunWanted(0, 0, 3)).toBe(true);
    expect(lighthouseRunWanted(3, 3, 3)).toBe(false);
    expect(lighthouseRunWanted(3, 1, 3)).toBe(true);
    expect(lighthouseRunWanted(4, 2, 3)).toBe(true);
    expect(lighthouseRunWanted(5, 2, 3)).toBe(false);
  });

  it('holds first-load JavaScript to 130 KB gzip, the budget included', () => {
    expect(FIRST_LOAD_JS_BUDGET_GZIP_BYTES).toBe(133_120);
    expect(firstLoadMiss('product', 'ro', 133_120)).toBeNull();
    expect(firstLoadMiss('product', 'en', 133_121)).toBe(
      'first-load JavaScript product (en): 133121 B gzip > 133120 B',
    );
  });
});
