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

// Made once: building an Intl formatter costs far more than using it (it showed in the checkout page's profile).
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE });

/** The calendar day (YYYY-MM-DD) an instant falls on in Bucharest. */
export function bucharestDay(instant: Date): string {
  return DAY.format(instant);
}

/** Whole days from `now`'s Bucharest day to `day` (YYYY-MM-DD), never below 0. */
export function daysUntil(day: string, now: Date): number {
  const today = Date.parse(`${bucharestDay(now)}T00:00:00Z`);
  const target = Date.parse(`${day}T00:00:00Z`);
  return Math.max(0, Math.round((target - today) / 86_400_000));
}

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, weekday: 'short' });

/**
 * The instant `days` working days (Monday to Friday in Bucharest) before `now`: what was made before it has
 * waited longer than that (SPEC §9's 3 working days of a bank transfer's reservation).
 */
export function workingDaysBefore(now: Date, days: number): Date {
  let at = now.getTime();
  let counted = 0;
  while (counted < days) {
    at -= 86_400_000;
    const weekday = WEEKDAY.format(new Date(at));
    if (weekday !== 'Sat' && weekday !== 'Sun') counted += 1;
  }
  return new Date(at);
}

const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, timeZoneName: 'longOffset' });

/** Bucharest's offset from UTC at an instant, in minutes (120 in winter, 180 in summer). */
function bucharestOffsetMinutes(instant: Date): number {
  const name = OFFSET.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant a Bucharest calendar day (YYYY-MM-DD) begins: the lower bound of "today" or "this month". */
export function bucharestDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, then again at the result: exact on both sides of a DST change (at 03:00/04:00).
  const first = midnightUtc - bucharestOffsetMinutes(new Date(midnightUtc)) * 60_000;
  return new Date(midnightUtc - bucharestOffsetMinutes(new Date(first)) * 60_000);
}

/** The instant a Bucharest calendar day (YYYY-MM-DD) ends: the start of the next one (an exclusive bound). */
export function bucharestDayEnd(day: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return bucharestDayStart(next);
}

/**
 * The instant of a Bucharest wall-clock time (`YYYY-MM-DDTHH:MM`, a datetime-local field's value), found as
 * bucharestDayStart finds midnight: the offset at the guess, then again at the result.
 */
export function bucharestLocalInstant(local: string): Date {
  const asUtc = Date.parse(`${local}:00Z`);
  const first = asUtc - bucharestOffsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - bucharestOffsetMinutes(new Date(first)) * 60_000);
}

const LOCAL = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a datetime-local field shows it in Bucharest (`YYYY-MM-DDTHH:MM`). */
export function bucharestLocalInput(instant: Date): string {
  const part = Object.fromEntries(LOCAL.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}
