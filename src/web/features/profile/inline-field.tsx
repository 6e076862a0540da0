import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import { fieldMessages } from '../../../contracts/errors';
import type { ProfileIntent } from '../../../contracts/profile';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { showToast } from '../../ui/toasts';
import type { ProfileActionData } from './action-data';

/**
 * SPEC §2/§4 click-to-edit: the value is a button; in edit mode Enter saves, Escape cancels, and leaving
 * the field saves only a changed value. The page shows the value being saved at once; when the save fails
 * the stored value (the loader's, unchanged) shows again, with SPEC §8's toast either way.
 */
export function InlineField({
  label,
  name,
  value,
  intent,
  others,
  schema,
  type = 'text',
  autoComplete,
}: {
  label: string;
  name: string;
  value: string;
  intent: ProfileIntent;
  /** The other fields the update sends with this one (the last name with the first). */
  others?: Record<string, string>;
  schema: z.ZodType;
  type?: 'text' | 'tel';
  autoComplete?: string;
}) {
  const t = useT();
  const fetcher = useFetcher<ProfileActionData>();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // Set once Enter or Escape ended the edit: the blur that removing the input may cause saves nothing.
  const ended = useRef(false);
  const id = useId();

  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (refocus.current) buttonRef.current?.focus();
    refocus.current = false;
  }, [editing]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per answer of this field's saves
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) showToast(t('profile.updated'), 'success');
    else showToast(t('profile.updateFailed'), 'error');
  }, [fetcher.data]);

  const saving = fetcher.state !== 'idle' ? fetcher.formData?.get(name) : undefined;
  const shown = typeof saving === 'string' ? saving : value;

  const close = (keepFocus: boolean) => {
    ended.current = true;
    refocus.current = keepFocus;
    setError(null);
    setEditing(false);
  };

  const save = (viaBlur: boolean) => {
    if (draft.trim() === value) return close(!viaBlur);
    const values = { ...others, [name]: draft };
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const message = translateMessage(t, fieldMessages(parsed.error)[name] ?? 'validation.invalid');
      // Focus has moved on: the change is dropped, as a failed save would be.
      if (viaBlur) {
        showToast(`${t('profile.updateFailed')}: ${message}`, 'error');
        return close(false);
      }
      return setError(message);
    }
    fetcher.submit({ intent, ...values }, { method: 'post' });
    close(!viaBlur);
  };

  if (!editing) {
    return (
      <div>
        <span id={`${id}-label`} className="block text-sm font-semibold text-muted">
          {label}
        </span>
        <button
          ref={buttonRef}
          type="button"
          onClick={() => {
            ended.current = false;
            setDraft(value);
            setEditing(true);
          }}
          aria-describedby={`${id}-label`}
          className="group mt-1 flex w-full items-center justify-between gap-3 rounded border border-transparent px-3 py-2 text-left hover:border-line"
        >
          <span>{shown}</span>
          <span className="text-sm text-brand underline group-hover:no-underline">
            {t('profile.edit', { field: label.toLocaleLowerCase() })}
          </span>
        </button>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={`${id}-input`} className="block text-sm font-semibold text-muted">
        {label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save(false);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            close(true);
          }
        }}
        onBlur={() => {
          if (!ended.current) save(true);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="mt-1 w-full rounded border border-brand bg-white px-3 py-2 aria-[invalid=true]:bg-brand/5"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-brand">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {t('profile.editHint')}
        </p>
      )}
    </div>
  );
}
