import type { Language } from './preferences';

/** Dates are stored in UTC and shown in the shop's time zone (DESIGN: Europe/Bucharest on screen). */
export const SHOP_TIME_ZONE = 'Europe/Bucharest';

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string, lang: Language): string {
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ro-RO', { timeZone: SHOP_TIME_ZONE, dateStyle: 'long' });
    formatters.set(lang, f);
  }
  return f.format(new Date(iso));
}

/** The calendar day (YYYY-MM-DD) an instant falls on in Bucharest. */
export function bucharestDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(instant);
}

/** Whole days from `now`'s Bucharest day to `day` (YYYY-MM-DD), never below 0. */
export function daysUntil(day: string, now: Date): number {
  const today = Date.parse(`${bucharestDay(now)}T00:00:00Z`);
  const target = Date.parse(`${day}T00:00:00Z`);
  return Math.max(0, Math.round((target - today) / 86_400_000));
}
