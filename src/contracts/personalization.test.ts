import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPersonalization,
  normalizePersonalization,
  type PersonalizationForm,
  type PersonalizationInput,
  personalizationFormSchema,
  personalizationKey,
  personalizationPrice,
  personalizationUploadIds,
  personalizationEntriesSchema,
  personalizationFormEntriesSchema,
  personalizationProblems,
  personalizationSummary,
  personalizationValuesSchema,
} from './personalization';

/** The demo Bibles' engraving form (db/seed/catalogue-generator.ts), written out so contracts stay alone. */
const engraving: PersonalizationForm = {
  sections: [
    {
      title: 'Gravură pe copertă',
      rows: [
        {
          columns: [
            {
              inputs: [
                {
                  name: 'engraving_text',
                  label: 'Textul gravat',
                  type: 'text',
                  value: '',
                  additionalCost: 1500,
                  required: true,
                  maxLength: 40,
                },
              ],
            },
            {
              inputs: [
                {
                  name: 'engraving_colour',
                  label: 'Culoarea gravurii',
                  type: 'select',
                  value: 'Auriu',
                  additionalCost: 0,
                  required: true,
                  options: ['Auriu', 'Argintiu'],
                },
              ],
            },
          ],
        },
        {
          columns: [
            {
              inputs: [
                {
                  name: 'engraving_image',
                  label: 'Imagine',
                  type: 'image',
                  value: '',
                  additionalCost: 2500,
                  required: false,
                  images: [],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};
const uploadId = 'AbCdEfGhIjKlMnOpQrStUv';

describe('checkPersonalization', () => {
  it('says which required input is missing when the product requires a personalisation', () => {
    expect(checkPersonalization(engraving, true, {})).toEqual({
      'personalization.engraving_text': 'validation.personalization.required',
      'personalization.engraving_colour': 'validation.personalization.required',
    });
    expect(checkPersonalization(engraving, true, { engraving_text: '   ', engraving_colour: 'Auriu' })).toEqual({
      'personalization.engraving_text': 'validation.personalization.required',
    });
    expect(checkPersonalization(engraving, true, { engraving_text: 'Ana 2026', engraving_colour: 'Auriu' })).toEqual(
      {},
    );
  });

  it('asks nothing of an optional personalisation left alone, and the required inputs once one is begun', () => {
    expect(checkPersonalization(engraving, false, {})).toEqual({});
    expect(checkPersonalization(engraving, false, { engraving_colour: 'Auriu', engraving_text: '' })).toEqual({});
    expect(checkPersonalization(engraving, false, { engraving_colour: 'Argintiu' })).toEqual({
      'personalization.engraving_text': 'validation.personalization.required',
    });
    expect(checkPersonalization(engraving, false, { engraving_image: uploadId, engraving_colour: 'Auriu' })).toEqual({
      'personalization.engraving_text': 'validation.personalization.required',
    });
  });

  it('refuses unknown inputs, too long text, options not offered, line breaks in one line and bad upload ids', () => {
    expect(
      checkPersonalization(engraving, true, {
        engraving_text: 'x'.repeat(41),
        engraving_colour: 'Verde',
        engraving_image: '../../etc/passwd',
        other: 'x',
      }),
    ).toEqual({
      'personalization.engraving_text': 'validation.personalization.tooLong',
      'personalization.engraving_colour': 'validation.personalization.option',
      'personalization.engraving_image': 'validation.personalization.image',
      'personalization.other': 'validation.personalization.unknown',
    });
    expect(checkPersonalization(engraving, true, { engraving_text: 'a\nb', engraving_colour: 'Auriu' })).toEqual({
      'personalization.engraving_text': 'validation.controlCharacters',
    });
    expect(checkPersonalization(null, false, { a: 'x' })).toEqual({
      'personalization.a': 'validation.personalization.unknown',
    });
  });
});

describe('normalizePersonalization', () => {
  it('trims, drops empty values, and keeps nothing of an optional form left on its presets', () => {
    expect(normalizePersonalization(engraving, false, { engraving_colour: 'Auriu', engraving_text: '' })).toEqual({});
    expect(
      normalizePersonalization(engraving, false, { engraving_colour: 'Auriu', engraving_text: ' Ana ', x: 'y' }),
    ).toEqual({ engraving_colour: 'Auriu', engraving_text: 'Ana' });
    expect(normalizePersonalization(engraving, true, { engraving_colour: 'Auriu' })).toEqual({
      engraving_colour: 'Auriu',
    });
  });
});

describe('personalizationPrice', () => {
  it('adds the cost of each filled input (SPEC §3)', () => {
    expect(personalizationPrice(engraving, {})).toBe(0);
    expect(personalizationPrice(engraving, { engraving_text: 'Ana', engraving_colour: 'Auriu' })).toBe(1500);
    expect(
      personalizationPrice(engraving, { engraving_text: 'Ana', engraving_colour: 'Auriu', engraving_image: uploadId }),
    ).toBe(4000);
    expect(personalizationPrice(null, { engraving_text: 'Ana' })).toBe(0);
  });

  const inputArb: fc.Arbitrary<PersonalizationInput> = fc.record({
    name: fc.stringMatching(/^[a-z][a-z0-9_]{0,9}$/),
    label: fc.string(),
    type: fc.constantFrom('text', 'textarea', 'image', 'select'),
    value: fc.constant(''),
    additionalCost: fc.integer({ min: 0, max: 100_000 }),
    required: fc.boolean(),
  });
  const formArb = fc
    .uniqueArray(inputArb, { selector: (i) => i.name, maxLength: 8 })
    .map((inputs): PersonalizationForm => ({ sections: [{ title: 's', rows: [{ columns: [{ inputs }] }] }] }));

  it('is the sum of the costs of exactly the filled inputs: between 0 and the sum of all, additive', () => {
    fc.assert(
      fc.property(formArb, fc.infiniteStream(fc.boolean()), (form, fills) => {
        const inputs = form.sections[0]?.rows[0]?.columns[0]?.inputs ?? [];
        const values: Record<string, string> = {};
        let expected = 0;
        for (const input of inputs) {
          const fill = fills.next().value;
          values[input.name] = fill ? 'x' : '';
          if (fill) expected += input.additionalCost;
        }
        const all = inputs.reduce((sum, i) => sum + i.additionalCost, 0);
        const price = personalizationPrice(form, values);
        expect(price).toBe(expected);
        expect(Number.isSafeInteger(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(0);
        expect(price).toBeLessThanOrEqual(all);
      }),
    );
  });
});

describe('personalizationKey', () => {
  const valuesArb = fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/), fc.string({ maxLength: 8 }), {
    maxKeys: 6,
  });

  it('is the same for the same values in any order, and empty values do not count', () => {
    fc.assert(
      fc.property(valuesArb, fc.integer(), (values, seed) => {
        const entries = Object.entries(values);
        const shuffled = fc.sample(fc.shuffledSubarray(entries, { minLength: entries.length }), {
          seed,
          numRuns: 1,
        })[0];
        expect(personalizationKey(Object.fromEntries(shuffled ?? []))).toBe(personalizationKey(values));
        expect(personalizationKey({ ...values, zz_empty: '' })).toBe(personalizationKey(values));
      }),
    );
  });

  it('tells different values apart and is empty only for no values', () => {
    fc.assert(
      fc.property(valuesArb, valuesArb, (a, b) => {
        const clean = (v: Record<string, string>) =>
          Object.fromEntries(Object.entries(v).filter(([, value]) => value !== ''));
        const same =
          JSON.stringify(Object.entries(clean(a)).sort()) === JSON.stringify(Object.entries(clean(b)).sort());
        expect(personalizationKey(a) === personalizationKey(b)).toBe(same);
        expect(personalizationKey(a) === '').toBe(Object.keys(clean(a)).length === 0);
      }),
    );
  });
});

describe('personalizationValuesSchema', () => {
  it('accepts names and text, refuses control characters, odd names, too many inputs and long values', () => {
    expect(personalizationValuesSchema.safeParse({ engraving_text: 'Ana\nMaria' }).success).toBe(true);
    expect(personalizationValuesSchema.safeParse({ engraving_text: 'a\u0000b' }).success).toBe(false);
    expect(personalizationValuesSchema.safeParse({ 'Bad Name': 'x' }).success).toBe(false);
    expect(personalizationValuesSchema.safeParse({ __proto__x: 'x' }).success).toBe(false);
    expect(personalizationValuesSchema.safeParse({ a: 'x'.repeat(1001) }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`i${i}`, 'x']));
    expect(personalizationValuesSchema.safeParse(many).success).toBe(false);
  });

  it('reads the stored demo form', () => {
    expect(personalizationFormSchema.parse(engraving)).toEqual(engraving);
    expect(personalizationUploadIds(engraving, { engraving_image: uploadId, engraving_text: 'x' })).toEqual([uploadId]);
  });
});

describe('personalizationEntriesSchema (the add form, browser and action)', () => {
  const schema = personalizationEntriesSchema(engraving, true);

  it('names the missing engraving on its own field and counts a chosen picture file as filled', () => {
    const missing = schema.safeParse({ engraving_colour: 'Auriu' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['engraving_text', 'validation.personalization.required'],
    ]);
    const picture = new Blob([new Uint8Array([1, 2, 3])]);
    expect(
      schema.safeParse({ engraving_text: 'Ana', engraving_colour: 'Auriu', engraving_image: picture }).success,
    ).toBe(true);
    // An empty file input (nothing chosen) is no picture, and no problem for an optional input.
    expect(
      schema.safeParse({ engraving_text: 'Ana', engraving_colour: 'Auriu', engraving_image: new Blob([]) }).success,
    ).toBe(true);
  });

  it('bounds what a posted form may hold before the product is known', () => {
    expect(
      personalizationFormEntriesSchema.safeParse({ engraving_text: 'Ana', engraving_image: new Blob([]) }).success,
    ).toBe(true);
    expect(personalizationFormEntriesSchema.safeParse({ engraving_text: 'a\u0007' }).success).toBe(false);
    expect(personalizationFormEntriesSchema.safeParse({ 'a.b': 'x' }).success).toBe(false);
  });
});

describe('personalizationSummary and personalizationProblems', () => {
  it('lists filled inputs in the form’s order with labels, costs and picture thumbnails', () => {
    expect(
      personalizationSummary(engraving, {
        engraving_image: uploadId,
        engraving_text: 'Ana',
        engraving_colour: 'Auriu',
      }),
    ).toEqual([
      {
        name: 'engraving_text',
        label: 'Textul gravat',
        type: 'text',
        value: 'Ana',
        thumbnailUrl: null,
        additionalCost: 1500,
      },
      {
        name: 'engraving_colour',
        label: 'Culoarea gravurii',
        type: 'select',
        value: 'Auriu',
        thumbnailUrl: null,
        additionalCost: 0,
      },
      {
        name: 'engraving_image',
        label: 'Imagine',
        type: 'image',
        value: uploadId,
        thumbnailUrl: `/uploads/personalization/${uploadId}/thumb`,
        additionalCost: 2500,
      },
    ]);
    expect(personalizationSummary(engraving, null)).toEqual([]);
  });

  it('names refused inputs by their labels', () => {
    expect(personalizationProblems(engraving, checkPersonalization(engraving, true, {}))).toEqual([
      { label: 'Textul gravat', message: 'validation.personalization.required' },
      { label: 'Culoarea gravurii', message: 'validation.personalization.required' },
    ]);
  });
});
