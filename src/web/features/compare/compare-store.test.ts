import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPARE_STORAGE_KEY } from '../../../contracts/compare';
import { subscribeToCompareList } from './compare-store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the compare list’s readers', () => {
  it('share one pair of window listeners, the storage one added in a task of its own, removed with the last reader', () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    vi.stubGlobal('window', target);

    const readers = Array.from({ length: 24 }, () => vi.fn());
    const unsubscribes = readers.map((reader) => subscribeToCompareList(reader));
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith('compare-change', expect.any(Function));
    vi.runAllTimers();
    expect(add).toHaveBeenCalledTimes(2);
    expect(add).toHaveBeenLastCalledWith('storage', expect.any(Function));
    // Once listening, the readers read the list again: another tab may have changed it meanwhile.
    for (const reader of readers) expect(reader).toHaveBeenCalledTimes(1);

    const storage = Object.assign(new Event('storage'), { key: COMPARE_STORAGE_KEY });
    target.dispatchEvent(storage);
    for (const reader of readers) expect(reader).toHaveBeenCalledTimes(2);
    // Another key of the storage is not the list.
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'something-else' }));
    for (const reader of readers) expect(reader).toHaveBeenCalledTimes(2);

    for (const unsubscribe of unsubscribes.slice(1)) unsubscribe();
    expect(remove).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('compare-change'));
    expect(readers[0]).toHaveBeenCalledTimes(3);
    expect(readers[1]).toHaveBeenCalledTimes(2);

    unsubscribes[0]?.();
    expect(remove).toHaveBeenCalledTimes(2);
    target.dispatchEvent(new Event('compare-change'));
    expect(readers[0]).toHaveBeenCalledTimes(3);
  });

  it('a reader gone before the storage listener was added leaves no listener behind', () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    vi.stubGlobal('window', target);
    const reader = vi.fn();
    const unsubscribe = subscribeToCompareList(reader);
    unsubscribe();
    vi.runAllTimers();
    expect(add).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('compare-change'));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: COMPARE_STORAGE_KEY }));
    expect(reader).not.toHaveBeenCalled();
  });
});
