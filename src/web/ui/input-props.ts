import type { InputHTMLAttributes } from 'react';

/** What an input reads of a Conform field (its `FieldMetadata`, whatever the field's schema). */
interface InputField {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: unknown;
  initialValue?: unknown;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
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

const TEXT_TYPES = new Set<InputType>(['text', 'email', 'tel', 'password', 'url', 'search']);
const RANGE_TYPES = new Set<InputType>(['number', 'date', 'datetime-local']);

/**
 * Conform's `getInputProps`, with the same attributes, reading each of the field's metadata once. Every read of a
 * Conform field builds its metadata anew (a proxy and its closures) and records what the render used;
 * `getInputProps` makes about sixteen reads an input (every constraint, the initial value twice), which was a tenth
 * of the checkout page's CPU with its two address fieldsets. Constraints are read only for the input types that
 * take them: lengths and pattern for text, bounds and step for numbers and dates, `multiple` for e-mail and checkboxes.
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
  if (field.required) props.required = true;
  if (TEXT_TYPES.has(type)) {
    assign(props, 'minLength', field.minLength);
    assign(props, 'maxLength', field.maxLength);
    assign(props, 'pattern', field.pattern);
  }
  if (RANGE_TYPES.has(type)) {
    assign(props, 'min', field.min);
    assign(props, 'max', field.max);
    assign(props, 'step', field.step);
  }
  // An array field's: several e-mails, or a group of checkboxes (Conform marks both).
  if (type === 'email' || type === 'checkbox') assign(props, 'multiple', field.multiple);
  const initial = field.initialValue;
  if (type === 'checkbox' || type === 'radio') {
    props.value = options.value ?? 'on';
    props.defaultChecked = Array.isArray(initial) ? initial.includes(options.value) : initial === props.value;
  } else if (typeof initial === 'string') {
    props.defaultValue = initial;
  }
  return props;
}

function assign<K extends keyof InputHTMLAttributes<HTMLInputElement>>(
  props: InputHTMLAttributes<HTMLInputElement>,
  name: K,
  value: InputHTMLAttributes<HTMLInputElement>[K] | undefined,
): void {
  if (value !== undefined) props[name] = value;
}
