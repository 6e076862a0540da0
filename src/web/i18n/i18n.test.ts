import { describe, expect, it } from 'vitest';
import { en } from './en';
import { translator } from './server';
import { ro } from './ro';

describe('message catalogues', () => {
  it('have the same keys in Romanian and English, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ro).sort());
    for (const [key, text] of [...Object.entries(ro), ...Object.entries(en)]) expect(text, key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(ro) as (keyof typeof ro)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(ro[key]));
    }
  });

  it('fills placeholders', () => {
    expect(translator('ro')('product.lowStock', { count: 2 })).toBe('Ultimele 2 bucăți');
    expect(translator('en')('product.lowStock', { count: 2 })).toBe('Only 2 left');
  });
});
