// Calendar days in the user's time zone, as YYYY-MM-DD keys. Day totals and "today" use
// the zone the app syncs in (Settings → time zone, else the system's), the same one the
// server uses for day counters, so "today" means the same day everywhere in the app.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The local day of an instant in `timezone`. */
export function dayKey(at: number, timezone: string): string {
  return formatterFor(timezone).format(at);
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
