import { type FieldMetadata, getInputProps, useForm } from '@conform-to/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inputProps } from './input-props';

/** The constraints Conform derives from a schema, written out: every kind an input takes. */
const constraint = {
  name: { required: true, minLength: 2, maxLength: 40 },
  code: { pattern: '^[A-Z]{3}$' },
  email: { required: true, multiple: true },
  quantity: { required: true, min: 1, max: 99, step: 1 },
  terms: { required: true },
  tags: { multiple: true },
};

type Options = Parameters<typeof inputProps>[1];
const cases: [keyof typeof constraint, Options][] = [
  ['name', { type: 'text' }],
  ['code', { type: 'text' }],
  ['email', { type: 'email' }],
  ['quantity', { type: 'number' }],
  ['terms', { type: 'checkbox', value: 'on' }],
  ['tags', { type: 'checkbox', value: 'b' }],
  ['tags', { type: 'checkbox', value: 'z' }],
];

/** Both helpers' inputs for every case, rendered in one form with the given values and errors. */
function Inputs({ values, errors }: { values: Record<string, string | string[]>; errors?: Record<string, string[]> }) {
  const [, fields] = useForm({
    id: 'f',
    constraint,
    defaultValue: values,
    lastResult: errors ? { status: 'error', error: errors, initialValue: values as never } : undefined,
  });
  return (
    <>
      {cases.map(([name, options]) => {
        const field = fields[name] as unknown as FieldMetadata<unknown>;
        return (
          <p key={`${name}-${options.value}`}>
            {/* Conform's option types tie checkbox values to the field's type; the runtime takes any string. */}
            <input {...getInputProps(field as FieldMetadata<string>, options as Parameters<typeof getInputProps>[1])} />
            <input {...inputProps(field, options)} />
          </p>
        );
      })}
    </>
  );
}

/** Each case's two inputs, as their attributes in one order. */
function pairs(html: string): [string, string][] {
  const attributes = (input: string) =>
    [...input.matchAll(/ ([\w-]+)="([^"]*)"/g)]
      .map((a) => a[0])
      .sort()
      .join('');
  return [...html.matchAll(/<p>(<input[^>]*>)(<input[^>]*>)<\/p>/g)].map((m) => [attributes(m[1]), attributes(m[2])]);
}

describe('inputProps', () => {
  it("gives each input the same attributes as Conform's getInputProps", () => {
    const values = { name: 'Ana', code: 'ABC', email: 'ana@example.ro', quantity: '3', terms: 'on', tags: ['a', 'b'] };
    const empty = pairs(renderToStaticMarkup(<Inputs values={{}} />));
    const filled = pairs(renderToStaticMarkup(<Inputs values={values} />));
    const invalid = pairs(
      renderToStaticMarkup(<Inputs values={values} errors={{ name: ['too short'], quantity: ['too many'] }} />),
    );
    expect(empty).toHaveLength(cases.length);
    for (const [conform, ours] of [...empty, ...filled, ...invalid]) expect(ours).toBe(conform);
    // The cases hold what they should: constraints, values, checked boxes and errors.
    expect(filled[0][1]).toContain(' minLength="2"');
    expect(filled[1][1]).toContain(' pattern="^[A-Z]{3}$"');
    expect(filled[2][1]).toContain(' multiple=""');
    expect(filled[3][1]).toContain(' max="99"');
    expect(filled[5][1]).toContain(' checked=""');
    expect(filled[6][1]).not.toContain(' checked');
    expect(invalid[0][1]).toContain('aria-describedby="f-name-error"');
  });
});
