import { describe, expect, it } from 'vitest';
import type { PluralForms } from './i18n';
import { translator } from './i18n';

type Catalogue = Record<string, string | PluralForms>;
const files = import.meta.glob<Record<string, Catalogue>>('./*.{ro,en}.ts', { eager: true });

/** area → language → messages, from the `<area>.<lang>.ts` files. */
const areas = new Map<string, Record<string, Catalogue>>();
for (const [file, mod] of Object.entries(files)) {
  const [, area, lang] = /^\.\/([\w-]+)\.(ro|en)\.ts$/.exec(file) ?? [];
  if (!area || !lang) continue;
  areas.set(area, { ...areas.get(area), [lang]: Object.assign({}, ...Object.values(mod)) });
}

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();
const texts = (m: string | PluralForms) => (typeof m === 'string' ? [m] : Object.values(m));

describe('message catalogues', () => {
  it('have the same keys in Romanian and English in every area, none empty', () => {
    expect(areas.size).toBeGreaterThanOrEqual(3);
    for (const [area, { ro, en }] of areas) {
      expect(ro && en, area).toBeTruthy();
      expect(Object.keys(en ?? {}).sort(), area).toEqual(Object.keys(ro ?? {}).sort());
      for (const [key, m] of [...Object.entries(ro ?? {}), ...Object.entries(en ?? {})]) {
        for (const text of texts(m)) expect(text, key).not.toBe('');
      }
    }
  });

  it('hold each key in one area only (a browser holding one area must render what the server renders)', () => {
    const seen = new Map<string, string>();
    for (const [area, { ro }] of areas) {
      for (const key of Object.keys(ro ?? {})) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  it('use the same placeholders in both languages; counted messages have the forms of each language', () => {
    for (const { ro = {}, en = {} } of areas.values()) {
      for (const [key, roMessage] of Object.entries(ro)) {
        const enMessage = en[key] as string | PluralForms;
        expect(typeof enMessage, key).toBe(typeof roMessage);
        if (typeof roMessage === 'string') {
          expect(placeholders(enMessage as string), key).toEqual(placeholders(roMessage));
          continue;
        }
        expect(Object.keys(roMessage).sort(), key).toEqual(['few', 'one', 'other']);
        expect(Object.keys(enMessage as PluralForms).sort(), key).toEqual(['one', 'other']);
        // "one" may say the count in words ("Ultima bucată"); every other form shows every placeholder.
        const all = placeholders(roMessage.other);
        for (const text of [roMessage.few ?? '', ...texts(enMessage).slice(1)])
          expect(placeholders(text), key).toEqual(all);
        for (const text of [roMessage.one, (enMessage as PluralForms).one]) {
          expect(all, key).toEqual(expect.arrayContaining(placeholders(text)));
        }
      }
    }
  });

  it('fills placeholders', () => {
    expect(translator('ro')('nav.subcategories', { name: 'Biblii' })).toBe('Subcategorii: Biblii');
    expect(translator('en')('nav.subcategories', { name: 'Bibles' })).toBe('Subcategories: Bibles');
  });
});

describe('plural forms', () => {
  const ro = translator('ro');
  const en = translator('en');

  it.each([
    [1, '1 produs'],
    [2, '2 produse'],
    [19, '19 produse'],
    [20, '20 de produse'],
    [101, '101 produse'],
    [102, '102 produse'],
    [120, '120 de produse'],
    [0, '0 produse'],
  ])('Romanian: %i → %s (one, few, other)', (count, text) => {
    expect(ro('header.itemsCount', { count })).toBe(text);
  });

  it.each([
    [1, '1 item'],
    [2, '2 items'],
    [20, '20 items'],
    [0, '0 items'],
  ])('English: %i → %s (one, other)', (count, text) => {
    expect(en('header.itemsCount', { count })).toBe(text);
  });

  it('gives result lines in the right form, SPEC texts kept', () => {
    expect(ro('listing.showing', { from: 1, to: 1, count: 1 })).toBe('Se afișează 1–1 din 1 rezultat');
    expect(ro('listing.showing', { from: 1, to: 24, count: 120 })).toBe('Se afișează 1–24 din 120 de rezultate');
    expect(en('listing.showing', { from: 1, to: 1, count: 1 })).toBe('Showing 1–1 of 1 result');
    expect(en('listing.showing', { from: 1, to: 9, count: 22 })).toBe('Showing 1–9 of 22 results');
    expect(ro('cases.showing', { from: 1, to: 9, count: 12 })).toBe('Se afiseaza 1 – 9 din 12 cazuri umanitare');
    expect(ro('cases.showing', { from: 1, to: 1, count: 1 })).toBe('Se afiseaza 1 – 1 din 1 caz umanitar');
    expect(ro('product.lowStock', { count: 1 })).toBe('Ultima bucată');
    expect(ro('product.lowStock', { count: 3 })).toBe('Ultimele 3 bucăți');
  });
});
