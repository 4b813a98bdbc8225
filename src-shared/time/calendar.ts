// Calendar days in an IANA zone as YYYY-MM-DD keys, for the core, the app, the reference service and the
// popup alike (pure and zod-free). Day counts are calendar dates, never 24-hour steps, so 23- and 25-hour
// DST days come out right.
import { canonicalZone, createZoneCache } from './zone-cache';

export { canonicalZone };

const DAY_MS = 86_400_000;

/**
 * Formatters for a zone's local date, bounded and keyed by the canonical zone: the zone is
 * user input (settings, every request's ?timezone=) in any letter case.
 */
export const dayFormatters = createZoneCache((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** True for a zone name Intl accepts (IANA names, any letter case, and aliases such as `UTC`). */
export function isKnownZone(timeZone: string): boolean {
  return dayFormatters.get(timeZone) !== undefined;
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The calendar date (YYYY-MM-DD) a wall clock in `timeZone` shows at `at`; a RangeError for a zone Intl does not know. */
export function dayKeyIn(timeZone: string, at: number): string {
  const formatter = dayFormatters.get(timeZone);
  if (!formatter) throw new RangeError(`Unknown time zone ${timeZone}`);
  const parts = { year: '', month: '', day: '' };
  for (const part of formatter.formatToParts(at)) if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Midnight UTC of a day key, as epoch ms (NaN for a key that is not a date). */
const utcMidnight = (key: string): number => Date.parse(`${key}T00:00:00Z`);

// The days a key names: four-digit years, which sort as strings and which Intl formats. A
// server's date may be any of them (the API's dates are years 0001 to 9999), and a day
// reckoned from it can fall outside.
const EARLIEST_MS = utcMidnight('0000-01-01');
const LATEST_MS = utcMidnight('9999-12-31');

/** `key` moved by `days` calendar days (negative: earlier); null when no key names that day (before year 0000, after 9999) or `key` is not a date. */
export function moveDay(key: string, days: number): string | null {
  const at = utcMidnight(key) + days * DAY_MS;
  return at >= EARLIEST_MS && at <= LATEST_MS ? new Date(at).toISOString().slice(0, 10) : null;
}

/** `key` moved by `days` calendar days, for days near today (records, ranges, periods); a RangeError where `moveDay` has no key. */
export function addDays(key: string, days: number): string {
  const moved = moveDay(key, days);
  if (moved === null) throw new RangeError(`No day key ${days} days from ${key}`);
  return moved;
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier, NaN when either is not a date. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** A YYYY-MM-DD key naming a real date (V8 reads 2026-02-30 as 2 March: the day must come back as written). */
export const isDateKey = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = utcMidnight(value);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
};

const SEARCH_SPAN_MS = 50 * 3_600_000; // longer than any local day (25 h) plus any offset jump

/**
 * Epoch ms of the first instant after `now` that falls on a later local date in `timeZone`.
 * A search, not offset arithmetic: Intl knows the zone's rules, and a day that starts at
 * 01:00 because a DST jump swallowed midnight (America/Santiago, Asia/Beirut) comes out right.
 */
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
