import { useEffect, useSyncExternalStore } from 'react';
import type { CartLineView } from '../../../contracts/cart';
import { useSession } from '../session/session-store';

/**
 * The header's cart counter and the "added to cart" panel, in the browser only. Public pages are served from
 * the HTML cache to everyone (decision 005), so their HTML never holds the count: it comes from one small
 * JSON call after hydration (`GET /api/session`) and from the answer of each cart action.
 */
interface CartState {
  /** Pieces in the cart; null until the session call answered. */
  count: number | null;
  /** The line just added, shown by the panel until it is closed. */
  added: CartLineView | null;
}

const SERVER_STATE: CartState = { count: null, added: null };
/** The server's state itself until a change: hydration then finds the same snapshot and re-renders nothing. */
let state: CartState = SERVER_STATE;
const listeners = new Set<() => void>();

/**
 * A new state object only for a real change: the header reads it through `useSyncExternalStore`, which re-renders
 * synchronously for any new object (every page's first effects close the panel, usually already closed).
 */
function emit(next: Partial<CartState>): void {
  if ((Object.keys(next) as (keyof CartState)[]).every((key) => state[key] === next[key])) return;
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The store as `useSyncExternalStore` reads it (and its test). */
export const cartStore = {
  subscribe,
  snapshot: (): CartState => state,
  serverSnapshot: (): CartState => SERVER_STATE,
};

export function useCartState(): CartState {
  return useSyncExternalStore(cartStore.subscribe, cartStore.snapshot, cartStore.serverSnapshot);
}

export function setCartCount(count: number): void {
  emit({ count });
}

export function showAddedLine(line: CartLineView, count: number): void {
  emit({ added: line, count });
}

export function closeAddedLine(): void {
  emit({ added: null });
}

/** Follows the session call (`GET /api/session`, asked once per page load and after each form post). */
export function useSessionCount(): void {
  const session = useSession();
  useEffect(() => {
    if (session) setCartCount(session.cart.count);
  }, [session]);
}
