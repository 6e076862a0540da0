import { useT } from '../i18n/i18n';

export type ToastTone = 'success' | 'error';
export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

/** The toasts on screen, each with its close button (ui/toasts.tsx loads this with the first toast). */
export function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const t = useT();
  return toasts.map((toast) => (
    <p
      key={toast.id}
      className={`pointer-events-auto flex max-w-sm items-start gap-3 rounded px-4 py-3 text-sm text-white shadow-lg ${
        toast.tone === 'success' ? 'bg-leaf' : 'bg-brand'
      }`}
    >
      <span>{toast.text}</span>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-my-1 rounded px-1 text-lg leading-none hover:bg-white/20"
        aria-label={t('toast.close')}
      >
        ×
      </button>
    </p>
  ));
}
