// One counter's part of the activity record, as record.ts keeps it in memory, and the
// arithmetic over it: what an event adds to its day, and the totals of a span of days.
import type { ActivityEvent } from '../../../src-shared/domain/activity';
import { dayKey } from './days';
import type { DayTotals } from './record-days';
import type { DayTotal } from './record-file';

export interface Log {
  /** Oldest first. */
  events: ActivityEvent[];
  /** Net change per local day (YYYY-MM-DD), by whom. */
  days: DayTotals;
  /**
   * Set once events were dropped (by the per-counter cap or by age): the time of the oldest
   * event kept. Days up to and including its day may have lost events, so only their
   * stored totals are whole.
   */
  eventsFrom?: number;
}

/** When the counter last moved, as epoch ms: its latest event, or the start of its latest day with a total. */
export function latestActivity(log: Log): number {
  const lastDay = log.days.span()?.last;
  return Math.max(log.events[log.events.length - 1]?.at ?? 0, lastDay === undefined ? 0 : Date.parse(`${lastDay}T00:00:00Z`));
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
 * days whose events were dropped count them (the one place a goal can differ from the steps).
 */
export function stepContribution(event: ActivityEvent): DayTotal {
  return event.kind === 'edit' ? { you: 0, others: 0 } : contribution(event);
}

/**
 * The totals of the days from `from` to `until` (day keys, both included) in `timezone`:
 * counted from the kept events where they cover the day, from the stored totals where some
 * were dropped. A change counts on its own day only: one stamped after `until` (by a clock
 * that was ahead, or set back since) is not in any day before it.
 */
export function dayTotals(log: Log, from: string, until: string, timezone: string, contribute: (event: ActivityEvent) => DayTotal = contribution): Map<string, DayTotal> {
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
