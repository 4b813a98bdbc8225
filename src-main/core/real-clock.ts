// The one real clock of the main process. The core, the app's timers and main.ts all use it;
// tests inject a fake one through the same `Clock` interface.

/** Time for the core and the app; tests inject a fake clock. Two clocks, kept apart: the wall clock can step (NTP, a user setting the date), the monotonic one cannot. */
export interface Clock {
  /** The wall clock, epoch ms: what day and hour it is, stamps on events. */
  now(): number;
  /** The monotonic clock, ms from any origin: for how long something took or must wait. Timers run on it. */
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
