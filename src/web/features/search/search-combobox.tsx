import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Form, useLocation } from 'react-router';
import type { SearchSuggestions as Suggestions } from '../../../contracts/listing';
import { useT } from '../../i18n/i18n';
import { SearchIcon } from '../../ui/icons';
import { type ComboboxState, optionId } from './combobox-state';

const LISTBOX_ID = 'header-search-listbox';

/** Loaded on the box's first focus or keystroke: a first visit that does not search never needs it (issue 14). */
const SearchSuggestions = lazy(() => import('./search-suggestions').then((m) => ({ default: m.SearchSuggestions })));

/**
 * The header's search box: a GET form to /pages/search that works without JavaScript, and with it an
 * ARIA 1.2 combobox (WAI-ARIA APG "list autocomplete") suggesting products, authors and categories
 * (search-suggestions.tsx). The box itself is always this one input, so loading the suggestions never
 * replaces it under the shopper's focus.
 */
export function SearchCombobox() {
  const t = useT();
  const location = useLocation();
  const urlText =
    location.pathname === '/pages/search' ? (new URLSearchParams(location.search).get('searchText') ?? '') : '';
  const [text, setText] = useState(urlText);
  const [result, setResult] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [wanted, setWanted] = useState(false);
  const typed = useRef(false);
  const keys = useRef<((e: KeyboardEvent<HTMLInputElement>) => void) | null>(null);

  useEffect(() => {
    typed.current = false;
    setText(urlText);
    setOpen(false);
  }, [urlText]);

  const expanded = open && result !== null;
  const count = result ? result.products.length + result.authors.length + result.categories.length : 0;
  const state: ComboboxState = {
    text,
    setText,
    typed,
    result,
    setResult,
    setOpen,
    active,
    setActive,
    expanded,
    keys,
  };
  return (
    <Form
      discover="none"
      method="get"
      action="/pages/search"
      className="relative flex w-full"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor="header-search" className="sr-only">
        {t('header.search.label')}
      </label>
      <input
        id="header-search"
        type="search"
        name="searchText"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={200}
        value={text}
        placeholder={t('header.search.placeholder')}
        onFocus={() => setWanted(true)}
        onChange={(e) => {
          typed.current = true;
          setWanted(true);
          setText(e.currentTarget.value);
        }}
        onKeyDown={(e) => keys.current?.(e)}
        onBlur={() => setOpen(false)}
        className="w-full rounded-l border border-line bg-paper px-3 py-2"
      />
      <button type="submit" className="flex items-center gap-1 rounded-r bg-brand px-4 text-white hover:bg-brand-dark">
        <SearchIcon />
        <span className="sr-only sm:not-sr-only">{t('header.search.submit')}</span>
      </button>
      <div
        id={LISTBOX_ID}
        role="listbox"
        aria-label={t('suggest.label')}
        hidden={!expanded || count === 0}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded border border-line bg-white py-1 shadow-lg"
      >
        {wanted && (
          <Suspense fallback={null}>
            <SearchSuggestions state={state} />
          </Suspense>
        )}
      </div>
      {expanded && count === 0 && (
        <p className="absolute left-0 right-0 top-full z-50 mt-1 rounded border border-line bg-white px-3 py-2 text-sm shadow-lg">
          {t('suggest.none')}
        </p>
      )}
      <p role="status" className="sr-only">
        {expanded ? (count ? t('suggest.available', { count }) : t('suggest.none')) : ''}
      </p>
    </Form>
  );
}
