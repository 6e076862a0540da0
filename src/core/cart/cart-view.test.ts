import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartLineView } from '../../contracts/cart';
import { type CurrencyView, fromRon, NO_CONVERSION, splitVat } from '../../contracts/money';
import { priceCartView } from './cart-view';

const lineArb: fc.Arbitrary<CartLineView> = fc
  .record({
    id: fc.nat(),
    selling: fc.integer({ min: 1, max: 500_000 }),
    reduction: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
    personalizationPrice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })),
    quantity: fc.integer({ min: 1, max: 99 }),
    vatRate: fc.constantFrom(11 as const, 21 as const),
  })
  .map(({ id, selling, reduction, personalizationPrice, quantity, vatRate }) => {
    const unitPrice = reduction === null ? selling : Math.max(1, Math.round((selling * (100 - reduction)) / 100));
    return {
      id,
      productId: id + 1,
      slug: `p-${id}`,
      sku: `S-${id}`,
      title: `Produs ${id}`,
      image: '',
      category: 'Biblii',
      productType: vatRate === 11 ? 'biblie' : 'cadou',
      quantity,
      unitPrice,
      regularPrice: selling,
      personalizationPrice,
      personalization: null,
      personalizationSummary: [],
      lineTotal: (unitPrice + personalizationPrice) * quantity,
      vatRate,
      stock: 100,
      stockProblem: null,
    };
  });

const viewArb: fc.Arbitrary<CurrencyView> = fc.oneof(
  fc.constant(NO_CONVERSION),
  fc.double({ min: 0.01, max: 10, noNaN: true }).map((ronPerUnit) => ({ code: 'EUR' as const, ronPerUnit })),
);

describe('the priced cart (property test over random carts)', () => {
  it('adds up: subtotal, line totals, VAT per rate, count and the free-shipping meter', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), fc.integer({ min: 0, max: 100_000 }), (lines, minimum) => {
        const cart = priceCartView(lines, minimum);
        for (const line of lines)
          expect(line.lineTotal).toBe(line.quantity * (line.unitPrice + line.personalizationPrice));
        expect(cart.subtotal).toBe(lines.reduce((a, l) => a + l.lineTotal, 0));
        expect(cart.count).toBe(lines.reduce((a, l) => a + l.quantity, 0));
        // VAT per rate: each rate's gross is the sum of its lines, its VAT the per-line VAT summed (decision 009).
        for (const row of cart.vat) {
          const ofRate = lines.filter((l) => l.vatRate === row.rate);
          expect(row.gross).toBe(ofRate.reduce((a, l) => a + l.lineTotal, 0));
          expect(row.vat).toBe(ofRate.reduce((a, l) => a + splitVat(l.lineTotal, l.vatRate).vat, 0));
          expect(row.net + row.vat).toBe(row.gross);
        }
        expect(cart.vat.reduce((a, r) => a + r.vat, 0)).toBe(cart.vatTotal);
        expect(cart.vat.reduce((a, r) => a + r.gross, 0)).toBe(cart.subtotal);
        expect(cart.freeShipping.remaining).toBe(Math.max(0, minimum - cart.subtotal));
      }),
    );
  });

  it('rounds display-currency figures consistently: the shown subtotal is within rounding of the shown lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 30 }), viewArb, (lines, view) => {
        const cart = priceCartView(lines, 0);
        const shownLines = lines.map((l) => fromRon(l.lineTotal, view));
        const shownSubtotal = fromRon(cart.subtotal, view);
        const drift = Math.abs(shownSubtotal - shownLines.reduce((a, b) => a + b, 0));
        // Each figure is rounded once, half away from zero: at most half a hundredth each.
        expect(drift).toBeLessThanOrEqual((lines.length + 1) / 2);
        if (view.code === 'RON') expect(drift).toBe(0);
        // Converting never reverses an order: a bigger amount never shows smaller.
        for (const l of lines) expect(fromRon(l.lineTotal, view)).toBeLessThanOrEqual(shownSubtotal);
      }),
    );
  });
});
