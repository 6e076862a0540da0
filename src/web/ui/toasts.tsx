import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { Toast, ToastTone } from './toast-list';

/** The toasts themselves are drawn by code loaded with the first one: a first visit may never show one (issue 14). */
const ToastList = lazy(() => import('./toast-list').then((m) => ({ default: m.ToastList })));

const SHOW_MS = 4000;
const NONE: Toast[] = [];
let toasts: Toast[] = NONE;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: number): void {
  emit(toasts.filter((t) => t.id !== id));
}

/** The one way to show a toast: a short message announced politely, gone after 4 s or at the next page. */
export function showToast(text: string, tone: ToastTone): void {
  const id = nextId++;
  emit([...toasts.slice(-2), { id, text, tone }]);
  setTimeout(() => dismiss(id), SHOW_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The bottom edge of the window: `children` (the cookie banner) stacked above the toasts, so neither covers
 * the other. The banner comes first: when it was shown only after hydration, below the toast list it pushed
 * the list up, a layout shift Lighthouse counted as CLS 0.1; it is now in the server's HTML (decision 027).
 * Rendered once by the root layout; the toast list is always present so that screen readers hear it. A toast
 * is about the page it was shown on, so a navigation clears them all.
 */
export function Toaster({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (toasts.length > 0) emit(NONE);
  }, [pathname]);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col">
      {children}
      <div
        role="status"
        aria-live="polite"
        className={`flex flex-col items-end gap-2 px-4 sm:ml-auto ${current.length > 0 ? 'py-4' : ''}`}
      >
        {current.length > 0 && (
          <Suspense fallback={null}>
            <ToastList toasts={current} onDismiss={dismiss} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
