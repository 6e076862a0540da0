import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/i18n';

export type ToastTone = 'success' | 'error';
interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

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

/** The one way to show a toast: a short message announced politely, gone after 4 s. */
export function showToast(text: string, tone: ToastTone): void {
  const id = nextId++;
  emit([...toasts.slice(-2), { id, text, tone }]);
  setTimeout(() => dismiss(id), SHOW_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear; rendered once by the root layout, always present so that screen readers hear them. */
export function Toaster() {
  const t = useT();
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NONE,
  );
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-end gap-2 sm:left-auto"
    >
      {current.map((toast) => (
        <p
          key={toast.id}
          className={`pointer-events-auto flex max-w-sm items-start gap-3 rounded px-4 py-3 text-sm text-white shadow-lg ${
            toast.tone === 'success' ? 'bg-leaf' : 'bg-brand'
          }`}
        >
          <span>{toast.text}</span>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            className="-my-1 rounded px-1 text-lg leading-none hover:bg-white/20"
            aria-label={t('toast.close')}
          >
            ×
          </button>
        </p>
      ))}
    </div>
  );
}
