import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baniToDecimal,
  type CartLineInput,
  type CurrencyView,
  divideRounded,
  effectivePrice,
  formatCurrencyAmount,
  formatMoney,
  formatNumber,
  fromRon,
  lastBanOfLei,
  leiToBani,
  NO_CONVERSION,
  parseLei,
  priceCart,
  scaleBani,
  isVatRate,
  splitVat,
  toRon,
  VAT_RATES,
} from './money';

const eur: CurrencyView = { code: 'EUR', ronPerUnit: 5 };
const spaces = (s: string) => s.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('writes lei after the amount in both languages, with each language’s separators', () => {
    expect(spaces(formatMoney(9750, NO_CONVERSION, 'ro'))).toBe('97,50 lei');
    expect(spaces(formatMoney(9750, NO_CONVERSION, 'en'))).toBe('97.50 lei');
    expect(spaces(formatMoney(123456, NO_CONVERSION, 'ro'))).toBe('1.234,56 lei');
    expect(spaces(formatMoney(123456, NO_CONVERSION, 'en'))).toBe('1,234.56 lei');
  });
  it('converts to the display currency with the stored rate', () => {
    expect(spaces(formatMoney(48750, eur, 'ro'))).toBe('97,50 €');
    expect(formatMoney(48750, eur, 'en')).toBe('€97.50');
  });
  it('rounds a converted amount once, to hundredths, then to the currency’s own digits', () => {
    expect(spaces(formatMoney(1_000_000, { code: 'HUF', ronPerUnit: 0.01314 }, 'ro'))).toBe('761.035 Ft');
    expect(formatMoney(1, eur, 'en')).toBe('€0.00');
    expect(formatMoney(3, eur, 'en')).toBe('€0.01');
  });
  it('shows a case’s sum in its own currency, without conversion', () => {
    expect(spaces(formatCurrencyAmount({ sum: 500000, currency: 'RON' }, 'ro'))).toBe('5.000,00 lei');
    expect(formatCurrencyAmount({ sum: 500000, currency: 'EUR' }, 'en')).toBe('€5,000.00');
  });
});

describe('formatNumber', () => {
  it('groups thousands as each language does', () => {
    expect(formatNumber(20000, 'ro')).toBe('20.000');
    expect(formatNumber(20000, 'en')).toBe('20,000');
    expect(formatNumber(7, 'ro')).toBe('7');
  });
});

/** What Intl writes, which the hand-written whole numbers and lei must match (hydration compares them). */
const byIntl = {
  number: (lang: 'ro' | 'en', n: number) => new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'ro-RO').format(n),
  lei: (lang: 'ro' | 'en', bani: number) =>
    `${new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bani / 100)}\u00a0lei`,
};

describe('whole numbers and lei written without Intl', () => {
  const lang = fc.constantFrom<'ro' | 'en'>('ro', 'en');
  const edges = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000];

  it('writes every whole number as Intl does, in both languages', () => {
    for (const n of [...edges, ...edges.map((e) => -e), Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(formatNumber(n, 'ro')).toBe(byIntl.number('ro', n));
      expect(formatNumber(n, 'en')).toBe(byIntl.number('en', n));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), lang, (n, l) => formatNumber(n, l) === byIntl.number(l, n)),
    );
  });

  it('leaves fractions, -0 and numbers beyond exact integers to Intl', () => {
    for (const n of [0.5, 1234.5678, -0, 1e21, Number.MAX_SAFE_INTEGER + 2]) {
      expect(formatNumber(n, 'ro')).toBe(byIntl.number('ro', n));
      expect(formatNumber(n, 'en')).toBe(byIntl.number('en', n));
    }
  });

  it('writes lei as Intl does, negative and small amounts included', () => {
    for (const bani of [...edges, ...edges.map((e) => -e), 5, -5, 50, -50, 123_456_789]) {
      expect(formatMoney(bani, NO_CONVERSION, 'ro')).toBe(byIntl.lei('ro', bani));
      expect(formatMoney(bani, NO_CONVERSION, 'en')).toBe(byIntl.lei('en', bani));
      expect(formatCurrencyAmount({ sum: bani, currency: 'RON' }, 'en')).toBe(byIntl.lei('en', bani));
    }
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        lang,
        (bani, l) => formatMoney(bani, NO_CONVERSION, l) === byIntl.lei(l, bani),
      ),
    );
  });
});

