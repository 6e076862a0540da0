import { type FieldMetadata, getSelectProps, getTextareaProps } from '@conform-to/react';
import { type ChangeEvent, type FormEvent, type JSX, useState } from 'react';
import { formatMoney, type Bani } from '../../../contracts/money';
import {
  entriesAsValues,
  normalizePersonalization,
  type PersonalizationEntries,
  type PersonalizationForm,
  type PersonalizationInput,
  personalizationPrice,
} from '../../../contracts/personalization';
import { type StoredUpload, UPLOAD_ACCEPT } from '../../../contracts/uploads';
import { useLanguage, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { useRootData } from '../../root-data';
import { inputProps } from '../../ui/input-props';

const inputClass =
  'mt-1 w-full rounded border border-muted bg-white px-3 py-2 aria-[invalid=true]:border-brand aria-[invalid=true]:bg-brand/5';

type EntryField = FieldMetadata<string | Blob | undefined>;
type Fields = Record<string, EntryField | undefined>;

/** A key for rows and columns, which have no ids: the names of their inputs (unique in a form). */
function namesOf(columns: { inputs: PersonalizationInput[] }[]): string {
  return columns.map((c) => c.inputs.map((i) => i.name).join(',')).join('|');
}

/** What the form holds for the personalisation now: the entries of its `personalization.*` fields. */
function entriesOf(form: HTMLFormElement): PersonalizationEntries {
  const entries: PersonalizationEntries = {};
  for (const [name, value] of new FormData(form)) {
    if (name.startsWith('personalization.')) entries[name.slice('personalization.'.length)] = value;
  }
  return entries;
}

function FieldError({ field }: { field: EntryField }) {
  const t = useT();
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm font-semibold text-brand">
      {translateMessage(t, field.errors[0] ?? '')}
    </p>
  );
}

/** The label of an input: its text, "*" when required, and what filling it in costs. */
function InputLabel({
  input,
  htmlFor,
  mandatory,
}: {
  input: PersonalizationInput;
  htmlFor: string;
  mandatory: boolean;
}) {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  return (
    <label htmlFor={htmlFor} className="font-semibold">
      {input.label}
      {mandatory && (
        <>
          {' '}
          <span aria-hidden="true">*</span>
          <span className="sr-only"> ({t('personalization.requiredMark')})</span>
        </>
      )}
      {input.additionalCost > 0 && (
        <span className="ml-2 text-sm font-normal text-muted">
          {t('personalization.cost', { amount: formatMoney(input.additionalCost, currency, lang) })}
        </span>
      )}
    </label>
  );
}

/**
 * A picture: without JavaScript the file goes with the form (multipart); with it, it is uploaded as soon as
 * it is chosen, its thumbnail shown, and the form carries only the upload id (the file input loses its name).
 */
function ImageInput({
  input,
  field,
  mandatory,
}: {
  input: PersonalizationInput;
  field: EntryField;
  mandatory: boolean;
}) {
  const t = useT();
  const [upload, setUpload] = useState<StoredUpload | null>(null);
  const [state, setState] = useState<'idle' | 'uploading' | 'failed'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = `${field.id}-hint`;
  const statusId = `${field.id}-status`;

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget;
    const file = chosen.files?.[0];
    if (!file) return;
    setState('uploading');
    setProblem(null);
    const body = new FormData();
    body.append('file', file);
    try {
      const res = await fetch('/api/uploads/personalization', { method: 'POST', body });
      const answer: unknown = await res.json();
      if (!res.ok) {
        const error = (answer as { error?: { message?: string; fields?: Record<string, string> } }).error;
        setProblem(error?.fields?.file ?? error?.message ?? t('personalization.uploadFailed'));
        setState('failed');
        chosen.value = '';
        return;
      }
      setUpload(answer as StoredUpload);
      setState('idle');
      chosen.value = '';
      // The form's price and validation read the hidden id once React has rendered it.
      requestAnimationFrame(() => chosen.form?.dispatchEvent(new Event('input', { bubbles: true })));
    } catch {
      setProblem(t('personalization.uploadFailed'));
      setState('failed');
    }
  }

  function remove(event: { currentTarget: HTMLButtonElement }) {
    const form = event.currentTarget.form;
    setUpload(null);
    requestAnimationFrame(() => form?.dispatchEvent(new Event('input', { bubbles: true })));
  }

  const describedBy = [hintId, field.errors?.length ? field.errorId : null, problem ? statusId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <InputLabel input={input} htmlFor={field.id} mandatory={mandatory} />
      <p id={hintId} className="text-sm text-muted">
        {t('personalization.imageHint')}
      </p>
      <input
        id={field.id}
        type="file"
        accept={UPLOAD_ACCEPT}
        name={upload ? undefined : field.name}
        aria-invalid={field.errors?.length || problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border file:border-muted file:bg-white file:px-3 file:py-1.5 file:font-semibold"
      />
      {upload && (
        <div className="mt-2 flex items-center gap-3">
          <input type="hidden" name={field.name} value={upload.id} />
          <img
            src={upload.thumbnailUrl}
            alt={t('personalization.preview', { label: input.label })}
            width={96}
            height={96}
            className="h-24 w-24 rounded border border-line object-contain"
          />
          <button
            type="button"
            onClick={remove}
            className="rounded border border-muted px-3 py-1.5 text-sm font-semibold hover:bg-paper"
          >
            {t('personalization.removeImage')}
          </button>
        </div>
      )}
      <p id={statusId} role="status" className={`mt-1 text-sm ${problem ? 'font-semibold text-brand' : 'text-muted'}`}>
        {state === 'uploading'
          ? t('personalization.uploading')
          : (problem ?? (upload ? t('personalization.uploaded') : ''))}
      </p>
      <FieldError field={field} />
    </div>
  );
}

