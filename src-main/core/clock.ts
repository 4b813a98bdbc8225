// The main process's one real clock and timers on it; tests inject a fake `Clock`.

/** Two clocks, kept apart: the wall clock can step (NTP, a user setting the date), the monotonic one cannot. */
export interface Clock {
  /** The wall clock, epoch ms: what day and hour it is. */
  now(): number;
  /** ms from any origin: how long something took or must wait. Timers run on it. */
  monotonic(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node fires a setTimeout above 2^31−1 ms at once (TimeoutOverflowWarning): longer waits are cut to that. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const realClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, Math.min(Math.max(0, ms), MAX_TIMER_MS)),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Timers one owner can drop at once (the core halts), and sleeps "Retry now" can cut short. */
export class WakeableTimers {
  private readonly timers = new Set<unknown>();
  private readonly sleepers = new Map<unknown, () => void>();

  constructor(private readonly clock: Clock) {}

  after(ms: number, callback: () => void): unknown {
    const timer = this.clock.setTimeout(() => {
      this.timers.delete(timer);
      callback();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  cancel(timer: unknown): void {
    this.clock.clearTimeout(timer);
    this.timers.delete(timer);
  }

  /** Resolves after `ms`, or at once on wake(); never once cleared. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.after(ms, () => {
        this.sleepers.delete(timer);
        resolve();
      });
      this.sleepers.set(timer, resolve);
    });
  }

  wake(): void {
    for (const [timer, resolve] of this.sleepers) {
      this.cancel(timer);
      resolve();
    }
    this.sleepers.clear();
  }

  clear(): void {
    for (const timer of this.timers) this.clock.clearTimeout(timer);
    this.timers.clear();
    this.sleepers.clear();
  }
}
