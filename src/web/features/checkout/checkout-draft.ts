import type { GlsLocker } from '../../../contracts/shipping';

const DRAFT_KEY = 'checkout_draft';
/** A draft older than this is a different shopping trip. */
const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** Not kept: the form's one-time key and total, and consent, which is asked again each time. */
const NOT_KEPT = new Set(['idempotency_key', 'expected_total', 'terms', 'intent']);

/**
 * SPEC §4's checkout draft: what the shopper filled in (addresses chosen or typed, carrier, pickup point,
 * payment, donation, coupon) and the locker, kept in this browser only, restored on return and removed by
 * an order (the order-registered page) — never sent anywhere until the form is.
 */
export interface CheckoutDraft {
  fields: Record<string, string>;
  locker: GlsLocker | null;
  savedAt: number;
}

/** The form as it is now, as a draft. */
export function draftOf(form: HTMLFormElement, locker: GlsLocker | null): CheckoutDraft {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && !NOT_KEPT.has(name)) fields[name] = value;
  }
  return { fields, locker, savedAt: Date.now() };
}

export function saveDraft(draft: CheckoutDraft): void {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the page works without a draft.
  }
}

export function readDraft(): CheckoutDraft | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<CheckoutDraft>;
    if (typeof draft.savedAt !== 'number' || Date.now() - draft.savedAt > DRAFT_MAX_AGE_MS) return null;
    if (typeof draft.fields !== 'object' || draft.fields === null) return null;
    const fields = Object.fromEntries(Object.entries(draft.fields).filter(([, v]) => typeof v === 'string'));
    return { fields, locker: draft.locker ?? null, savedAt: draft.savedAt };
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** The flat names of a form (`billing.city`) as the nested values Conform starts from. */
export function nestFields(flat: Record<string, string>): Record<string, unknown> {
  const nested: Record<string, Record<string, string> | string> = {};
  for (const [name, value] of Object.entries(flat)) {
    const [head, tail] = name.split('.', 2);
    if (tail === undefined) nested[head] = value;
    else {
      const group = nested[head];
      nested[head] = { ...(typeof group === 'object' ? group : {}), [tail]: value };
    }
  }
  return nested;
}
