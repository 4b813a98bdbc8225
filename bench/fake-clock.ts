// Simulated time for the core's injected Clock: timers fire only when the benchmark
// moves time on. Between timers it lets real I/O finish (a ping's pong, a request's
// answer), so ten simulated minutes take about a second of real time.
import type { Clock } from '../src-main/core/contract';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

const realPause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SimulatedClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers: Timer[] = [];

  constructor(start: number) {
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

  /**
   * Moves time forward by `ms`, firing timers in due order; after each one it waits
   * `ioPauseMs` of real time so the loopback I/O the timer started can complete.
   */
  async run(ms: number, ioPauseMs = 10): Promise<number> {
    const target = this.time + ms;
    let fired = 0;
    for (let timer = this.timers[0]; timer && timer.at <= target; timer = this.timers[0]) {
      this.timers.shift();
      this.time = Math.max(this.time, timer.at);
      timer.callback();
      fired += 1;
      await realPause(ioPauseMs);
    }
    this.time = target;
    await realPause(ioPauseMs);
    return fired;
  }

  /**
   * Like run(), for many cores on one clock: fires every timer due at the same instant
   * (a hundred cores' pings) together, then waits for `settle` (the I/O they started)
   * before time moves on.
   */
  async runTogether(ms: number, settle: () => Promise<void>): Promise<number> {
    const target = this.time + ms;
    let fired = 0;
    for (let first = this.timers[0]; first && first.at <= target; first = this.timers[0]) {
      this.time = Math.max(this.time, first.at);
      for (let timer = this.timers[0]; timer && timer.at === first.at; timer = this.timers[0]) {
        this.timers.shift();
        timer.callback();
        fired += 1;
      }
      await settle();
    }
    this.time = target;
    await settle();
    return fired;
  }
}
