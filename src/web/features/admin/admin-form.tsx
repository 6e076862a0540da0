import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';

/** The heading of an admin page: its one h1. */
export function AdminTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-6 font-serif text-3xl font-bold">{children}</h1>;
}

/** The narrow card of the sign-in, password and TOTP pages. */
export function AdminCard({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-lg rounded-lg border border-line bg-white p-6 shadow-sm sm:p-8">{children}</div>;
}

export const smallButtonClass =
  'rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand hover:text-white';

/** A field of an admin filter form. */
export const adminFieldClass = 'mt-1 block w-full rounded border border-muted bg-white px-2 py-1.5';

/**
 * The end of a list's filter form: the date range (Bucharest days, inclusive), then apply and a reset that is
 * a link to the unfiltered list.
 */
export function DateRangeAndActions({ from, to, resetTo }: { from?: string; to?: string; resetTo: string }) {
  const t = useT();
  return (
    <>
      <label className="text-sm font-semibold">
        {t('admin.audit.from')}
        <input type="date" name="from" defaultValue={from} className={adminFieldClass} />
      </label>
      <label className="text-sm font-semibold">
        {t('admin.audit.to')}
        <input type="date" name="to" defaultValue={to} className={adminFieldClass} />
      </label>
      <FilterActions resetTo={resetTo} />
    </>
  );
}

/** The end of every list's filter form: apply, and a reset that is a link to the unfiltered list. */
export function FilterActions({ resetTo }: { resetTo: string }) {
  const t = useT();
  return (
    <div className="flex items-end gap-2">
      <button type="submit" className={smallButtonClass}>
        {t('admin.audit.apply')}
      </button>
      <Link discover="none" to={resetTo} className="px-2 py-1.5 text-sm text-brand underline">
        {t('admin.audit.reset')}
      </Link>
    </div>
  );
}

/**
 * A list field's rows (Conform's getFieldList). The rows of an answered post are what was posted; a forged post
 * whose value at that name is not a list would make Conform throw while rendering: it shows no rows instead.
 */
export function fieldRows<Row>(field: { getFieldList(): Row[] }): Row[] {
  try {
    return field.getFieldList();
  } catch {
    return [];
  }
}

/**
 * A list row's React key. Conform gives none to a row that a post inserted when the server renders its answer (the
 * add buttons work without JavaScript), so that row takes its place in the list; the browser renders the same
 * answer with the same keys.
 */
export function rowKey(row: { key?: string }, index: number): string {
  return row.key ?? `row-${index}`;
}
