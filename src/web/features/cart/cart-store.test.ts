import { describe, expect, it, vi } from 'vitest';
import type { CartLineView } from '../../../contracts/cart';
import { cartStore, closeAddedLine, setCartCount, showAddedLine } from './cart-store';

/**
 * `useSyncExternalStore` re-renders its readers synchronously whenever the snapshot is a new object, and compares
 * the browser's first snapshot with the server's right after hydration: a new object where nothing changed costs
 * a synchronous render of the header in the page's first effects (docs/PERFORMANCE.md, sixteenth session).
 */
describe('the cart store of the header', () => {
  it('starts from the server snapshot itself, so hydration finds nothing to re-render', () => {
    expect(cartStore.snapshot()).toBe(cartStore.serverSnapshot());
  });

  it('keeps its snapshot and tells no reader when a change changes nothing', () => {
    const listener = vi.fn();
    const unsubscribe = cartStore.subscribe(listener);
    const before = cartStore.snapshot();
    closeAddedLine();
    expect(cartStore.snapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();

    setCartCount(3);
    expect(cartStore.snapshot()).not.toBe(before);
    expect(cartStore.snapshot().count).toBe(3);
    expect(listener).toHaveBeenCalledTimes(1);

    const counted = cartStore.snapshot();
    setCartCount(3);
    expect(cartStore.snapshot()).toBe(counted);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('shows an added line with the new count, and closing it changes only the line', () => {
    const line = { productId: 7, title: 'Biblia', quantity: 1 } as unknown as CartLineView;
    showAddedLine(line, 4);
    expect(cartStore.snapshot()).toMatchObject({ added: line, count: 4 });
    closeAddedLine();
    expect(cartStore.snapshot()).toEqual({ added: null, count: 4 });
    expect(cartStore.serverSnapshot()).toEqual({ added: null, count: null });
  });
});