describe('parseLei', () => {
  it('reads what people type', () => {
    expect(parseLei('12')).toBe(1200);
    expect(parseLei('12,5')).toBe(1250);
    expect(parseLei(' 12.50 ')).toBe(1250);
    expect(parseLei('0,07')).toBe(7);
  });
  it('refuses anything else', () => {
    for (const bad of ['', ' ', 'abc', '12,345', '-3', '+3', '1.234,50', '12lei', '1e3', '12.', ',5', 'NaN', '١٢']) {
      expect(parseLei(bad), bad).toBeNull();
    }
  });
  it('reads back every amount written as a decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (bani) => {
        const text = baniToDecimal(bani);
        expect(parseLei(text)).toBe(bani);
        expect(parseLei(text.replace('.', ','))).toBe(bani);
      }),
    );
  });
});

describe('whole lei', () => {
  it('converts whole lei and their last ban', () => {
    expect(leiToBani(25)).toBe(2500);
    expect(lastBanOfLei(25)).toBe(2599);
    expect(baniToDecimal(7770)).toBe('77.70');
    expect(baniToDecimal(5)).toBe('0.05');
  });
});

describe('rounding (decision 009)', () => {
  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(7n, 3n)).toBe(2n);
    expect(divideRounded(-7n, 3n)).toBe(-2n);
  });
});

describe('conversion', () => {
  const rate = fc
    .double({ min: 0.001, max: 20, noNaN: true })
    .map((r) => Math.round(r * 1e6) / 1e6)
    .filter((r) => r > 0);
  it('leaves lei alone without a conversion', () => {
    fc.assert(
      fc.property(fc.nat(), (bani) => fromRon(bani, NO_CONVERSION) === bani && toRon(bani, NO_CONVERSION) === bani),
    );
  });
  it('round-trips within a ban of the coarser currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), rate, (amount, ronPerUnit) => {
        const view: CurrencyView = { code: 'EUR', ronPerUnit };
        if (ronPerUnit >= 1) {
          // A foreign hundredth is worth at least a ban: foreign → lei → foreign is exact,
          // lei → foreign → lei lands within half a foreign hundredth.
          expect(fromRon(toRon(amount, view), view)).toBe(amount);
          expect(Math.abs(toRon(fromRon(amount, view), view) - amount)).toBeLessThanOrEqual(Math.ceil(ronPerUnit / 2));
        } else {
          expect(toRon(fromRon(amount, view), view)).toBe(amount);
          expect(Math.abs(fromRon(toRon(amount, view), view) - amount)).toBeLessThanOrEqual(
            Math.ceil(1 / ronPerUnit / 2),
          );
        }
      }),
    );
  });
  it('uses the stored rate', () => {
    expect(toRon(1000, { code: 'EUR', ronPerUnit: 5.0874 })).toBe(5087);
    expect(fromRon(5087, { code: 'EUR', ronPerUnit: 5.0874 })).toBe(1000);
  });
});

describe('splitVat', () => {
  it('knows the rates in force', () => {
    expect([11, 21, 19, 9, 0].map(isVatRate)).toEqual([true, true, false, false, false]);
  });
  it('splits a price with VAT included', () => {
    expect(splitVat(12100, 21)).toEqual({ gross: 12100, net: 10000, vat: 2100 });
    expect(splitVat(11100, 11)).toEqual({ gross: 11100, net: 10000, vat: 1100 });
    // 9,99 × 11/111 = 0,99 lei (0,98999…)
    expect(splitVat(999, 11)).toEqual({ gross: 999, net: 900, vat: 99 });
  });
  it('keeps net + VAT = gross and VAT within half a ban of the exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constantFrom(...VAT_RATES), (gross, rate) => {
        const { net, vat } = splitVat(gross, rate);
        expect(net + vat).toBe(gross);
        expect(Math.abs(vat * (100 + rate) - gross * rate)).toBeLessThanOrEqual((100 + rate) / 2);
      }),
    );
  });
});

const lineArb: fc.Arbitrary<CartLineInput> = fc
  .record({
    regularPrice: fc.integer({ min: 100, max: 2_000_000 }),
    reductionPercent: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
    quantity: fc.integer({ min: 1, max: 20 }),
    vatRate: fc.constantFrom(...VAT_RATES),
    personalizationPrice: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
    productType: fc.constantFrom('carte', 'biblie', 'cadou'),
  })
  .map(({ reductionPercent, ...l }) => ({
    ...l,
    unitPrice: reductionPercent ? Math.round((l.regularPrice * (100 - reductionPercent)) / 100) : l.regularPrice,
  }));
const couponArb = fc.option(
  fc.record({
    percent: fc.integer({ min: 1, max: 100 }),
    minimumAmount: fc.integer({ min: 0, max: 1_000_000 }),
    productType: fc.option(fc.constantFrom('carte', 'biblie', 'cadou'), { nil: null }),
  }),
  { nil: null },
);
const shippingArb = fc.option(
  fc.record({ price: fc.integer({ min: 0, max: 10_000 }), vatRate: fc.constant(21 as const) }),
  {
    nil: null,
  },
);

