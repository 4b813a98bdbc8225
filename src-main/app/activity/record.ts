// The activity record: per counter, the latest events and a total per local day. Pure
// data and arithmetic (no clock, no disk): the caller passes the time and the zone, so
// bounds and compaction are tested with plain numbers. Day totals are kept for every
// event as it is appended, so dropping old events (the per-counter cap, the age limit)
// never changes a daily total: older days survive as totals only.
//
// A stored total is keyed by the day in the zone in force when its event arrived. The zone
// can change since (travel, Settings), so the days the kept events still cover are counted
// from the events themselves, in the zone asked for (else "Today ±0" would show above three
// of today's own events after a move to Pacific/Kiritimati); stored totals answer only for
// days whose events the per-counter cap has dropped.
import { z } from 'zod';
import { ActivityEvent, type ActivityDetail, type DayActivity } from '../../../src-shared/domain/activity';
import { dayKey, lastDays, shiftDay } from './days';

export interface RecordLimits {
  /** Days of totals (and events) kept; older ones are dropped. */
  days: number;
  /** Events kept per counter; the oldest go first (their day totals stay). */
  eventsPerCounter: number;
}

export const DEFAULT_LIMITS: RecordLimits = { days: 90, eventsPerCounter: 300 };
/** Trimming happens in batches, so an append at the cap does not copy the array every time. */
const TRIM_SLACK = 0.25;
const DAY_MS = 86_400_000;

const DayTotal = z.object({ you: z.number(), others: z.number() });
type DayTotal = z.infer<typeof DayTotal>;
const DateKey = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const CounterLog = z.object({ events: z.array(ActivityEvent), days: z.record(DateKey, DayTotal) });

/** The file on disk: tagged, so a foreign JSON file is told from ours and never trusted. */
export const RecordFile = z.object({
  format: z.literal('counter-tray-activity'),
  version: z.literal(1),
  counters: z.record(z.string(), CounterLog),
});
export type RecordFile = z.infer<typeof RecordFile>;

interface Log {
  events: ActivityEvent[];
  days: Map<string, DayTotal>;
  /**
   * When the per-counter cap dropped events: the time of the oldest event kept. Days up to
   * and including its day may have lost events, so only their stored totals are whole.
   */
  cappedFrom?: number;
}

