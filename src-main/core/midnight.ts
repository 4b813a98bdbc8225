// When does the next local day start in an IANA zone? Day counts (FromDate/ToDate)
// move then; day-rollover.ts recomputes them locally. Intl knows the zone rules; we search for the first
// instant whose local date differs, which also handles days that start at 01:00
// because a DST jump swallowed midnight (e.g. America/Santiago, Asia/Beirut).
import { createZoneCache } from '../../src-shared/time/zone-cache';

/** Bounded, keyed by the canonical zone: the zone comes from user input (settings). */
export const midnightFormatters = createZoneCache((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const formatter = midnightFormatters.get(timeZone);
  if (!formatter) throw new RangeError(`Unknown time zone ${timeZone}`);
  return formatter;
}

/** The local calendar date of `instant` in `timeZone` as a sortable number yyyymmdd. */
export function localDateKey(timeZone: string, instant: number): number {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return year * 10_000 + month * 100 + day;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const SEARCH_SPAN_MS = 50 * 3_600_000; // longer than any local day (25 h) plus any offset jump

/** Epoch ms of the first instant after `now` that falls on a later local date. */
export function nextLocalMidnight(timeZone: string, now: number): number {
  const today = localDateKey(timeZone, now);
  let before = now;
  let after = now + SEARCH_SPAN_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (localDateKey(timeZone, middle) > today) after = middle;
    else before = middle;
  }
  return after;
}
