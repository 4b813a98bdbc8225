// The activity record, pure: a day's total is added as each event is appended, so dropping events never
// changes it.
import type { ActivityDetail, ActivityEvent, DayActivity } from '../../../src-shared/domain/activity';
import { addDays } from '../../../src-shared/time/calendar';
import { consecutiveDays, dayKey, DayTotals, isRecordedAt, type DayTotal } from './days';
import { decodeEvent, encodeEvent, FILE_LIMITS, type RecordFile, type RecordFileV2 } from './record-file';

/** Days of totals kept; days events are kept, and events per counter (a dropped event's day total stays). */
interface RecordLimits {
  days: number;
  eventDays: number;
  eventsPerCounter: number;
}

const DEFAULT_LIMITS: RecordLimits = { days: FILE_LIMITS.days, eventDays: 90, eventsPerCounter: FILE_LIMITS.eventsPerCounter };
/** In batches: an append at the cap does not copy the array every time. */
const TRIM_SLACK = 0.25;
const DAY_MS = 86_400_000;
/** Events only (renames, unconfirmed changes): no day moved. */
const NO_DAYS = { from: '2000-01-01', you: [] };

/** Daily totals for the days whose events were dropped, then every kept event. */
export interface ExportLog {
  days: { date: string; you: number; others: number }[];
  events: ActivityEvent[];
}

interface Log {
  events: ActivityEvent[];
  days: DayTotals;
  /** Set once events were dropped: the oldest kept event's time; days up to its day are whole only as stored totals. */
  eventsFrom?: number;
}

/** Its latest event, or the start of its latest day with a total. */
function latestActivity(log: Log): number {
  const lastDay = log.days.span()?.last;
  return Math.max(log.events[log.events.length - 1]?.at ?? 0, lastDay === undefined ? 0 : Date.parse(`${lastDay}T00:00:00Z`));
}

/** Own confirmed changes and value edits are "you", the rest "others". */
export function contribution(event: ActivityEvent): DayTotal {
  switch (event.kind) {
    case 'own':
      // An unconfirmed change may not have landed: listed, never counted.
      return { you: event.outcome === 'applied' ? event.amount : 0, others: 0 };
    case 'others':
    case 'away':
      return { you: 0, others: event.to - event.from };
    case 'edit': {
      const moved = event.fields.includes('value') && event.from !== undefined && event.to !== undefined ? event.to - event.from : 0;
      return event.by === 'you' ? { you: moved, others: 0 } : { you: 0, others: moved };
    }
  }
}

/** Steps only: an edit (a reset to 0 is one) sets a value. Stored day totals hold edits too. */
function stepContribution(event: ActivityEvent): DayTotal {
  return event.kind === 'edit' ? { you: 0, others: 0 } : contribution(event);
}

/** Totals of the days `from` to `until` (included): from the kept events where they cover the day, else the stored totals. */
function dayTotals(log: Log, from: string, until: string, timezone: string, contribute: (event: ActivityEvent) => DayTotal = contribution): Map<string, DayTotal> {
  const partialUntil = log.eventsFrom === undefined ? undefined : dayKey(log.eventsFrom, timezone);
  const totals = new Map<string, DayTotal>();
  for (let i = log.events.length - 1; i >= 0; i -= 1) {
    const event = log.events[i] as ActivityEvent;
    const key = dayKey(event.at, timezone);
    if (key < from || (partialUntil !== undefined && key <= partialUntil)) break;
    if (key > until) continue;
    const add = contribute(event);
    if (add.you === 0 && add.others === 0) continue;
    const day = totals.get(key) ?? { you: 0, others: 0 };
    totals.set(key, { you: day.you + add.you, others: day.others + add.others });
  }
  if (partialUntil !== undefined) {
    for (const [key, total] of log.days.between(from, partialUntil < until ? partialUntil : until)) totals.set(key, total);
  }
  return totals;
}

export class ActivityRecord {
  private readonly logs = new Map<string, Log>();
  /** Days before it were never seen; set at the first compaction. */
  private since: string | undefined;
  /** Callers cache what they derive by it. */
  version = 0;
  /** Read from an older format: write it back in the current one. */
  readonly upgraded: boolean;

  constructor(private readonly limits: RecordLimits = DEFAULT_LIMITS, origin: { since?: string; upgraded?: boolean } = {}) {
    this.since = origin.since;
    this.upgraded = origin.upgraded ?? false;
  }

