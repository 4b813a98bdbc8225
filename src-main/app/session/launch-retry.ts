// When a launch that could not reach the server tries again with its one core: soon at
// first, then every minute, so a server back from a short outage is found quickly and one
// that stays away is not hammered.
import type { Clock } from '../../core/contract';

const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

export interface LaunchRetry {
  /** Runs `attempt` after the next delay of the back-off. */
  schedule(attempt: () => void): void;
  cancel(): void;
  /** A try is scheduled and not yet run. */
  waiting(): boolean;
  /** The launch connected: the next failure starts the back-off from its first delay. */
  reset(): void;
}

export function createLaunchRetry(clock: Clock): LaunchRetry {
  let timer: unknown;
  let attempts = 0;
  return {
    schedule(attempt) {
      const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
      attempts += 1;
      timer = clock.setTimeout(() => {
        timer = undefined;
        attempt();
      }, delay);
    },
    cancel() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
    waiting: () => timer !== undefined,
    reset() {
      attempts = 0;
    },
  };
}
