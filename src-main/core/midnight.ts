// What day it is, in one place. The calendar itself (day keys, the midnight search, zone
// validity) is src-shared/time/calendar.ts, shared with the app, the service and the popup;
// here the wall clock is read at each local midnight and often enough to notice it step.
import { Emitter, type Event } from '../../src-shared/events/emitter';
import { dayFormatters, dayKeyIn, nextLocalMidnight } from '../../src-shared/time/calendar';
import type { Clock } from './clock';

export { isKnownZone as isValidTimeZone, nextLocalMidnight, systemTimeZone } from '../../src-shared/time/calendar';

/** The calendar's per-zone formatters (bounded, keyed by the canonical zone: the zone comes from settings). */
export const midnightFormatters = dayFormatters;

/** The local calendar date of `instant` in `timeZone` as a sortable number yyyymmdd. */
export function localDateKey(timeZone: string, instant: number): number {
  return Number(dayKeyIn(timeZone, instant).replaceAll('-', ''));
}

/** The longest the wall clock goes unread: a step of it (NTP at boot, a user fixing the date) shows within this. */
export const DAY_CHECK_MS = 3_600_000;

/**
 * Announces each new local day once, for every "today" figure. Timers run on the monotonic
 * clock and `clock.now()` is the wall clock, so a timer set for midnight is late by as much as
 * the wall clock stepped: the wall clock is read at the next local midnight, at least every
 * `DAY_CHECK_MS`, and whenever `check()` is called (a resume, an unlock, a new zone).
 */
export class DayWatch {
  private day: string | undefined;
  private timer: unknown;
  /** A listener that throws must not stop the watch (it fires from a timer). */
  private readonly changes = new Emitter<string>({ onListenerError: () => undefined });

  constructor(
    private readonly clock: Clock,
    private readonly timezone: () => string,
  ) {}

  /** The local date (YYYY-MM-DD) it moved to: later, or earlier when the wall clock was set back. */
  readonly onDayChanged: Event<string> = this.changes.event;

  /** Reads the wall clock now (the first call starts the watch); a date other than the last one is announced. */
  check(): void {
    this.stop();
    const zone = this.timezone();
    const now = this.clock.now();
    const today = dayKeyIn(zone, now);
    const previous = this.day;
    this.day = today;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.check();
    }, Math.min(nextLocalMidnight(zone, now) - now, DAY_CHECK_MS));
    if (previous !== undefined && previous !== today) this.changes.fire(today);
  }

  /** No more readings until the next `check()`. */
  stop(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
