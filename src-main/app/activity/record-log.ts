// One counter's part of the activity record in memory, and what an event adds to its day.
import type { ActivityEvent } from '../../../src-shared/domain/activity';
import { dayKey } from './days';
import type { DayTotals } from './record-days';
import type { DayTotal } from './record-file';

export interface Log {
  /** Oldest first. */
  events: ActivityEvent[];
  /** Net change per local day (YYYY-MM-DD), by whom. */
  days: DayTotals;
  /** Set once events were dropped: the oldest kept event's time; days up to its day have only their stored totals whole. */
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

/** What an event adds to a goal: steps only; an edit (a reset to 0 is one) sets a value, no step. Stored day totals hold edits too. */
export function stepContribution(event: ActivityEvent): DayTotal {
  return event.kind === 'edit' ? { you: 0, others: 0 } : contribution(event);
}

/**
 * Totals of the days `from` to `until` (both included): from the kept events where they cover the
 * day, else the stored totals. A change stamped after `until` (a clock ahead) is in no earlier day.
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
