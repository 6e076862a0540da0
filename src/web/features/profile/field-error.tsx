import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';

export const inputClass =
  'mt-1 w-full rounded border border-line bg-white px-3 py-2 aria-[invalid=true]:border-brand aria-[invalid=true]:bg-brand/5';
export const buttonClass =
  'rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-60';

/** A field's first message; the schemas' messages are keys (decision 010), shown in the shopper's language. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const t = useT();
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-brand">
      {translateMessage(t, errors[0] as string)}
    </p>
  );
}

/** The outcome of a form sent without JavaScript, said in the page (with JavaScript a toast says it). */
export function FormNotice({ ok, text }: { ok: boolean; text: string }) {
  return ok ? (
    <p role="status" className="rounded border border-leaf bg-leaf/10 p-3 font-semibold text-leaf">
      {text}
    </p>
  ) : (
    <p role="alert" className="rounded border border-brand bg-white p-3 font-semibold text-brand">
      {text}
    </p>
  );
}
