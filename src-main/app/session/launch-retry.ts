// When a launch that could not reach the server tries again with its one core: soon at
// first, then every minute, so a server back from a short outage is found quickly and one
// that stays away is not hammered.
import type { Clock } from '../../core/contract';

const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

export interface LaunchRetry {
  /** Runs `attempt` after the next delay of the back-off, or at once when "Retry now" was pressed during the try that failed. */
  schedule(attempt: () => void): void;
  /** "Retry now" pressed while a try is under way: should that try fail, the next one does not wait out the back-off. */
  askedDuringTry(): void;
  cancel(): void;
  /** A try is scheduled and not yet run. */
  waiting(): boolean;
  /** The launch connected: the next failure starts the back-off from its first delay. */
  reset(): void;
}

export function createLaunchRetry(clock: Clock): LaunchRetry {
  let timer: unknown;
  let attempts = 0;
  let asked = false;
  return {
    schedule(attempt) {
      // One press, one try at once (on the next turn, not inside the failure's own handling);
      // the back-off's place is kept for the failures after it.
      const delay = asked ? 0 : (RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length - 1)] ?? 60_000);
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
    reset() {
      attempts = 0;
      asked = false;
    },
  };
}
