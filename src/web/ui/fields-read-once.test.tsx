import { type FieldMetadata, useForm } from '@conform-to/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fieldsReadOnce } from './fields-read-once';

/** An object that counts the reads of each of its properties, and of its fields' properties. */
function counted(values: Record<string, Record<string, unknown>>) {
  const reads = new Map<string, number>();
  const count = (path: string) => reads.set(path, (reads.get(path) ?? 0) + 1);
  const fields = new Proxy(values, {
    get(target, name: string) {
      count(name);
      return new Proxy(target[name], {
        get(field, key: string) {
          count(`${name}.${key}`);
          return field[key];
        },
      });
    },
  });
  return { fields, reads };
}

describe('fieldsReadOnce', () => {
  it('reads each field, and each property of a field, once, and answers the same values after', () => {
    const getFieldset = () => ({});
    const { fields, reads } = counted({
      email: { formId: 'f', name: 'email', errors: ['required'] },
      billing: { formId: 'f', name: 'billing', getFieldset },
    });
    const once = fieldsReadOnce(fields);
    for (let i = 0; i < 3; i++) {
      expect(once.email.name).toBe('email');
      expect(once.email.errors).toEqual(['required']);
      expect(once.billing.getFieldset).toBe(getFieldset);
    }
    expect(once.email).toBe(once.email);
    expect(Object.fromEntries(reads)).toEqual({
      email: 1,
      'email.name': 1,
      'email.errors': 1,
      billing: 1,
      'billing.getFieldset': 1,
    });
  });

  it("makes a field's ids from its name and the form's id, which it reads once for every field", () => {
    const { fields, reads } = counted({
      email: { formId: 'f', name: 'email' },
      city: { formId: 'f', name: 'billing.city' },
    });
    const once = fieldsReadOnce(fields);
    expect([once.email.id, once.email.errorId, once.email.descriptionId]).toEqual([
      'f-email',
      'f-email-error',
      'f-email-description',
    ]);
    expect([once.city.id, once.city.errorId, once.city.formId]).toEqual([
      'f-billing.city',
      'f-billing.city-error',
      'f',
    ]);
    // A key every object has is read as any other property, not taken for an id.
    expect(once.city.toString).toBe(Object.prototype.toString);
    expect(Object.fromEntries(reads)).toEqual({
      email: 1,
      'email.formId': 1,
      'email.name': 1,
      city: 1,
      'city.name': 1,
      'city.toString': 1,
    });
  });

  it('reads nothing it is not asked for', () => {
    const { fields, reads } = counted({ email: { formId: 'f', name: 'email', errors: undefined } });
    const once = fieldsReadOnce(fields);
    expect(once.email.errors).toBeUndefined();
    expect(once.email.errors).toBeUndefined();
    expect(Object.fromEntries(reads)).toEqual({ email: 1, 'email.errors': 1 });
  });

  /** A form's fields as the shop renders them: label, input, error line, a nested fieldset's field. */
  function Form({ once, errors }: { once: boolean; errors?: Record<string, string[]> }) {
    const values = { email: 'ana@example.ro', billing: { city: 'Cluj' } };
    const [, conformFields] = useForm({
      id: 'f',
      defaultValue: values,
      lastResult: errors ? { status: 'error', error: errors, initialValue: values as never } : undefined,
    });
    const fields = once ? fieldsReadOnce(conformFields) : conformFields;
    const billing = fields.billing.getFieldset();
    const shown = [fields.email, billing.city] as FieldMetadata<string>[];
    return (
      <>
        {shown.map((field) => (
          <p key={field.name}>
            <label htmlFor={field.id}>{field.name}</label>
            <input
              id={field.id}
              name={field.name}
              form={field.formId}
              defaultValue={field.initialValue}
              aria-invalid={field.errors?.length ? true : undefined}
              aria-describedby={field.errors?.length ? field.errorId : undefined}
            />
            {field.errors?.length ? <span id={field.errorId}>{field.errors[0]}</span> : null}
            <small id={field.descriptionId} />
          </p>
        ))}
      </>
    );
  }

  it("renders a Conform form as Conform's own fields do, with and without errors", () => {
    const errors = { email: ['invalid'], 'billing.city': ['required'] };
    for (const given of [undefined, errors]) {
      const own = renderToStaticMarkup(<Form once={false} errors={given} />);
      expect(renderToStaticMarkup(<Form once errors={given} />)).toBe(own);
    }
    const withErrors = renderToStaticMarkup(<Form once errors={errors} />);
    expect(withErrors).toContain('id="f-billing.city-error">required</span>');
    expect(withErrors).toContain('value="Cluj"');
  });
});
