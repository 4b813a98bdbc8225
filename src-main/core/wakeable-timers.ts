// Timers one owner can drop at once (the core halts), and waits "Retry now" can cut short.
import type { Clock } from './real-clock';

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

  /** Ends every sleep now. */
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
