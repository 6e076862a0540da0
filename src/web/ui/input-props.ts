import type { InputHTMLAttributes } from 'react';

/** What an input reads of a Conform field (its `FieldMetadata`, whatever the field's schema). */
interface InputField {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: unknown;
  initialValue?: unknown;
}

type InputType =
  | 'text'
  | 'email'
  | 'tel'
  | 'password'
  | 'url'
  | 'search'
  | 'number'
  | 'date'
  | 'datetime-local'
  | 'checkbox'
  | 'radio';

/**
 * Conform's `getInputProps` for the shop's forms, reading each of the field's metadata once. Every read of a
 * Conform field builds its metadata anew (a proxy and its closures) and records what the render used;
 * `getInputProps` makes about sixteen reads an input (every constraint, the initial value twice), which was a tenth
 * of the checkout page's CPU with its two address fieldsets. The shop gives Conform no constraints (each form
 * validates with its zod schema, in the browser and on the server), so the constraint attributes `getInputProps`
 * would copy (`required`, lengths, pattern, bounds, `multiple`) are never set, and are not read here.
 */
export function inputProps(
  field: InputField,
  options: { type: InputType; value?: string },
): InputHTMLAttributes<HTMLInputElement> {
  const { type } = options;
  const props: InputHTMLAttributes<HTMLInputElement> & Record<string, unknown> = {
    id: field.id,
    name: field.name,
    form: field.formId,
    type,
  };
  if (field.errors !== undefined) {
    props['aria-invalid'] = true;
    props['aria-describedby'] = field.errorId;
  }
  const initial = field.initialValue;
  if (type === 'checkbox' || type === 'radio') {
    props.value = options.value ?? 'on';
    props.defaultChecked = Array.isArray(initial) ? initial.includes(options.value) : initial === props.value;
  } else if (typeof initial === 'string') {
    props.defaultValue = initial;
  }
  return props;
}
