import { type KeyboardEvent, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { SearchSuggestions as Suggestions } from '../../../contracts/listing';
import { formatMoney } from '../../../contracts/money';
import { type MessageKey, useLanguage, useT } from '../../i18n/i18n';
import { useRootData } from '../../root-data';
import { type ComboboxState, optionId } from './combobox-state';

/** SPEC §5 typeahead: suggestions 400 ms after the last keystroke, from the first character. */
const DEBOUNCE_MS = 400;

interface Option {
  group: 'products' | 'authors' | 'categories';
  label: string;
  detail?: string;
  image?: string;
  href: string;
}

const groupTitles: Record<Option['group'], MessageKey> = {
  products: 'suggest.products',
  authors: 'suggest.authors',
  categories: 'suggest.categories',
};

/**
 * The header search's suggestions (search-combobox.tsx loads this when the box is first focused or typed in):
 * asks for them as the shopper types, draws the options of the listbox, and handles the keys. Arrow Down/Up
 * move through the suggestions, Enter opens the one chosen (or searches the text), Escape closes the list (a
 * second Escape clears the box), Tab takes the chosen text into the box.
 */
export function SearchSuggestions({ state }: { state: ComboboxState }) {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  const navigate = useNavigate();
  const { text, setText, typed, result, setResult, setOpen, active, setActive, expanded, keys } = state;

  useEffect(() => {
    const query = text.trim();
    if (!typed.current || query === '') {
      setResult(null);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(query)}&lang=${lang}`, {
          signal: controller.signal,
        });
        if (!res.ok) throw new Error(`suggestions answered ${res.status}`);
        setResult((await res.json()) as Suggestions);
      } catch (err) {
        if (controller.signal.aborted) return;
        // SPEC §8: a failing typeahead is logged and shows an empty list ("No results").
        console.error('Search suggestions failed', err);
        setResult({ query, products: [], authors: [], categories: [] });
      }
      setActive(-1);
      setOpen(true);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, lang, typed, setResult, setOpen, setActive]);

  const options: Option[] = result
    ? [
        ...result.products.map((p) => ({
          group: 'products' as const,
          label: p.title,
          detail: [p.authors.join(', '), formatMoney(p.price, currency, lang)].filter(Boolean).join(' · '),
          image: p.image,
          href: `/produs/${p.slug}`,
        })),
        ...result.authors.map((name) => ({
          group: 'authors' as const,
          label: name,
          href: `/pages/search?searchText=${encodeURIComponent(name)}`,
        })),
        ...result.categories.map((c) => ({ group: 'categories' as const, label: c.name, href: `/shop/${c.slug}` })),
      ]
    : [];

  const choose = (option: Option) => {
    setOpen(false);
    typed.current = false;
    setText(option.group === 'authors' ? option.label : '');
    navigate(option.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!expanded) setOpen(result !== null);
        else if (count) setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (expanded && count) setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter':
        if (expanded && active >= 0 && options[active]) {
          e.preventDefault();
          choose(options[active]);
        } else setOpen(false);
        break;
      case 'Escape':
        e.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else {
          typed.current = false;
          setText('');
        }
        break;
      case 'Tab':
        if (expanded && active >= 0 && options[active]) {
          typed.current = false;
          setText(options[active].label);
        }
        setOpen(false);
        break;
    }
  };
  // The input is the combobox's (search-combobox.tsx): it hands its keys to the handler of this render.
  useEffect(() => {
    keys.current = onKeyDown;
  });

  let index = -1;
  return (['products', 'authors', 'categories'] as const).map((group) => {
    const inGroup = options.filter((o) => o.group === group);
    if (!inGroup.length) return null;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not a fieldset
      <div key={group} role="group" aria-labelledby={`header-search-${group}`}>
        <div
          id={`header-search-${group}`}
          role="presentation"
          className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted"
        >
          {t(groupTitles[group])}
        </div>
        {inGroup.map((option) => {
          index += 1;
          const i = index;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keyboard (aria-activedescendant); options never take focus
            <div
              key={option.href}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(option)}
              className="flex cursor-pointer items-center gap-3 px-3 py-1.5 aria-selected:bg-paper aria-selected:text-brand"
            >
              {option.image && (
                <img
                  src={option.image}
                  alt=""
                  width={32}
                  height={48}
                  className="h-12 w-8 shrink-0 rounded object-cover"
                />
              )}
              <span className="min-w-0">
                <span className="block truncate">{option.label}</span>
                {option.detail && <span className="block truncate text-xs text-muted">{option.detail}</span>}
              </span>
            </div>
          );
        })}
      </div>
    );
  });
}
