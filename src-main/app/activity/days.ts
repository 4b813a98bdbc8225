// Calendar days as YYYY-MM-DD keys in the zone the app syncs in (the one the server uses for day
// counters), so "today" means the same day everywhere; what only the activity record needs
// beside src-shared/time/calendar.ts.
import { addDays, dayFormatters as calendarFormatters, dayKeyIn } from '../../../src-shared/time/calendar';
import { createZoneCache } from '../../../src-shared/time/zone-cache';

export const dayFormatters = calendarFormatters;

/** A quarter of an hour: every zone's offset is a whole number of them, so no local day changes inside one. */
const SLOT_MS = 15 * 60_000;
const SLOTS_PER_ZONE = 10_000;
/** The day of each 15-minute slot, per zone: every history, goal check and total recounts days, and one Intl call is 3–40 µs. */
const slotDays = createZoneCache(() => new Map<number, string>(), 4);

/** The local day of an instant in `timezone` (a zone main accepted: settings and the system's). */
export function dayKey(at: number, timezone: string): string {
  const slots = slotDays.get(timezone);
  const slot = Math.floor(at / SLOT_MS);
  const known = slots?.get(slot);
  if (known !== undefined) return known;
  const key = dayKeyIn(timezone, at);
  if (slots) {
    if (slots.size >= SLOTS_PER_ZONE) slots.clear();
    slots.set(slot, key);
  }
  return key;
}

/** The key `days` calendar days before `key` (negative: after). */
export function shiftDay(key: string, days: number): string {
  return addDays(key, -days);
}

/** The `count` day keys ending with `last`, oldest first. */
export function lastDays(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftDay(last, count - 1 - i));
}

const clockFormatters = createZoneCache((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }));

function wallClock(at: number, timezone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const formatter = clockFormatters.get(timezone);
  if (!formatter) throw new RangeError(`Unknown time zone ${timezone}`);
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(at)) if (part.type in parts) parts[part.type as keyof typeof parts] = Number(part.value);
  return parts;
}

/** ISO 8601 with the zone's offset at that instant: 2026-03-29T03:15:00+02:00. */
export function isoInZone(at: number, timezone: string): string {
  const wall = wallClock(at, timezone);
  const seconds = Math.floor(at / 1000) * 1000;
  const offset = Math.round((Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - seconds) / 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const zone = offset === 0 ? 'Z' : `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}${zone}`;
}

/** The first instant of local day `day` at or after `hour`:00 in `timezone`; a search, so a DST change that day moves it. */
export function localInstant(day: string, hour: number, timezone: string): number {
  const wanted = Number(day.replaceAll('-', '')) * 100 + hour;
  const wallKey = (at: number) => {
    const w = wallClock(at, timezone);
    return ((w.year * 100 + w.month) * 100 + w.day) * 100 + w.hour;
  };
  // Every zone's offset lies within ±14 h (plus a day of slack for the date line).
  let before = Date.parse(`${day}T00:00:00Z`) - 38 * 3_600_000;
  let after = before + 100 * 3_600_000;
  while (after - before > 1) {
    const middle = before + Math.floor((after - before) / 2);
    if (wallKey(middle) >= wanted) after = middle;
    else before = middle;
  }
  return after;
}
