// A fake clock for the core's injected Clock: time moves only when a test says so, and
// timers fire in due order. `advance` yields to the event loop between timers so real
// I/O triggered by one timer (a request, a socket) can run before the next.
import type { Clock } from '../../src-main/core/contract';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

export class FakeClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers: Timer[] = [];

  constructor(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.time = start;
  }

  now = (): number => this.time;

  setTimeout = (callback: () => void, ms: number): unknown => {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback };
    this.timers.push(timer);
    this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
    return timer.id;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };

  get pending(): number {
    return this.timers.length;
  }

  /** Due time of the earliest timer, if any. */
  get nextAt(): number | undefined {
    return this.timers[0]?.at;
  }

  /** Fires every timer due up to now + ms, in order, synchronously. */
  advanceSync(ms: number): void {
    const target = this.time + ms;
    for (let timer = this.timers[0]; timer && timer.at <= target; timer = this.timers[0]) {
      this.timers.shift();
      this.time = Math.max(this.time, timer.at);
      timer.callback();
    }
    this.time = target;
  }

  /** Like advanceSync, but lets pending I/O and promises run after every timer. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    await settle(); // work already under way may still set timers for "now"
    for (let timer = this.timers[0]; timer && timer.at <= target; timer = this.timers[0]) {
      this.timers.shift();
      this.time = Math.max(this.time, timer.at);
      timer.callback();
      await settle();
    }
    this.time = target;
    await settle();
  }

  /** Jumps the clock to `at` (firing due timers on the way). */
  async advanceTo(at: number): Promise<void> {
    await this.advance(Math.max(0, at - this.time));
  }
}

/** Lets promise chains and already-arrived I/O run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
