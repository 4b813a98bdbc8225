// Calendar days in an IANA zone as YYYY-MM-DD keys, zod-free. Day counts are calendar dates, never
// 24-hour steps, so DST days come out right.
import { createZoneCache } from './zone-cache';

const DAY_MS = 86_400_000;

/** The zone is user input (settings, every request's ?timezone=) in any letter case. */
export const dayFormatters = createZoneCache((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** True for a zone name Intl accepts (IANA names, any letter case, and aliases such as `UTC`). */
export function isKnownZone(timeZone: string): boolean {
  return dayFormatters.get(timeZone) !== undefined;
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The date a wall clock in `timeZone` shows at `at`; a RangeError for a zone Intl does not know. */
export function dayKeyIn(timeZone: string, at: number): string {
  const formatter = dayFormatters.get(timeZone);
  if (!formatter) throw new RangeError(`Unknown time zone ${timeZone}`);
  const parts = { year: '', month: '', day: '' };
  for (const part of formatter.formatToParts(at)) if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Midnight UTC of a day key, as epoch ms (NaN for a key that is not a date). */
const utcMidnight = (key: string): number => Date.parse(`${key}T00:00:00Z`);

// Four-digit years, which sort as strings and Intl formats; a day reckoned from a server's date
// (years 0001 to 9999) can fall outside.
const EARLIEST_MS = utcMidnight('0000-01-01');
const LATEST_MS = utcMidnight('9999-12-31');

/** Null when no key names that day (before 0000, after 9999) or `key` is not a date. */
export function moveDay(key: string, days: number): string | null {
  const at = utcMidnight(key) + days * DAY_MS;
  return at >= EARLIEST_MS && at <= LATEST_MS ? new Date(at).toISOString().slice(0, 10) : null;
}

/** For days near today: a RangeError where `moveDay` has no key. */
export function addDays(key: string, days: number): string {
  const moved = moveDay(key, days);
  if (moved === null) throw new RangeError(`No day key ${days} days from ${key}`);
  return moved;
}

/** Negative when `to` is earlier, NaN when either is not a date. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** A real date: V8 reads 2026-02-30 as 2 March, so the day must come back as written. */
export const isDateKey = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = utcMidnight(value);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
};

const SEARCH_SPAN_MS = 50 * 3_600_000; // longer than any local day (25 h) plus any offset jump

/** The first instant after `now` on a later local date: a search, not offset arithmetic, so a day a DST jump starts at 01:00 (America/Santiago) comes out right. */
export function nextLocalMidnight(timeZone: string, now: number): number {
  const today = dayKeyIn(timeZone, now);
  let before = now;
  let after = now + SEARCH_SPAN_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayKeyIn(timeZone, middle) > today) after = middle;
    else before = middle;
  }
  return after;
}
