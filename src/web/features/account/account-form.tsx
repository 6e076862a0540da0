import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { inputProps } from '../../ui/input-props';

export const inputClass =
  'mt-1 w-full rounded border border-line bg-white px-3 py-2 aria-[invalid=true]:border-brand aria-[invalid=true]:bg-brand/5';
export const buttonClass =
  'w-full rounded bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-60';

/** The schema's messages are keys (decision 010), shown in the shopper's language once the field is touched. */
export function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  const t = useT();
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm font-semibold text-brand">
      {translateMessage(t, field.errors[0])}
    </p>
  );
}

/** A labelled input with its message; `*` marks a required field (read as part of the label's text). */
export function TextField({
  field,
  label,
  type,
  autoComplete,
  required = true,
}: {
  field: FieldMetadata<string>;
  label: string;
  type: 'text' | 'email' | 'tel' | 'password';
  autoComplete: string;
  required?: boolean;
}) {
  const props = inputProps(field, { type });
  return (
    <div>
      <label htmlFor={field.id} className="font-semibold">
        {label} {required && <span aria-hidden="true">*</span>}
      </label>
      <input {...props} autoComplete={autoComplete} className={inputClass} />
      <FieldError field={field} />
    </div>
  );
}

/** A message about the whole form: red for a failure (alert), green for news (status). */
export function FormBanner({ tone, id, children }: { tone: 'error' | 'success'; id?: string; children: ReactNode }) {
  return tone === 'error' ? (
    <p id={id} role="alert" className="rounded border border-brand bg-brand/5 p-3 font-semibold text-brand">
      {children}
    </p>
  ) : (
    <p id={id} role="status" className="rounded border border-leaf bg-leaf/10 p-3 font-semibold text-leaf">
      {children}
    </p>
  );
}

/** The narrow white card the account pages put their form in, under the page header. */
export function AccountCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <div className="rounded-lg border border-line bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}
