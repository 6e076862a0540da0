import { describe, expect, it } from 'vitest';
import { effectivePrice, formatMoney } from './money';

const ron = { code: 'RON' as const, ronPerUnit: 1 };
const eur = { code: 'EUR' as const, ronPerUnit: 5 };

describe('formatMoney', () => {
  it('shows lei in Romanian with a decimal comma', () => {
    expect(formatMoney(11599, ron, 'ro').replace(/\s/g, ' ')).toBe('115,99 lei');
    expect(formatMoney(123456, ron, 'ro').replace(/\s/g, ' ')).toBe('1.234,56 lei');
  });
  it('converts to the display currency with the stored rate', () => {
    expect(formatMoney(10000, eur, 'ro').replace(/\s/g, ' ')).toBe('20,00 €');
    expect(formatMoney(10000, eur, 'en')).toBe('€20.00');
    expect(formatMoney(10000, ron, 'en').replace(/\s/g, ' ')).toBe('lei 100.00');
  });
});

describe('effectivePrice (SPEC §3)', () => {
  it('takes the special price when it is lower', () => {
    expect(effectivePrice({ sellingPrice: 5000, specialPrice: 4000 })).toBe(4000);
  });
  it('takes the selling price without a special price or when the special one is not lower', () => {
    expect(effectivePrice({ sellingPrice: 5000, specialPrice: null })).toBe(5000);
    expect(effectivePrice({ sellingPrice: 5000, specialPrice: 5000 })).toBe(5000);
  });
});
