// Calendar days in the user's time zone, as YYYY-MM-DD keys. Day totals and "today" use
// the zone the app syncs in (Settings → time zone, else the system's), the same one the
// server uses for day counters, so "today" means the same day everywhere in the app.
import { createZoneCache } from '../../../src-shared/time/zone-cache';

// en-CA formats as YYYY-MM-DD. Bounded and keyed by the canonical zone (the setting is user input).
export const dayFormatters = createZoneCache((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** The local day of an instant in `timezone` (a zone main accepted: settings and the system's). */
export function dayKey(at: number, timezone: string): string {
  const formatter = dayFormatters.get(timezone);
  if (!formatter) throw new RangeError(`Unknown time zone ${timezone}`);
  return formatter.format(at);
}

/** The key `days` calendar days before `key` (negative: after). Pure date arithmetic, no zone. */
export function shiftDay(key: string, days: number): string {
  const date = new Date(`${key}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The `count` day keys ending with `last`, oldest first. */
export function lastDays(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => shiftDay(last, count - 1 - i));
}
