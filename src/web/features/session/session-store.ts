import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import type { SessionSummary } from '../../../contracts/accounts';

/**
 * The visitor's session as the header shows it, from `GET /api/session` (issue 9 item 10): public pages
 * are cached for everyone, so their HTML never says who is looking (decision 005). Asked for once per
 * page load, and again after every form post (a login, a logout, a cart change), through `refreshSession`.
 * null until the first answer arrives (and on the server).
 */
let current: SessionSummary | null = null;
let started = false;
const listeners = new Set<() => void>();

function isSummary(value: unknown): value is SessionSummary {
  return typeof value === 'object' && value !== null && 'client' in value;
}

/** Asks the server again; the cart's counter (issue 10) calls it after changing the cart too. */
export async function refreshSession(): Promise<void> {
  started = true;
  try {
    const res = await fetch('/api/session', { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) return;
    const body: unknown = await res.json();
    if (!isSummary(body)) return;
    current = body;
    for (const listener of listeners) listener();
  } catch {
    // Offline or the server is restarting: the header keeps what it showed; the next page load asks again.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session summary, loaded on first use in the browser and refreshed after each form post. */
export function useSession(): SessionSummary | null {
  const navigation = useNavigation();
  const posted = useRef(false);
  useEffect(() => {
    if (!started) void refreshSession();
  }, []);
  useEffect(() => {
    // A post (login, logout, add to cart…) ends with the router idle again: the session may have changed.
    if (navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() !== 'GET') posted.current = true;
    if (navigation.state === 'idle' && posted.current) {
      posted.current = false;
      void refreshSession();
    }
  }, [navigation.state, navigation.formMethod]);
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