function InputField({
  input,
  field,
  mandatory,
}: {
  input: PersonalizationInput;
  field: EntryField;
  mandatory: boolean;
}) {
  const t = useT();
  if (input.type === 'image') return <ImageInput input={input} field={field} mandatory={mandatory} />;
  const text = field as FieldMetadata<string>;
  const hintId = `${field.id}-hint`;
  const hint = input.maxLength && input.type !== 'select';
  const withHint = (own: string | undefined) => [own, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const common = { 'aria-required': mandatory || undefined, className: inputClass };
  let control: JSX.Element;
  if (input.type === 'select') {
    control = (
      <select {...getSelectProps(text)} {...common} defaultValue={text.initialValue ?? input.value}>
        {(input.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (input.type === 'textarea') {
    const props = getTextareaProps(text);
    control = (
      <textarea
        {...props}
        {...common}
        aria-describedby={withHint(props['aria-describedby'])}
        rows={3}
        maxLength={input.maxLength}
      />
    );
  } else {
    const props = inputProps(text, { type: 'text' });
    control = (
      <input
        {...props}
        {...common}
        aria-describedby={withHint(props['aria-describedby'])}
        maxLength={input.maxLength}
        autoComplete="off"
      />
    );
  }
  return (
    <div>
      <InputLabel input={input} htmlFor={field.id} mandatory={mandatory} />
      {control}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {t('personalization.maxLength', { max: input.maxLength ?? 0 })}
        </p>
      )}
      <FieldError field={field} />
    </div>
  );
}

/**
 * The personalisation form of a product (SPEC §3: sections > rows > columns > inputs), to be placed inside
 * the add-to-cart form, whose Conform fieldset `personalization` it renders. Each input's cost is shown
 * beside it, the price per piece with the filled inputs below (updated as the shopper types), and the
 * note that personalised items are excluded from the right of withdrawal (DESIGN §6).
 */
export function PersonalizationFields({
  form,
  required,
  fields,
  unitPrice,
}: {
  form: PersonalizationForm;
  required: boolean;
  fields: Fields;
  /** Bani: the product's own price per piece. */
  unitPrice: Bani;
}) {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  const [cost, setCost] = useState<Bani>(() =>
    personalizationPrice(form, normalizePersonalization(form, required, {})),
  );
  const update = (event: FormEvent<HTMLFieldSetElement>) => {
    const owner = event.currentTarget.form;
    if (!owner) return;
    const values = normalizePersonalization(form, required, entriesAsValues(entriesOf(owner)));
    setCost(personalizationPrice(form, values));
  };
  return (
    <fieldset
      onInput={update}
      onChange={update}
      className="w-full rounded border border-line bg-paper/40 p-4"
      aria-describedby="personalization-note"
    >
      <legend className="px-1 font-serif text-lg font-bold">{t('personalization.heading')}</legend>
      <p className="text-sm text-muted">
        {required ? t('personalization.requiredIntro') : t('personalization.optionalIntro')}
      </p>
      {form.sections.map((section) => (
        <section key={section.title} aria-label={section.title} className="mt-3">
          <h3 className="font-semibold">{section.title}</h3>
          {section.rows.map((row) => (
            <div key={namesOf(row.columns)} className="mt-2 grid gap-3 sm:grid-flow-col sm:auto-cols-fr">
              {row.columns.map((column) => (
                <div key={namesOf([column])} className="space-y-3">
                  {column.inputs.map((input) => {
                    const field = fields[input.name];
                    return field ? (
                      <InputField key={input.name} input={input} field={field} mandatory={required && input.required} />
                    ) : null;
                  })}
                </div>
              ))}
            </div>
          ))}
        </section>
      ))}
      <div aria-live="polite" className="mt-4 text-sm">
        {cost > 0 && (
          <>
            <p>{t('personalization.costLine', { amount: formatMoney(cost, currency, lang) })}</p>
            <p className="font-semibold">
              {t('personalization.unitTotal', { amount: formatMoney(unitPrice + cost, currency, lang) })}
            </p>
          </>
        )}
      </div>
      <p id="personalization-note" className="mt-3 rounded border border-line bg-white p-2 text-sm">
        {t('personalization.withdrawalNote')}
      </p>
    </fieldset>
  );
}