  /** From either file version (RecordFile parsed it); version 1 is upgraded here. */
  static fromFile(file: RecordFile, limits: RecordLimits = DEFAULT_LIMITS): ActivityRecord {
    if (file.version === 2) {
      const record = new ActivityRecord(limits, file.since === undefined ? {} : { since: file.since });
      for (const [id, log] of Object.entries(file.counters)) {
        const events = log.events.map(decodeEvent).sort((a, b) => a.at - b.at);
        record.logs.set(id, { events, days: DayTotals.fromColumns(log.days), ...(log.eventsFrom === undefined ? {} : { eventsFrom: log.eventsFrom }) });
      }
      return record;
    }
    const record = new ActivityRecord(limits, { upgraded: true });
    for (const [id, log] of Object.entries(file.counters)) {
      // Events are kept in time order; a hand-edited file may not be.
      const events = [...log.events].sort((a, b) => a.at - b.at);
      const days = DayTotals.fromEntries(Object.entries(log.days));
      // Version 1 did not say whether its cap cut a log; a full one may have been.
      const capped = events.length >= limits.eventsPerCounter && events[0] ? { eventsFrom: events[0].at } : {};
      record.logs.set(id, { events, days, ...capped });
    }
    // Version 1 did not say when it began either: no later than the oldest thing it kept.
    record.since = record.earliestDay();
    return record;
  }

  toFile(): RecordFileV2 {
    const counters: RecordFileV2['counters'] = {};
    for (const [id, log] of this.logs) {
      // An append may run over the cap by the trim's slack until the next compaction.
      const over = log.events.length - FILE_LIMITS.eventsPerCounter;
      const events = over > 0 ? log.events.slice(over) : log.events;
      const eventsFrom = over > 0 ? events[0]?.at : log.eventsFrom;
      counters[id] = { days: log.days.toColumns() ?? NO_DAYS, events: events.map(encodeEvent), ...(eventsFrom === undefined ? {} : { eventsFrom }) };
    }
    // Never compacted (no clock yet): the reader works out the day it began as here.
    return { format: 'counter-tray-activity', version: 2, ...(this.since === undefined ? {} : { since: this.since }), counters };
  }

  append(counterId: string, event: ActivityEvent, timezone: string): void {
    // A clock outside the years the record accepts is wrong: its stamp would make the file unreadable.
    if (!isRecordedAt(event.at)) return;
    let log = this.logs.get(counterId);
    if (!log) {
      log = { events: [], days: new DayTotals() };
      this.logs.set(counterId, log);
    }
    const last = log.events[log.events.length - 1];
    if (last && last.at > event.at) {
      // A clock stepped back: keep time order so trimming drops the oldest.
      const index = log.events.findIndex((e) => e.at > event.at);
      log.events.splice(index, 0, event);
    } else log.events.push(event);
    const cap = this.limits.eventsPerCounter;
    if (log.events.length > cap + Math.max(1, Math.floor(cap * TRIM_SLACK))) {
      log.events.splice(0, log.events.length - cap);
      log.eventsFrom = log.events[0]?.at;
    }
    const add = contribution(event);
    if (add.you !== 0 || add.others !== 0) log.days.add(dayKey(event.at, timezone), add);
    this.version += 1;
  }

  /** Drops what is past the limits, counted back from the earlier of now and the counter's newest entry (a clock far off drops nothing); true when anything went. Fixes the day the record began. */
  compact(now: number, timezone: string): boolean {
    // A clock outside those years says nothing about the data.
    const clock = isRecordedAt(now) ? now : undefined;
    let dropped = false;
    let keptFrom: string | undefined;
    for (const [id, log] of this.logs) {
      const newest = latestActivity(log);
      const reference = clock === undefined ? newest : Math.min(clock, newest);
      const oldestDay = addDays(dayKey(reference, timezone), 1 - this.limits.days);
      const oldestAt = reference - this.limits.eventDays * DAY_MS;
      dropped = log.days.keepFrom(oldestDay) || dropped;
      const firstKept = log.events.findIndex((e) => e.at >= oldestAt);
      const cut = Math.max(firstKept === -1 ? log.events.length : firstKept, log.events.length - this.limits.eventsPerCounter);
      if (cut > 0) {
        // Days up to the oldest kept event's: their stored totals answer for them.
        log.eventsFrom = log.events[cut]?.at ?? Math.max(oldestAt, log.events[cut - 1]?.at ?? oldestAt);
        log.events.splice(0, cut);
        dropped = true;
      }
      if (log.events.length === 0 && log.days.isEmpty) this.logs.delete(id);
      else keptFrom = minDay(oldestDay, keptFrom);
    }
    const today = clock === undefined ? undefined : dayKey(clock, timezone);
    const began = this.since ?? (today === undefined ? this.earliestDay() : minDay(today, this.earliestDay()));
    const since = began !== undefined && keptFrom !== undefined && began < keptFrom ? keptFrom : began;
    if (since !== this.since) [this.since, dropped] = [since, true];
    if (this.logs.size > FILE_LIMITS.counters) dropped = this.dropIdle(this.logs.size - FILE_LIMITS.counters) || dropped;
    if (dropped) this.version += 1;
    return dropped;
  }

