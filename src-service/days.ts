// FromDate/ToDate values are whole calendar days in the requested IANA zone (docs/api.md §2.4).
// We never add 24 h to timestamps (DST days have 23 or 25 hours): we take the local
// calendar date of `now` in the zone and subtract calendar dates (src-shared/time/calendar.ts,
// the app's calendar too).
import { dayKeyIn, daysBetween, isKnownZone } from '../src-shared/time/calendar';

export { dayFormatters } from '../src-shared/time/calendar';

/** True for a zone name Intl accepts (IANA names and aliases such as `UTC`). */
export const isKnownTimeZone = isKnownZone;

/** The calendar date (YYYY-MM-DD) that a wall clock in `timeZone` shows at `epochMs`. */
export function localDate(epochMs: number, timeZone: string): string {
  return dayKeyIn(timeZone, epochMs);
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