describe('priceCart', () => {
  it('totals add up, VAT per rate adds up, net + VAT = gross per rate', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 12 }),
        shippingArb,
        fc.integer({ min: 0, max: 1_000_000 }),
        couponArb,
        (lines, shipping, donation, coupon) => {
          const cart = priceCart(lines, shipping, donation, coupon);
          expect(cart.total).toBe(cart.subtotal - cart.discount + cart.shipping + cart.donation);
          expect(cart.subtotal).toBe(cart.lines.reduce((a, l) => a + l.subtotal, 0));
          expect(cart.discount).toBe(cart.lines.reduce((a, l) => a + l.discount, 0));
          expect(cart.vatTotal).toBe(cart.vat.reduce((a, r) => a + r.vat, 0));
          for (const r of cart.vat) expect(r.net + r.vat).toBe(r.gross);
          // Everything but the donation is taxed, once.
          expect(cart.vat.reduce((a, r) => a + r.gross, 0)).toBe(cart.total - cart.donation);
          for (const l of cart.lines) {
            expect(l.discount).toBeGreaterThanOrEqual(0);
            expect(l.discount).toBeLessThanOrEqual(l.subtotal);
            expect(l.net + l.vat).toBe(l.gross);
            expect(l.gross).toBe(l.subtotal - l.discount);
          }
          if (cart.coupon !== 'applied') expect(cart.discount).toBe(0);
        },
      ),
    );
  });

  it('stays within the bound of decision 009 of e-Factura’s VAT per rate recomputed from line nets (BR-CO-17)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), shippingArb, (lines, shipping) => {
        const cart = priceCart(lines, shipping, 0, null);
        for (const row of cart.vat) {
          const n =
            lines.filter((l) => l.vatRate === row.rate).length +
            (shipping && shipping.price > 0 && shipping.vatRate === row.rate ? 1 : 0);
          const bt117 = scaleBani(row.net, row.rate, 100);
          expect(Math.abs(row.vat - bt117)).toBeLessThanOrEqual(Math.floor(((100 + row.rate) / 100) * (n / 2) + 0.5));
        }
      }),
    );
  });

  it('prices a cart of two rates, shipping and a donation', () => {
    const cart = priceCart(
      [
        { unitPrice: 4999, quantity: 2, vatRate: 11 },
        { unitPrice: 12100, quantity: 1, vatRate: 21, personalizationPrice: 0 },
      ],
      { price: 1999, vatRate: 21 },
      2000,
      null,
    );
    expect(cart).toMatchObject({ subtotal: 22098, discount: 0, shipping: 1999, donation: 2000, total: 26097 });
    expect(cart.vat).toEqual([
      { rate: 11, gross: 9998, net: 9007, vat: 991 },
      { rate: 21, gross: 14099, net: 11652, vat: 2447 },
    ]);
    expect(cart.vatTotal).toBe(3438);
  });

  it('applies a coupon from its minimum amount, to its product type, never on top of a larger reduction', () => {
    const lines: CartLineInput[] = [
      { unitPrice: 20000, quantity: 1, vatRate: 11, productType: 'carte' },
      // already 25 % off: a 10 % coupon does not add to it (SPEC §9, discounts are not cumulative)
      { unitPrice: 7500, regularPrice: 10000, quantity: 1, vatRate: 11, productType: 'carte' },
      // 5 % off: the coupon's 10 % is higher, so it saves the 5 % difference
      { unitPrice: 9500, regularPrice: 10000, quantity: 2, vatRate: 21, productType: 'carte' },
      { unitPrice: 5000, quantity: 1, vatRate: 21, productType: 'cadou' },
    ];
    const coupon = { percent: 10, minimumAmount: 30000, productType: 'carte' };
    const cart = priceCart(lines, null, 0, coupon);
    expect(cart.coupon).toBe('applied');
    expect(cart.lines.map((l) => l.discount)).toEqual([2000, 0, 1000, 0]);
    expect(cart.total).toBe(20000 + 7500 + 19000 + 5000 - 3000);
    expect(priceCart(lines, null, 0, { ...coupon, minimumAmount: 60000 })).toMatchObject({
      coupon: 'belowMinimum',
      discount: 0,
    });
    expect(priceCart([lines[1]], null, 0, { ...coupon, minimumAmount: 0 })).toMatchObject({
      coupon: 'notBetter',
      discount: 0,
    });
  });

  it('refuses amounts that are not whole bani', () => {
    expect(() => priceCart([{ unitPrice: 10.5, quantity: 1, vatRate: 11 }], null, 0, null)).toThrow(RangeError);
    expect(() => priceCart([{ unitPrice: 100, quantity: 0, vatRate: 11 }], null, 0, null)).toThrow(RangeError);
    expect(() => priceCart([], null, -1, null)).toThrow(RangeError);
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
