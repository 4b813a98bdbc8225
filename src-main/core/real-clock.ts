// The one real clock of the main process. The core, the app's timers and main.ts all use it;
// tests inject a fake one through the same `Clock` interface.
import type { Clock } from './contract';

/** Node fires a setTimeout above 2^31−1 ms at once (TimeoutOverflowWarning): longer waits are cut to that. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const realClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, Math.min(Math.max(0, ms), MAX_TIMER_MS)),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
