import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import type { SearchSuggestions } from '../../../contracts/listing';
import { formatMoney } from '../../../contracts/money';
import { type MessageKey, useLanguage, useT } from '../../i18n/i18n';
import { useRootData } from '../../root-data';
import { SearchIcon } from '../../ui/icons';

/** SPEC §5 typeahead: suggestions 400 ms after the last keystroke, from the first character. */
const DEBOUNCE_MS = 400;
const LISTBOX_ID = 'header-search-listbox';

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
 * The header's search box: a GET form to /pages/search that works without JavaScript, and with it an
 * ARIA 1.2 combobox (WAI-ARIA APG "list autocomplete") suggesting products, authors and categories.
 * Arrow Down/Up move through the suggestions, Enter opens the one chosen (or searches the text),
 * Escape closes the list (a second Escape clears the box), Tab takes the chosen text into the box.
 */
export function SearchCombobox() {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  const navigate = useNavigate();
  const location = useLocation();
  const urlText =
    location.pathname === '/pages/search' ? (new URLSearchParams(location.search).get('searchText') ?? '') : '';
  const [text, setText] = useState(urlText);
  const [result, setResult] = useState<SearchSuggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);

  useEffect(() => {
    typed.current = false;
    setText(urlText);
    setOpen(false);
  }, [urlText]);

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
        setResult((await res.json()) as SearchSuggestions);
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
  }, [text, lang]);

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
  const expanded = open && result !== null;
  const optionId = (i: number) => `header-search-option-${i}`;

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

  let index = -1;
  return (
    <Form method="get" action="/pages/search" className="relative flex w-full" onSubmit={() => setOpen(false)}>
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
        onChange={(e) => {
          typed.current = true;
          setText(e.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
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
        hidden={!expanded || options.length === 0}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded border border-line bg-white py-1 shadow-lg"
      >
        {(['products', 'authors', 'categories'] as const).map((group) => {
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
                      <img src={option.image} alt="" width={32} height={48} className="h-12 w-8 rounded object-cover" />
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
        })}
      </div>
      {expanded && options.length === 0 && (
        <p className="absolute left-0 right-0 top-full z-50 mt-1 rounded border border-line bg-white px-3 py-2 text-sm shadow-lg">
          {t('suggest.none')}
        </p>
      )}
      <p role="status" className="sr-only">
        {expanded ? (options.length ? t('suggest.available', { count: options.length }) : t('suggest.none')) : ''}
      </p>
    </Form>
  );
}