/** What an event adds to its day: own confirmed changes and value edits are "you", the rest "others". */
export function contribution(event: ActivityEvent): DayTotal {
  switch (event.kind) {
    case 'own':
      // An unconfirmed change may or may not have landed: it is listed, never counted.
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

/**
 * What an event adds to a goal's progress: steps only. An edit sets a value (a
 * reset to 0 is one): it is no step, by you or anyone. Stored day totals hold edits too, so
 * days the per-counter cap cut count them (the one place a goal can differ from the steps).
 */
export function stepContribution(event: ActivityEvent): DayTotal {
  return event.kind === 'edit' ? { you: 0, others: 0 } : contribution(event);
}

/** One counter's activity for an export: daily totals for the days whose events the cap dropped, then every kept event. */
export interface ExportLog {
  days: { date: string; you: number; others: number }[];
  events: ActivityEvent[];
}

export class ActivityRecord {
  private readonly logs = new Map<string, Log>();
  /** Bumped on every change, so callers can cache what they derive. */
  version = 0;

  constructor(private readonly limits: RecordLimits = DEFAULT_LIMITS) {}

  static fromFile(file: RecordFile, limits: RecordLimits = DEFAULT_LIMITS): ActivityRecord {
    const record = new ActivityRecord(limits);
    for (const [id, log] of Object.entries(file.counters)) {
      // Events are kept in time order; a hand-edited file may not be.
      const events = [...log.events].sort((a, b) => a.at - b.at);
      // The file does not say whether the cap cut this log; a full one may have been.
      const capped = events.length >= limits.eventsPerCounter && events[0] ? { cappedFrom: events[0].at } : {};
      record.logs.set(id, { events, days: new Map(Object.entries(log.days)), ...capped });
    }
    return record;
  }

  toFile(): RecordFile {
    const counters: RecordFile['counters'] = {};
    for (const [id, log] of this.logs) counters[id] = { events: log.events, days: Object.fromEntries(log.days) };
    return { format: 'counter-tray-activity', version: 1, counters };
  }

  append(counterId: string, event: ActivityEvent, timezone: string): void {
    let log = this.logs.get(counterId);
    if (!log) {
      log = { events: [], days: new Map() };
      this.logs.set(counterId, log);
    }
    const last = log.events[log.events.length - 1];
    if (last && last.at > event.at) {
      // A clock step backwards: keep the order by time so trimming drops the oldest.
      const index = log.events.findIndex((e) => e.at > event.at);
      log.events.splice(index, 0, event);
    } else log.events.push(event);
    const cap = this.limits.eventsPerCounter;
    if (log.events.length > cap + Math.max(1, Math.floor(cap * TRIM_SLACK))) {
      log.events.splice(0, log.events.length - cap);
      log.cappedFrom = log.events[0]?.at;
    }
    const add = contribution(event);
    if (add.you !== 0 || add.others !== 0) {
      const key = dayKey(event.at, timezone);
      const day = log.days.get(key) ?? { you: 0, others: 0 };
      log.days.set(key, { you: day.you + add.you, others: day.others + add.others });
    }
    this.version += 1;
  }

  /** Drops days and events older than the limit, trims every counter to its cap; true when anything went. */
  compact(now: number, timezone: string): boolean {
    const oldestDay = shiftDay(dayKey(now, timezone), this.limits.days - 1);
    const oldestAt = now - this.limits.days * DAY_MS;
    let dropped = false;
    for (const [id, log] of this.logs) {
      for (const key of log.days.keys()) {
        if (key < oldestDay) dropped = log.days.delete(key) || dropped;
      }
      const firstKept = log.events.findIndex((e) => e.at >= oldestAt);
      const cut = Math.max(firstKept === -1 ? log.events.length : firstKept, log.events.length - this.limits.eventsPerCounter);
      if (cut > 0) {
        // Cut by the cap (not only by age): the days before the oldest kept event may be partial.
        if (firstKept !== -1 && cut > firstKept) log.cappedFrom = log.events[cut]?.at;
        log.events.splice(0, cut);
        dropped = true;
      }
      if (log.events.length === 0 && log.days.size === 0) this.logs.delete(id);
    }
    if (dropped) this.version += 1;
    return dropped;
  }

  eventCount(counterId: string): number {
    return this.logs.get(counterId)?.events.length ?? 0;
  }

  /** Today's net change of every counter that moved today. */
  today(now: number, timezone: string): Record<string, number> {
    const key = dayKey(now, timezone);
    const totals: Record<string, number> = {};
    for (const [id, log] of this.logs) {
      const day = dayTotals(log, key, timezone).get(key);
      const net = day ? day.you + day.others : 0;
      if (net !== 0) totals[id] = net;
    }
    return totals;
  }

  /** Net steps (not edits) on a counter from the local day `from` (YYYY-MM-DD) on, in `timezone`. */
  stepsSince(counterId: string, from: string, timezone: string): DayTotal {
    const log = this.logs.get(counterId);
    const sum = { you: 0, others: 0 };
    if (!log) return sum;
    for (const total of dayTotals(log, from, timezone, stepContribution).values()) {
      sum.you += total.you;
      sum.others += total.others;
    }
    return sum;
  }

  /** Everything kept about one counter, oldest first (see ExportLog). */
  exportLog(counterId: string, timezone: string): ExportLog {
    const log = this.logs.get(counterId);
    if (!log) return { days: [], events: [] };
    const firstKept = log.events[0] ? dayKey(log.events[0].at, timezone) : undefined;
    // Without a cap every stored total is the sum of kept events; with one, the days before the first kept event are totals only.
    const days = log.cappedFrom === undefined ? [] : [...log.days].filter(([date]) => firstKept === undefined || date < firstKept).sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, t]) => ({ date, ...t }));
    return { days, events: [...log.events] };
  }

  /**
   * One counter's last `dayCount` days and latest `eventCount` events. The value line is
   * worked back from the current value through the recorded changes, so bars and line agree.
   */
  detail(counterId: string, currentValue: number, now: number, timezone: string, dayCount = 14, eventCount = 20): ActivityDetail {
    const log = this.logs.get(counterId);
    const keys = lastDays(dayKey(now, timezone), dayCount);
    const totals = log ? dayTotals(log, keys[0] ?? '', timezone) : new Map<string, DayTotal>();
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
}

/**
 * The totals of the days from `from` (a day key) to today in `timezone`: counted from the
 * kept events where they cover the day, from the stored totals where the cap dropped some.
 */
function dayTotals(log: Log, from: string, timezone: string, contribute: (event: ActivityEvent) => DayTotal = contribution): Map<string, DayTotal> {
  const partialUntil = log.cappedFrom === undefined ? undefined : dayKey(log.cappedFrom, timezone);
  const totals = new Map<string, DayTotal>();
  for (let i = log.events.length - 1; i >= 0; i -= 1) {
    const event = log.events[i] as ActivityEvent;
    const key = dayKey(event.at, timezone);
    if (key < from || (partialUntil !== undefined && key <= partialUntil)) break;
    const add = contribute(event);
    if (add.you === 0 && add.others === 0) continue;
    const day = totals.get(key) ?? { you: 0, others: 0 };
    totals.set(key, { you: day.you + add.you, others: day.others + add.others });
  }
  if (partialUntil !== undefined) {
    for (const [key, total] of log.days) if (key >= from && key <= partialUntil) totals.set(key, total);
  }
  return totals;
}
