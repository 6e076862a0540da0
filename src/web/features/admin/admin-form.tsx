import type { ReactNode } from 'react';

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
