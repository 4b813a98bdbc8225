// One offer that lapses on its own at `expiresAt` (an undo offer): setting another replaces
// it and its timer; every change, the lapse included, is reported so the popup can follow.
import type { Clock } from '../../core/contract';

export interface LapsingOffer<T> {
  readonly current: T | null;
  set(next: T | null): void;
  /** Stops the timer (the app is stopping); the offer is dropped without a report. */
  dispose(): void;
}

export function createLapsingOffer<T extends { expiresAt: number }>(clock: Clock, changed: () => void): LapsingOffer<T> {
  let current: T | null = null;
  let timer: unknown;
  const stopTimer = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };
  return {
    get current() {
      return current;
    },
    set(next) {
      stopTimer();
      current = next;
      if (next) {
        timer = clock.setTimeout(() => {
          timer = undefined;
          current = null;
          changed();
        }, Math.max(0, next.expiresAt - clock.now()));
      }
      changed();
    },
    dispose() {
      stopTimer();
      current = null;
    },
  };
}
