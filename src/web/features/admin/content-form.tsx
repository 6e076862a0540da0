import { type FieldMetadata, getSelectProps, getTextareaProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { FieldError, inputClass } from '../account/account-form';
import { inputProps } from '../../ui/input-props';

/**
 * The fields of the back office's content forms (cases, blog posts, coupons, statistics): a label, the
 * control with Conform's props (without `required`: the schema's message shows, not the browser's bubble),
 * an optional hint tied by aria-describedby, and the field's message.
 */
function Label({ field, label, required }: { field: FieldMetadata<unknown>; label: string; required: boolean }) {
  return (
    <label htmlFor={field.id} className="font-semibold">
      {label} {required && <span aria-hidden="true">*</span>}
    </label>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className="mt-1 text-sm text-muted">
      {children}
    </p>
  ) : null;
}

/** `aria-describedby` with the hint's id added to Conform's (the message's, when there is one). */
function describedBy(conform: string | undefined, hintId: string, hint: ReactNode): string | undefined {
  return [conform, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
}

export function InputField({
  field,
  label,
  type = 'text',
  hint,
  required = true,
  inputMode,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'datetime-local' | 'url';
  hint?: ReactNode;
  required?: boolean;
  inputMode?: 'numeric' | 'decimal';
}) {
  const props = inputProps(field, { type });
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <Label field={field} label={label} required={required} />
      <input
        {...props}
        inputMode={inputMode}
        autoComplete="off"
        aria-describedby={describedBy(props['aria-describedby'], hintId, hint)}
        className={inputClass}
      />
      <Hint id={hintId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

export function TextAreaField({
  field,
  label,
  rows = 4,
  hint,
  required = true,
  mono = false,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  rows?: number;
  hint?: ReactNode;
  required?: boolean;
  mono?: boolean;
}) {
  const { required: _native, ...props } = getTextareaProps(field as FieldMetadata<string>);
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <Label field={field} label={label} required={required} />
      <textarea
        {...props}
        rows={rows}
        aria-describedby={describedBy(props['aria-describedby'], hintId, hint)}
        className={`${inputClass} ${mono ? 'font-mono text-sm' : ''}`}
      />
      <Hint id={hintId}>{hint}</Hint>
      <FieldError field={field} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const { required: _native, ...props } = getSelectProps(field as FieldMetadata<string>);
  return (
    <div>
      <Label field={field} label={label} required />
      <select {...props} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

export function CheckboxField({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  const props = inputProps(field, {
    type: 'checkbox',
    value: 'on',
  });
  return (
    <div>
      <div className="flex items-center gap-2">
        <input {...props} className="h-5 w-5 accent-brand" />
        <label htmlFor={field.id} className="font-semibold">
          {label}
        </label>
      </div>
      <FieldError field={field} />
    </div>
  );
}

/** A titled group of a long form's fields. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-line bg-white p-4 sm:p-6">
      <legend className="px-1 font-serif text-xl font-bold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The grid the short fields of a section sit in, two or three a row on a wide screen. */
export const fieldGridClass = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

export const primaryButtonClass =
  'rounded bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'rounded border border-brand bg-white px-6 py-2.5 font-semibold text-brand hover:bg-brand hover:text-white';
