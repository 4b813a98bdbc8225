// When does the next local day start in an IANA zone? Day counts (FromDate/ToDate) move
// then; day-rollover.ts recomputes them locally. The calendar itself (day keys, the
// midnight search, zone validity) is src-shared/time/calendar.ts, shared with the app,
// the reference service and the popup.
import { dayFormatters, dayKeyIn } from '../../src-shared/time/calendar';

export { isKnownZone as isValidTimeZone, nextLocalMidnight, systemTimeZone } from '../../src-shared/time/calendar';

/** The calendar's per-zone formatters (bounded, keyed by the canonical zone: the zone comes from settings). */
export const midnightFormatters = dayFormatters;

/** The local calendar date of `instant` in `timeZone` as a sortable number yyyymmdd. */
export function localDateKey(timeZone: string, instant: number): number {
  return Number(dayKeyIn(timeZone, instant).replaceAll('-', ''));
}
