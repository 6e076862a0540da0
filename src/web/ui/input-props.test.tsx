import { type FieldMetadata, getInputProps, useForm } from '@conform-to/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inputProps } from './input-props';

/** The fields of the cases: text, e-mail, a number, a checkbox and a group of checkboxes. */
const names = ['name', 'code', 'email', 'quantity', 'terms', 'tags'] as const;

type Options = Parameters<typeof inputProps>[1];
const cases: [(typeof names)[number], Options][] = [
  ['name', { type: 'text' }],
  ['code', { type: 'text' }],
  ['email', { type: 'email' }],
  ['quantity', { type: 'number' }],
  ['terms', { type: 'checkbox', value: 'on' }],
  ['tags', { type: 'checkbox', value: 'b' }],
  ['tags', { type: 'checkbox', value: 'z' }],
];

/**
 * Both helpers' inputs for every case, rendered in one form with the given values and errors, configured as the
 * shop's forms are: no constraints (each form validates with its zod schema).
 */
function Inputs({ values, errors }: { values: Record<string, string | string[]>; errors?: Record<string, string[]> }) {
  const [, fields] = useForm({
    id: 'f',
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
    // The cases hold what they should: values, checked boxes and errors.
    expect(filled[0][1]).toContain(' value="Ana"');
    expect(filled[3][1]).toContain(' type="number"');
    expect(filled[5][1]).toContain(' checked=""');
    expect(filled[6][1]).not.toContain(' checked');
    expect(invalid[0][1]).toContain('aria-describedby="f-name-error"');
  });
});
