// Defaults for every timing and limit (issue "Counter sync core", §2 and §6).
import type { Clock, CoreTuning } from './contract';

export const DEFAULT_TUNING: CoreTuning = {
  maxRequestsPerWindow: 4,
  rateWindowMs: 1000,
  rateSafetyMarginMs: 25,
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  reconnectBaseMs: 1_000,
  reconnectCapMs: 30_000,
  rateLimitBackoffBaseMs: 500,
  rateLimitBackoffCapMs: 30_000,
  midnightMarginMs: 1_000,
  random: Math.random,
};

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** A change is waited for this many request timeouts before its answer counts as lost (issue 11 case 1: a 12 s stall is not a loss). */
export const MUTATION_DEADLINE_FACTOR = 6;

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** "Full jitter" (AWS Architecture Blog, Exponential Backoff And Jitter): uniform in [0, min(cap, base·2^attempt)). */
export function fullJitterDelay(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}
