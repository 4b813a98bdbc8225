// The one fake clock (tests and the benchmark): time moves only when the caller says so, and
// timers fire in due order. Two clocks, as on a real machine: timers run on the monotonic one,
// `now()` is the wall clock, which `stepWall` moves alone (NTP, a user fixing the date).
import type { Clock } from '../../src-main/core/contract';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** Lets promise chains and already-arrived I/O run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const realPause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FakeClock implements Clock {
  /** The monotonic clock, in the wall clock's terms before any step. */
  private time: number;
  /** How far the wall clock was stepped from the monotonic one. */
  private stepped = 0;
  private nextId = 1;
  private timers: Timer[] = [];

  constructor(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.time = start;
  }

  now = (): number => this.time + this.stepped;

  monotonic = (): number => this.time;

  /** Sets the wall clock forward (or back, negative) by `ms` at once: no timer fires, none moves. */
  stepWall(ms: number): void {
    this.stepped += ms;
  }

  setTimeout = (callback: () => void, ms: number): unknown => {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback };
    this.timers.push(timer);
    this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
    return timer.id;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };

  /** Timers set and not yet fired or cleared. */
  get pending(): number {
    return this.timers.length;
  }

  /** Due time of the earliest timer, if any, on the wall clock as it reads now. */
  get nextAt(): number | undefined {
    const first = this.timers[0];
    return first && first.at + this.stepped;
  }

  /** Fires the earliest timer if it is due by `target`; false when none is. */
  private fireNext(target: number): boolean {
    const timer = this.timers[0];
    if (!timer || timer.at > target) return false;
    this.timers.shift();
    this.time = Math.max(this.time, timer.at);
    timer.callback();
    return true;
  }

  /** Fires every timer due up to now + ms, in order, synchronously. */
  advanceSync(ms: number): void {
    const target = this.time + ms;
    while (this.fireNext(target));
    this.time = Math.max(this.time, target);
  }

  /** Like advanceSync, but lets pending I/O and promises run after every timer. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    await settle(); // work already under way may still set timers for "now"
    while (this.fireNext(target)) await settle();
    this.time = Math.max(this.time, target); // work in flight may have moved it further (pictureClock)
    await settle();
  }

  /** Moves the clock on until the wall clock reads `at` (never back) without firing a timer: work elsewhere took that long. */
  passTo(at: number): void {
    this.time = Math.max(this.time, at - this.stepped);
  }

  /** Lets time pass until the wall clock reads `at` (firing due timers on the way). */
  async advanceTo(at: number): Promise<void> {
    await this.advance(Math.max(0, at - this.now()));
  }

  /**
   * Moves time forward by `ms`, firing timers in due order; after each one it waits
   * `ioPauseMs` of real time so the loopback I/O the timer started can complete.
   * Answers how many timers fired.
   */
  async run(ms: number, ioPauseMs = 10): Promise<number> {
    const target = this.time + ms;
    let fired = 0;
    while (this.fireNext(target)) {
      fired += 1;
      await realPause(ioPauseMs);
    }
    this.time = Math.max(this.time, target);
    await realPause(ioPauseMs);
    return fired;
  }

  /**
   * Like run(), for many cores on one clock: fires every timer due at the same instant
   * (a hundred cores' pings) together, then waits for `done` (the I/O they started)
   * before time moves on.
   */
  async runTogether(ms: number, done: () => Promise<void>): Promise<number> {
    const target = this.time + ms;
    let fired = 0;
    for (let first = this.timers[0]; first && first.at <= target; first = this.timers[0]) {
      const at = first.at;
      while (this.timers[0]?.at === at && this.fireNext(target)) fired += 1;
      await done();
    }
    this.time = Math.max(this.time, target);
    await done();
    return fired;
  }

  /**
   * For a live harness (a popup on real sockets): time also passes with real time, a few
   * milliseconds at a time, while a test can still let hours pass at once (`advance`) or step
   * the wall clock. Answers how to stop following.
   */
  followRealTime(everyMs = 4): () => void {
    let last = performance.now();
    const pump = setInterval(() => {
      const real = performance.now();
      const passed = Math.floor(real - last);
      last += passed;
      this.advanceSync(passed);
    }, everyMs);
    return () => clearInterval(pump);
  }
}

/**
 * The instant the pictures are taken at (README screenshots, Wednesday 25 November 2026,
 * 10:00 UTC): fixed, so a day count, a chart's dates or a file name in them is the same on
 * every run and every machine.
 */
export const PICTURE_TIME = Date.UTC(2026, 10, 25, 10, 0, 0);

export interface PictureClock extends Clock {
  /** Moves the clock on by `ms`, firing the timers held until then in due order. */
  advance(ms: number): Promise<void>;
}

/** A wait shorter than this is work in flight (a coalesced update, the rate window, a write-behind), not a state's lifetime. */
export const IN_FLIGHT_MS = 2_000;

/**
 * The clock the pictures are taken on: it stands at `start`. A timer under IN_FLIGHT_MS runs on
 * real time and moves the clock to its due time; a longer one (an undo offer's lapse, a ping, a
 * retry, a deadline) fires only when the caller `advance`s past it, so what a picture shows never
 * depends on how fast the machine is.
 */
export function pictureClock(start: number): PictureClock {
  const held = new FakeClock(start);
  const running = new Map<symbol, ReturnType<typeof setTimeout>>();
  return {
    now: held.now,
    monotonic: held.monotonic,
    setTimeout: (callback, ms) => {
      if (ms >= IN_FLIGHT_MS) return held.setTimeout(callback, ms);
      const due = held.now() + Math.max(0, ms);
      const handle = Symbol('in flight');
      running.set(
        handle,
        setTimeout(() => {
          running.delete(handle);
          held.passTo(due);
          callback();
        }, Math.max(0, ms)),
      );
      return handle;
    },
    clearTimeout: (handle) => {
      if (typeof handle !== 'symbol') return held.clearTimeout(handle);
      clearTimeout(running.get(handle));
      running.delete(handle);
    },
    advance: (ms) => held.advance(ms),
  };
}

/**
 * A clock that starts at `start` and then runs with real time, on real timers: for a live
 * harness (real sockets, real pacing) whose "now" must still be a fixed day.
 */
export function clockRunningFrom(start: number): Clock {
  const began = Date.now();
  return {
    now: () => start + (Date.now() - began),
    monotonic: () => performance.now(),
    setTimeout: (callback, ms) => setTimeout(callback, Math.max(0, ms)),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