  /** Towards a smaller file (fittedFile): the older half of every counter's events, or else the tenth of the counters idle longest. */
  shrink(): boolean {
    let dropped = false;
    for (const log of this.logs.values()) {
      const cut = Math.ceil(log.events.length / 2);
      if (cut === 0) continue;
      log.eventsFrom = log.events[cut]?.at ?? (log.events[cut - 1] as ActivityEvent).at;
      log.events.splice(0, cut);
      dropped = true;
    }
    dropped ||= this.dropIdle(Math.ceil(this.logs.size / 10));
    if (dropped) this.version += 1;
    return dropped;
  }

  private dropIdle(count: number): boolean {
    const idle = [...this.logs].sort(([, a], [, b]) => latestActivity(a) - latestActivity(b));
    for (const [id] of idle.slice(0, count)) this.logs.delete(id);
    return count > 0 && idle.length > 0;
  }

  eventCount(counterId: string): number {
    return this.logs.get(counterId)?.events.length ?? 0;
  }

  /** The first day covered, in `timezone`: in a zone other than the one it began in, today or a kept event may fall on the day before. */
  firstDay(now: number, timezone: string): string {
    const began = this.since ?? this.earliestDay();
    const dayBefore = began === undefined ? undefined : addDays(began, -1);
    let first = minDay(dayKey(now, timezone), began);
    for (const log of this.logs.values()) {
      const event = dayBefore === undefined ? log.events[0] : log.events.find((e) => dayKey(e.at, timezone) >= dayBefore);
      if (event) first = minDay(first, dayKey(event.at, timezone));
    }
    return first;
  }

  logOf(counterId: string): Readonly<Log> | undefined {
    return this.logs.get(counterId);
  }

  today(now: number, timezone: string): Record<string, number> {
    const key = dayKey(now, timezone);
    const totals: Record<string, number> = {};
    for (const [id, log] of this.logs) {
      const day = dayTotals(log, key, key, timezone).get(key);
      const net = day ? day.you + day.others : 0;
      if (net !== 0) totals[id] = net;
    }
    return totals;
  }

  /** Each local day's totals from `from` to `until`, both included: every change, or steps only (goals). */
  totalsBetween(counterId: string, from: string, until: string, timezone: string, stepsOnly = false): Map<string, DayTotal> {
    const log = this.logs.get(counterId);
    return log ? dayTotals(log, from, until, timezone, stepsOnly ? stepContribution : contribution) : new Map();
  }

  /** Net steps (not edits) on the local days `from` to `until`, both included. */
  stepsBetween(counterId: string, from: string, until: string, timezone: string): DayTotal {
    const sum = { you: 0, others: 0 };
    for (const total of this.totalsBetween(counterId, from, until, timezone, true).values()) {
      sum.you += total.you;
      sum.others += total.others;
    }
    return sum;
  }

  exportLog(counterId: string, timezone: string): ExportLog {
    const log = this.logs.get(counterId);
    if (!log) return { days: [], events: [] };
    const firstKept = log.events[0] ? dayKey(log.events[0].at, timezone) : undefined;
    // Without a drop every stored total is the sum of kept events; with one, the days before the first kept event are totals only.
    const days = log.eventsFrom === undefined ? [] : [...log.days].filter(([date]) => firstKept === undefined || date < firstKept).map(([date, t]) => ({ date, ...t }));
    return { days, events: [...log.events] };
  }

  /** The value line is worked back from the current value, so bars and line agree. */
  detail(counterId: string, currentValue: number, now: number, timezone: string, dayCount = 14, eventCount = 20): ActivityDetail {
    const log = this.logs.get(counterId);
    const today = dayKey(now, timezone);
    const keys = consecutiveDays(addDays(today, 1 - dayCount), dayCount);
    const totals = log ? dayTotals(log, keys[0] ?? today, today, timezone) : new Map<string, DayTotal>();
    const days: DayActivity[] = new Array(keys.length);
    let value = currentValue;
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const date = keys[i] as string;
      const total = totals.get(date) ?? { you: 0, others: 0 };
      days[i] = { date, you: total.you, others: total.others, value };
      value -= total.you + total.others;
    }
    const todayTotal = days[days.length - 1] ?? { you: 0, others: 0 };
    const events = log ? log.events.slice(-eventCount).reverse() : [];
    return { counterId, today: { you: todayTotal.you, others: todayTotal.others }, days, events };
  }

  /** By its totals or its first event's day in UTC. */
  private earliestDay(): string | undefined {
    let earliest: string | undefined;
    for (const log of this.logs.values()) {
      const first = log.days.span()?.first;
      if (first !== undefined) earliest = minDay(first, earliest);
      if (log.events[0]) earliest = minDay(dayKey(log.events[0].at, 'UTC'), earliest);
    }
    return earliest;
  }
}

const minDay = (a: string, b: string | undefined): string => (b !== undefined && b < a ? b : a);
