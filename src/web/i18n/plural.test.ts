import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pluralCategory } from './translate';

describe('plural categories of whole numbers, without Intl', () => {
  it('are the categories Intl.PluralRules gives in both languages', () => {
    for (const lang of ['ro', 'en'] as const) {
      const rules = new Intl.PluralRules(lang);
      for (let n = -300; n <= 3000; n++) expect(pluralCategory(lang, n), `${lang} ${n}`).toBe(rules.select(n));
      fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => pluralCategory(lang, n) === rules.select(n)));
    }
  });

  it('leave fractions to Intl', () => {
    expect(pluralCategory('ro', 1.5)).toBe(new Intl.PluralRules('ro').select(1.5));
    expect(pluralCategory('en', 1.5)).toBe('other');
  });
});
