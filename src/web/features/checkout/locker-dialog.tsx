import { useEffect, useId, useRef, useState } from 'react';
import type { GlsLocker } from '../../../contracts/shipping';
import { useT } from '../../i18n/i18n';
import { TYPEAHEAD_DEBOUNCE_MS } from '../addresses/typeahead';

export const lockerAddress = (l: GlsLocker) => `${l.street} ${l.number}, ${l.city}, ${l.county}, ${l.zip_code}`;

async function searchLockers(query: string, signal: AbortSignal): Promise<GlsLocker[]> {
  const res = await fetch(`/api/gls-lockers?${new URLSearchParams({ q: query })}`, { signal });
  if (!res.ok) throw new Error(`/api/gls-lockers answered ${res.status}`);
  return ((await res.json()) as { data: GlsLocker[] }).data;
}

/**
 * SPEC §4's locker dialog, as a native modal dialog (focus kept inside, Escape closes it): a search by
 * locality or postal code (400 ms after the last keystroke, SPEC §9) and the lockers found as buttons.
 * Picking one answers it; closing without a choice answers null, which clears the choice (SPEC §4).
 * `m-auto` centres it again: the CSS reset removes the browser's own centring margin.
 */
export function LockerDialog({ open, onClose }: { open: boolean; onClose: (locker: GlsLocker | null) => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [lockers, setLockers] = useState<GlsLocker[] | null>(null);
  const picked = useRef<GlsLocker | null>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      picked.current = null;
      element.showModal();
      // The dialog opens on its search.
      search.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchLockers(query, controller.signal)
        .then(setLockers)
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Locker search failed', err);
          setLockers([]);
        });
    }, TYPEAHEAD_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query]);

  const pick = (locker: GlsLocker) => {
    picked.current = locker;
    dialog.current?.close();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={() => onClose(picked.current)}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg border border-line bg-white p-0 shadow-xl backdrop:bg-ink/50"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 id={titleId} className="font-serif text-xl font-bold">
          {t('checkout.locker.dialogTitle')}
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="rounded px-3 py-1 font-semibold text-brand underline"
        >
          {t('checkout.locker.close')}
        </button>
      </div>
      <div className="p-4">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {t('checkout.locker.search')}
        </label>
        <input
          id={searchId}
          ref={search}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            // A search field eats the first Escape to empty itself, so Escape would not close the dialog
            // (SPEC §4); and Enter would submit the checkout form around the dialog.
            if (e.key === 'Escape') {
              e.preventDefault();
              dialog.current?.close();
            }
            if (e.key === 'Enter') e.preventDefault();
          }}
          autoComplete="off"
          className="mt-1 w-full rounded border border-muted px-3 py-2"
        />
        <p role="status" className="mt-2 text-sm text-muted">
          {lockers === null
            ? ''
            : lockers.length === 0
              ? t('checkout.locker.noResults')
              : t('checkout.locker.results', { count: lockers.length })}
        </p>
        <ul className="mt-2 max-h-[50vh] space-y-2 overflow-y-auto">
          {(lockers ?? []).map((locker) => (
            <li key={locker.locker_id}>
              <button
                type="button"
                onClick={() => pick(locker)}
                className="w-full rounded border border-line px-3 py-2 text-left hover:border-brand focus-visible:border-brand"
              >
                <span className="block font-semibold">{locker.location_name}</span>
                <span className="block text-sm text-muted">{lockerAddress(locker)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </dialog>
  );
}
