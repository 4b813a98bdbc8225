// What day it is, in one place: the wall clock read at each local midnight and often enough to see it step.
import { Emitter, type Event } from '../../src-shared/events/emitter';
import { dayKeyIn, nextLocalMidnight } from '../../src-shared/time/calendar';
import type { Clock } from './clock';

/** The longest the wall clock goes unread: a step of it (NTP at boot, a user fixing the date) shows within this. */
export const DAY_CHECK_MS = 3_600_000;

/** Announces each new local day once; a midnight timer is late by a wall-clock step, hence `DAY_CHECK_MS` and `check()`. */
export class DayWatch {
  private day: string | undefined;
  private timer: unknown;
  /** A throwing listener must not stop the watch. */
  private readonly changes = new Emitter<string>({ onListenerError: () => undefined });

  constructor(
    private readonly clock: Clock,
    private readonly timezone: () => string,
  ) {}

  /** The local date (YYYY-MM-DD) it moved to (earlier when the wall clock was set back). */
  readonly onDayChanged: Event<string> = this.changes.event;

  /** Reads the wall clock now (the first call starts the watch). */
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

  stop(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
