// A launch that could not reach the server tries again soon at first, then every minute.
import type { Clock } from '../../core/contract';

const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

export function createLaunchRetry(clock: Clock, delaysMs: readonly number[] = RETRY_DELAYS_MS) {
  let timer: unknown;
  let attempts = 0;
  let asked = false;
  return {
    schedule(attempt: () => void) {
      // One press, one try on the next turn; the back-off keeps its place.
      const delay = asked ? 0 : (delaysMs[Math.min(attempts, delaysMs.length - 1)] ?? 60_000);
      if (!asked) attempts += 1;
      asked = false;
      timer = clock.setTimeout(() => {
        timer = undefined;
        attempt();
      }, delay);
    },
    askedDuringTry() {
      asked = true;
    },
    cancel() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      asked = false;
    },
    waiting: () => timer !== undefined,
    /** The next failure starts the back-off from its first delay. */
    reset() {
      attempts = 0;
      asked = false;
    },
  };
}
