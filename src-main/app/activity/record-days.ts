// One counter's net change per local day as two dense columns, the way the file stores them: a
// year of a hundred counters loads as the arrays JSON.parse made, not 36,500 keyed objects.
// Read like a Map of day keys to totals; a day both columns hold 0 for is absent.
import { FILE_LIMITS, consecutiveDays, type DayColumns, type DayTotal } from './record-file';

const DAY_MS = 86_400_000;
const dayNumber = (key: string): number => Math.round(Date.parse(`${key}T00:00:00Z`) / DAY_MS);
const keyOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export class DayTotals {
  /** The day number (days since 1970-01-01) of index 0. */
  private first = 0;
  private you: number[] = [];
  private others: number[] = [];

  /** Columns the file's schema checked, taken as they are. */
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

  /** Forgets the days before `from`; true when a change went with them. */
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
    const keys = consecutiveDays(keyOf(this.first), this.you.length);
    for (let i = 0; i < keys.length; i += 1) {
      const you = this.you[i] as number;
      const others = this.others[i] as number;
      if (you !== 0 || others !== 0) yield [keys[i] as string, { you, others }];
    }
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

  /** The columns for the file: from the first day with a change to the last, at most the newest FILE_LIMITS.days. */
  toColumns(): DayColumns | null {
    const changed = (i: number) => this.you[i] !== 0 || this.others[i] !== 0;
    let start = 0;
    let end = this.you.length;
    while (start < end && !changed(start)) start += 1;
    while (end > start && !changed(end - 1)) end -= 1;
    if (start === end) return null;
    start = Math.max(start, end - FILE_LIMITS.days);
    const others = this.others.slice(start, end);
    const from = keyOf(this.first + start);
    return others.some((n) => n !== 0) ? { from, you: this.you.slice(start, end), others } : { from, you: this.you.slice(start, end) };
  }
}
