import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PricePeriod, priceDisplay, REFERENCE_DAYS, referencePrice } from './price-display';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.UTC(2025, 0, 1);

/** A random price history: back-to-back periods of whole hours, the last one in force. */
const historyArb = fc
  .array(fc.record({ price: fc.integer({ min: 100, max: 50_000 }), hours: fc.integer({ min: 1, max: 60 * 24 }) }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((periods) => {
    let at = start;
    return periods.map(({ price, hours }, i): PricePeriod => {
      const validFrom = new Date(at);
      at += hours * HOUR;
      return { price, validFrom, validTo: i === periods.length - 1 ? null : new Date(at) };
    });
  });

/** The price in force at an instant, read the slow way. */
function priceAt(history: readonly PricePeriod[], t: number): number | null {
  const p = history.find((h) => h.validFrom.getTime() <= t && (h.validTo === null || t < h.validTo.getTime()));
  return p ? p.price : null;
}

describe('referencePrice (DESIGN §6: the lowest price of the 30 days before the current one)', () => {
  it('is the lowest price in force at any moment of the 30 days before the current price began', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const current = history[history.length - 1];
        const begin = current.validFrom.getTime();
        // Periods are whole hours, so a sample in the middle of every hour sees each of them.
        const seen: number[] = [];
        for (let t = begin - REFERENCE_DAYS * DAY + HOUR / 2; t < begin; t += HOUR) {
          const price = priceAt(history, t);
          if (price !== null) seen.push(price);
        }
        expect(referencePrice(history)).toBe(seen.length ? Math.min(...seen) : null);
      }),
    );
  });

  it('does not depend on the order the history rows come in', () => {
    fc.assert(
      fc.property(historyArb, fc.integer(), (history, seed) => {
        const shuffled = [...history].sort((a, b) => ((a.price * 31 + seed) % 7) - ((b.price * 31 + seed) % 7));
        expect(referencePrice(shuffled)).toBe(referencePrice(history));
      }),
    );
  });

  it('is unknown for a price with nothing before it, and without a price in force', () => {
    expect(referencePrice([{ price: 5000, validFrom: new Date(start), validTo: null }])).toBeNull();
    expect(referencePrice([{ price: 5000, validFrom: new Date(start), validTo: new Date(start + DAY) }])).toBeNull();
  });

  it('forgets prices that ended more than 30 days before the current one began', () => {
    const history: PricePeriod[] = [
      { price: 4000, validFrom: new Date(start), validTo: new Date(start + 10 * DAY) },
      { price: 9000, validFrom: new Date(start + 10 * DAY), validTo: new Date(start + 50 * DAY) },
      { price: 7000, validFrom: new Date(start + 50 * DAY), validTo: null },
    ];
    expect(referencePrice(history)).toBe(9000);
  });
});

describe('priceDisplay', () => {
  it('shows a reduction exactly when the price is below its reference, never overstated', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const price = history[history.length - 1].price;
        const reference = referencePrice(history);
        const shown = priceDisplay({ price, reference });
        expect(shown.price).toBe(price);
        if (reference === null || price >= reference) {
          expect(shown).toEqual({ price, reference: null, percent: null });
          return;
        }
        expect(shown.reference).toBe(reference);
        // No price of the 30 days before was at or below the current one.
        for (const p of history.slice(0, -1)) {
          if (p.validTo && p.validTo.getTime() > history[history.length - 1].validFrom.getTime() - REFERENCE_DAYS * DAY)
            expect(p.price).toBeGreaterThan(price);
        }
        if (shown.percent !== null) {
          expect(shown.percent).toBeGreaterThanOrEqual(1);
          expect(shown.percent).toBeLessThanOrEqual(99);
          const exact = ((reference - price) * 100) / reference;
          expect(shown.percent).toBeLessThanOrEqual(exact);
          expect(exact).toBeLessThan(shown.percent + 1);
        } else {
          expect((reference - price) * 100).toBeLessThan(reference);
        }
      }),
    );
  });

  it('measures from the reference, not from the selling price', () => {
    // Selling price 105 lei, a promotion at 80 lei two weeks ago, 77,70 lei now: −2 %, not −26 %.
    expect(priceDisplay({ price: 7770, reference: 8000 })).toEqual({ price: 7770, reference: 8000, percent: 2 });
    expect(priceDisplay({ price: 9000, reference: 8000 })).toEqual({ price: 9000, reference: null, percent: null });
    expect(priceDisplay({ price: 9990, reference: 10000 })).toEqual({ price: 9990, reference: 10000, percent: null });
  });
});
