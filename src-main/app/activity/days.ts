// Day keys in the zone the app syncs in, and a counter's day totals as dense columns (README.md, Activity).
import { dayKeyIn, isDateKey } from '../../../src-shared/time/calendar';
import { createZoneCache } from '../../../src-shared/time/zone-cache';

/** A quarter of an hour: every zone's offset is a whole number of them, so no local day changes inside one. */
const SLOT_MS = 15 * 60_000;
const SLOTS_PER_ZONE = 10_000;
/** The day of each 15-minute slot, per zone: one Intl call is 3–40 µs, and every total recounts days. */
const slotDays = createZoneCache(() => new Map<number, string>(), 4);

/** In a zone main accepted (settings' or the system's). */
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

/** The first instant of `day` at or after `hour`:00; a search, so a DST change that day moves it. */
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

/** A clock outside these is wrong: what it stamped means nothing. */
const EARLIEST_AT = Date.UTC(2000, 0, 1);
const LATEST_AT = Date.UTC(2200, 0, 1);
// Their local days in every zone: 2000-01-01 00:00 UTC is still 1999 in New York.
export const FIRST_DAY = '1999-12-31';
export const LAST_DAY = '2200-01-01';

export const isRecordedAt = (at: unknown): at is number => typeof at === 'number' && Number.isSafeInteger(at) && at >= EARLIEST_AT && at < LATEST_AT;
export const isRecordedDay = (key: unknown): key is string => isDateKey(key) && key >= FIRST_DAY && key <= LAST_DAY;

/** Days of totals a counter keeps (and a file may hold). */
export const DAYS_KEPT = 400;

export interface DayTotal {
  you: number;
  others: number;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Counted on the calendar: no Date per day (a year of 100 counters is 36,500 keys at launch). */
export function consecutiveDays(from: string, count: number): string[] {
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  let day = Number(from.slice(8, 10));
  const keys = new Array<string>(count);
  for (let i = 0; i < count; i += 1) {
    keys[i] = `${year}-${pad(month)}-${pad(day)}`;
    const leap = month === 2 && (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
    if (day < (MONTH_DAYS[month - 1] as number) + (leap ? 1 : 0)) day += 1;
    else if (month < 12) [month, day] = [month + 1, 1];
    else [year, month, day] = [year + 1, 1, 1];
  }
  return keys;
}

/** From `from` on, one entry a day; `others` absent when all 0. */
export interface DayColumns {
  from: string;
  you: number[];
  others?: number[];
}

const DAY_MS = 86_400_000;
const dayNumber = (key: string): number => Math.round(Date.parse(`${key}T00:00:00Z`) / DAY_MS);
const keyOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** One counter's day totals as two dense columns, read like a Map of day keys; a day both hold 0 for is absent. */
export class DayTotals {
  /** Days since 1970-01-01 of index 0. */
  private first = 0;
  private you: number[] = [];
  private others: number[] = [];

  static fromColumns(columns: DayColumns): DayTotals {
    const days = new DayTotals();
    days.first = dayNumber(columns.from);
    days.you = columns.you;
    days.others = columns.others ?? new Array<number>(columns.you.length).fill(0);
    return days;
  }

  static fromEntries(entries: Iterable<readonly [string, DayTotal]>): DayTotals {
    const days = new DayTotals();
    for (const [key, total] of entries) days.add(key, total);
    return days;
  }

  get(key: string): DayTotal | undefined {
    const i = dayNumber(key) - this.first;
    if (!(i >= 0 && i < this.you.length)) return undefined;
    const you = this.you[i] as number;
    const others = this.others[i] as number;
    return you === 0 && others === 0 ? undefined : { you, others };
  }

  add(key: string, total: DayTotal): void {
    const day = dayNumber(key);
    if (this.you.length === 0) this.first = day;
    if (day < this.first) {
      const zeros = new Array<number>(this.first - day).fill(0);
      this.you = [...zeros, ...this.you];
      this.others = [...zeros, ...this.others];
      this.first = day;
    }
    const i = day - this.first;
    while (this.you.length <= i) {
      this.you.push(0);
      this.others.push(0);
    }
    this.you[i] = (this.you[i] as number) + total.you;
    this.others[i] = (this.others[i] as number) + total.others;
  }

  /** True when a change went with them. */
  keepFrom(from: string): boolean {
    const start = Math.min(this.you.length, Math.max(0, dayNumber(from) - this.first));
    if (start === 0) return false;
    let lost = false;
    for (let i = 0; i < start && !lost; i += 1) lost = this.you[i] !== 0 || this.others[i] !== 0;
    this.you = this.you.slice(start);
    this.others = this.others.slice(start);
    this.first += start;
    return lost;
  }

  get isEmpty(): boolean {
    return !this.you.some((you, i) => you !== 0 || this.others[i] !== 0);
  }

  *[Symbol.iterator](): IterableIterator<[string, DayTotal]> {
    yield* this.between(keyOf(this.first), keyOf(this.first + this.you.length - 1));
  }

  *keys(): IterableIterator<string> {
    for (const [key] of this) yield key;
  }

  *between(from: string, until: string): IterableIterator<[string, DayTotal]> {
    const start = Math.max(0, dayNumber(from) - this.first);
    const end = Math.min(this.you.length, dayNumber(until) - this.first + 1);
    if (end <= start) return;
    const keys = consecutiveDays(keyOf(this.first + start), end - start);
    for (let i = start; i < end; i += 1) {
      const you = this.you[i] as number;
      const others = this.others[i] as number;
      if (you !== 0 || others !== 0) yield [keys[i - start] as string, { you, others }];
    }
  }

  span(): { first: string; last: string } | null {
    const columns = this.toColumns();
    return columns ? { first: columns.from, last: keyOf(dayNumber(columns.from) + columns.you.length - 1) } : null;
  }

  /** From the first day with a change to the last, at most the newest DAYS_KEPT. */
  toColumns(): DayColumns | null {
    const changed = (i: number) => this.you[i] !== 0 || this.others[i] !== 0;
    let start = 0;
    let end = this.you.length;
    while (start < end && !changed(start)) start += 1;
    while (end > start && !changed(end - 1)) end -= 1;
    if (start === end) return null;
    start = Math.max(start, end - DAYS_KEPT);
    const others = this.others.slice(start, end);
    const from = keyOf(this.first + start);
    return others.some((n) => n !== 0) ? { from, you: this.you.slice(start, end), others } : { from, you: this.you.slice(start, end) };
  }
}
