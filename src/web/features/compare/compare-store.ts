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

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === COMPARE_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The compare list, following this tab and the others; empty on the server. */
export function useCompareList(): CompareItem[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/** Adds the product, or removes it when it is already listed (SPEC §4). */
export function toggleCompareItem(item: CompareItem): 'added' | 'removed' {
  const { list, action } = toggleCompare(read(), item);
  write(list);
  return action;
}

export function removeCompareItems(ids: number[]): void {
  write(read().filter((p) => !ids.includes(p.id)));
}
