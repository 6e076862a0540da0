import { useSyncExternalStore } from 'react';
import { COMPARE_STORAGE_KEY, type CompareItem, parseCompareList, toggleCompare } from '../../../contracts/compare';

const CHANGE_EVENT = 'compare-change';
const EMPTY: CompareItem[] = [];
let cached: { raw: string | null; list: CompareItem[] } = { raw: null, list: EMPTY };

function read(): CompareItem[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode, policies): the list is then empty.
  }
  if (raw !== cached.raw) cached = { raw, list: parseCompareList(raw) };
  return cached.list;
}

function write(list: CompareItem[]): void {
  try {
    localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Without storage the list cannot be kept; the toast still tells what was attempted.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const onStorage = (e: StorageEvent) => {
  if (e.key === null || e.key === COMPARE_STORAGE_KEY) notify();
};

let storageListenerTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * One pair of window listeners for every reader: a page of product cards has a compare button on each, and
 * adding two listeners per card was a measurable part of the first effects after hydration. The `storage` one is
 * added in a task of its own: Chromium's first `storage` listener of a page is a synchronous call to the browser
 * process, 12–16 ms on our 2-core hosts, which inside hydration's effects lengthened its longest task (issue 14).
 * The readers read the list again then, in case another tab changed it meanwhile.
 */
function subscribe(onChange: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener(CHANGE_EVENT, notify);
    storageListenerTimer = setTimeout(() => {
      window.addEventListener('storage', onStorage);
      notify();
    }, 0);
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size > 0) return;
    clearTimeout(storageListenerTimer);
    window.removeEventListener(CHANGE_EVENT, notify);
    window.removeEventListener('storage', onStorage);
  };
}

/** The compare list, following this tab and the others; empty on the server. */
export function useCompareList(): CompareItem[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/** How a reader follows the list (the hook's subscription, for its test). */
export const subscribeToCompareList = subscribe;

/** Adds the product, or removes it when it is already listed (SPEC §4). */
export function toggleCompareItem(item: CompareItem): 'added' | 'removed' {
  const { list, action } = toggleCompare(read(), item);
  write(list);
  return action;
}

export function removeCompareItems(ids: number[]): void {
  write(read().filter((p) => !ids.includes(p.id)));
}
