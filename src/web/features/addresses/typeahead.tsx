import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';

/** SPEC §5 / §9 typeahead: from the first character, 400 ms after the last keystroke. */
export const TYPEAHEAD_DEBOUNCE_MS = 400;

export interface TypeaheadOption<T> {
  key: string;
  label: string;
  detail?: string;
  value: T;
}

/**
 * A text input with suggestions, as an ARIA 1.2 combobox (the header search's pattern, WAI-ARIA APG
 * "list autocomplete"): SPEC §5's keys — Arrow Down/Up move through the list, Enter picks, Escape
 * closes it, Tab takes the active suggestion and moves on. Without JavaScript it is a plain text
 * input under the same name, checked by the server. `load` fails soft: logged, empty list ("No results").
 */
export function Typeahead<T>({
  id,
  name,
  value,
  onType,
  onPick,
  load,
  disabled,
  invalid,
  describedBy,
  autoComplete = 'off',
  children,
}: {
  id: string;
  name: string;
  value: string;
  onType: (text: string) => void;
  onPick: (option: TypeaheadOption<T>) => void;
  load: (text: string, signal: AbortSignal) => Promise<TypeaheadOption<T>[]>;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoComplete?: string;
  /** The label, rendered before the input. */
  children: ReactNode;
}) {
  const t = useT();
  const [options, setOptions] = useState<TypeaheadOption<T>[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const listId = `${id}-listbox`;

  useEffect(() => {
    const text = value.trim();
    if (!typed.current || text === '') {
      setOptions(null);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        setOptions(await load(text, controller.signal));
      } catch (err) {
        if (controller.signal.aborted) return;
        console.error('Address lookup failed', err);
        setOptions([]);
      }
      setActive(-1);
      setOpen(true);
    }, TYPEAHEAD_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, load]);

  const list = options ?? [];
  const expanded = open && options !== null;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (option: TypeaheadOption<T>) => {
    typed.current = false;
    setOpen(false);
    setActive(-1);
    onPick(option);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const count = list.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!expanded) setOpen(options !== null);
        else if (count) setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (expanded && count) setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter':
        // Enter picks; it never submits the form while the list is open.
        if (expanded) {
          e.preventDefault();
          const chosen = list[active >= 0 ? active : 0];
          if (chosen) pick(chosen);
          else setOpen(false);
        }
        break;
      case 'Escape':
        if (expanded) {
          // Inside a dialog, the first Escape closes the list only.
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      case 'Tab':
        if (expanded && active >= 0 && list[active]) pick(list[active]);
        setOpen(false);
        break;
    }
  };

  return (
    <div className="relative">
      {children}
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        disabled={disabled}
        value={value}
        onChange={(e) => {
          typed.current = true;
          onType(e.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className="mt-1 w-full rounded border border-muted bg-white px-3 py-2 disabled:bg-paper aria-[invalid=true]:border-brand aria-[invalid=true]:bg-brand/5"
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('addresses.typeahead.label')}
        hidden={!expanded || list.length === 0}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded border border-line bg-white py-1 shadow-lg"
      >
        {list.map((option, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keyboard (aria-activedescendant); options never take focus
          <div
            key={option.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(option)}
            className="cursor-pointer px-3 py-1.5 aria-selected:bg-paper aria-selected:text-brand"
          >
            <span className="block">{option.label}</span>
            {option.detail && <span className="block text-xs text-muted">{option.detail}</span>}
          </div>
        ))}
      </div>
      {expanded && list.length === 0 && (
        <p className="absolute left-0 right-0 top-full z-50 mt-1 rounded border border-line bg-white px-3 py-2 text-sm shadow-lg">
          {t('addresses.typeahead.noResults')}
        </p>
      )}
      <p role="status" className="sr-only">
        {expanded
          ? list.length
            ? t('addresses.typeahead.count', { count: list.length })
            : t('addresses.typeahead.noResults')
          : ''}
      </p>
    </div>
  );
}
