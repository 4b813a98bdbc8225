// The answers the day tests expect, worked out by Temporal (the proposal's reference polyfill),
// never by src-shared/time/calendar.ts: which date a zone's wall clock shows, when a day starts
// there, how many days lie between two dates. Zones picked for their hard days.
import { Temporal } from '@js-temporal/polyfill';

/**
 * A 23- and a 25-hour day (Europe/Berlin), a DST change at midnight (America/Santiago, Asia/Beirut:
 * that day starts at 01:00), a 30-minute DST (Australia/Lord_Howe), +05:45 (Asia/Kathmandu),
 * +13:45 (Pacific/Chatham), the first zone past the date line (Pacific/Kiritimati), and UTC.
 */
export const HARD_ZONES = ['Europe/Berlin', 'America/Santiago', 'Asia/Beirut', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Kiritimati', 'UTC'] as const;

export const HOUR = 3_600_000;

/** The date (YYYY-MM-DD) the wall clock in `zone` shows at `at`. */
export function dateIn(zone: string, at: number): string {
  return Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).toPlainDate().toString();
}

/** The first instant of `date` in `zone` (01:00 where a DST jump swallowed midnight). */
export function startOfDay(zone: string, date: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).startOfDay().epochMilliseconds;
}

/** The first instant of the day after the one `at` falls on in `zone`. */
export function nextStartOfDay(zone: string, at: number): number {
  return startOfDay(zone, Temporal.PlainDate.from(dateIn(zone, at)).add({ days: 1 }).toString());
}

/** The instant a wall clock in `zone` shows `local` (YYYY-MM-DDTHH:mm; the earlier one where it shows twice). */
export function instantAt(zone: string, local: string): number {
  return Temporal.PlainDateTime.from(local).toZonedDateTime(zone).epochMilliseconds;
}

/** Calendar days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysFromTo(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days;
}

/** The length of a wall-clock step, in ms, as `zone`'s calendar reckons it from `at` (a year from 29 February ends on 28 February). */
export function stepLength(zone: string, at: number, step: { minutes?: number; hours?: number; days?: number; weeks?: number; years?: number }): number {
  const from = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
  return from.add(step).epochMilliseconds - at;
}

/** The ISO week `date` (YYYY-MM-DD) falls in: its week-numbering year, week and weekday (1 = Monday … 7 = Sunday). */
export function isoWeekOf(date: string): { year: number; week: number; weekday: number } {
  const day = Temporal.PlainDate.from(date);
  return { year: day.yearOfWeek ?? Number.NaN, week: day.weekOfYear ?? Number.NaN, weekday: day.dayOfWeek };
}
