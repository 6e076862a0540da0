import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BnrFormatError, parseBnrRates } from './bnr-rates';

const sample = readFileSync(new URL('./testdata/nbrfxrates-sample.xml', import.meta.url), 'utf8');

describe('parseBnrRates', () => {
  it('reads the date and the rates of the currencies the shop displays', () => {
    const parsed = parseBnrRates(sample);
    expect(parsed.date).toBe('2026-11-20');
    const byCode = Object.fromEntries(parsed.rates.map((r) => [r.code, r.ronPerUnit]));
    expect(byCode).toMatchObject({ EUR: '5.087400', USD: '4.402100', GBP: '5.779300', CHF: '5.471500' });
    expect(Object.keys(byCode).sort()).toEqual(['BGN', 'CHF', 'CZK', 'DKK', 'EUR', 'GBP', 'HUF', 'PLN', 'RSD', 'USD']);
    expect(byCode).not.toHaveProperty('XAU');
  });

  it('divides rates quoted per 100 units down to one unit', () => {
    expect(parseBnrRates(sample).rates.find((r) => r.code === 'HUF')?.ronPerUnit).toBe('0.013140');
  });

  it('takes the newest day of a multi-day file', () => {
    const twoDays = sample.replace(
      '<Cube date="2026-11-20">',
      '<Cube date="2026-11-19"><Rate currency="EUR">5.0800</Rate></Cube><Cube date="2026-11-20">',
    );
    const parsed = parseBnrRates(twoDays);
    expect(parsed.date).toBe('2026-11-20');
    expect(parsed.rates.find((r) => r.code === 'EUR')?.ronPerUnit).toBe('5.087400');
  });

  it('refuses what is not a BNR rates file, and bad numbers', () => {
    expect(() => parseBnrRates('<html>Service unavailable</html>')).toThrow(BnrFormatError);
    expect(() => parseBnrRates('<DataSet><Body></Body></DataSet>')).toThrow(/Cube/);
    expect(() => parseBnrRates(sample.replace('5.0874', 'n/a'))).toThrow(/EUR/);
    expect(() => parseBnrRates(sample.replace('5.0874', '0'))).toThrow(/EUR/);
  });
});
