import type { ComponentProps, ReactNode } from 'react';

type Tone = 'light' | 'dark';

const selectClass: Record<Tone, string> = {
  // Borders darker than `line` so the control's edge meets WCAG 1.4.11's 3:1 against its background.
  light: 'rounded border border-muted bg-white px-2 py-1.5 text-sm font-normal text-ink',
  dark: 'rounded border border-white/70 bg-brand-dark px-1 py-0.5 text-sm text-white',
};

/**
 * The one select of the shop: a native `<select>` (keyboard, phone pickers and forms without JavaScript
 * for free) with a visible label tied to it, a contrasting border and the shop's focus ring (app.css `:focus-visible`).
 * `stacked` puts the label above the control (forms), otherwise beside it (toolbars).
 */
export function Select({
  id,
  label,
  tone = 'light',
  stacked = false,
  labelClassName = 'text-sm',
  children,
  ...props
}: Omit<ComponentProps<'select'>, 'id' | 'className'> & {
  id: string;
  label: ReactNode;
  tone?: Tone;
  stacked?: boolean;
  labelClassName?: string;
}) {
  return (
    <span className={stacked ? 'flex flex-col gap-1' : 'inline-flex items-center gap-2'}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} className={selectClass[tone]} {...props}>
        {children}
      </select>
    </span>
  );
}
