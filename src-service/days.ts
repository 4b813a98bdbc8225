// FromDate/ToDate values are whole calendar days in the requested IANA zone (§2.4).
// We never add 24 h to timestamps (DST days have 23 or 25 hours): we take the local
// calendar date of `now` in the zone and subtract calendar dates.
import { createZoneCache } from '../src-shared/time/zone-cache';

const MS_PER_DAY = 86_400_000;
/** Bounded and keyed by the canonical zone: every request names a zone, in any spelling (issue 23). */
export const dayFormatters = createZoneCache((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
const formatterFor = (timeZone: string): Intl.DateTimeFormat | undefined => dayFormatters.get(timeZone);

/** True for a zone name Intl accepts (IANA names and aliases such as `UTC`). */
export function isKnownTimeZone(timeZone: string): boolean {
  return timeZone.length > 0 && formatterFor(timeZone) !== undefined;
}

/** The calendar date (YYYY-MM-DD) that a wall clock in `timeZone` shows at `epochMs`. */
export function localDate(epochMs: number, timeZone: string): string {
  const f = formatterFor(timeZone);
  if (!f) throw new RangeError(`Unknown time zone ${timeZone}`);
  const parts = f.formatToParts(new Date(epochMs));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Math.round(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / MS_PER_DAY);
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export type DayRule = 'signed' | 'clamped';

/** FromDate value: days since startDate, in the zone's calendar. */
export function pastDays(startDate: string, epochMs: number, timeZone: string, rule: DayRule): number {
  return applyRule(daysBetween(startDate, localDate(epochMs, timeZone)), rule);
}

/** ToDate value: days until endDate, in the zone's calendar. */
export function remainingDays(endDate: string, epochMs: number, timeZone: string, rule: DayRule): number {
  return applyRule(daysBetween(localDate(epochMs, timeZone), endDate), rule);
}

function applyRule(days: number, rule: DayRule): number {
  return rule === 'clamped' ? Math.max(0, days) : days;
}
