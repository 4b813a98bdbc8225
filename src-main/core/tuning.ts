// Defaults for every timing and limit (docs/api.md §8 and §6).
import type { CoreTuning } from './contract';

export const DEFAULT_TUNING: CoreTuning = {
  maxRequestsPerWindow: 4,
  rateWindowMs: 1000,
  rateSafetyMarginMs: 25,
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  // Set from the herd simulation: README.md, "Reconnect policy numbers".
  reconnectBaseMs: 2_000,
  reconnectCapMs: 75_000,
  reconnectHealthyMs: 30_000,
  restartWindowMs: 25_000,
  rateLimitBackoffBaseMs: 500,
  // Without Retry-After our own window is full: a few windows' wait is enough.
  rateLimitBackoffCapMs: 4_000,
  retryAfterCapMs: 3_600_000,
  random: Math.random,
  // 5000 counters list in ~1 MB (bench/README.md, scale): room for long names and extra fields.
  maxAnswerBytes: 8 * 1024 * 1024,
  // A notification is a few hundred bytes.
  maxFrameBytes: 64 * 1024,
};

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** Request timeouts a change is waited for before its answer counts as lost (a 12 s stall is not a loss). */
export const MUTATION_DEADLINE_FACTOR = 6;

export function jitterCeiling(attempt: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
}

/** "Full jitter" (AWS Architecture Blog): uniform in [0, min(cap, base·2^attempt)). */
export function fullJitterDelay(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  return Math.floor(random() * jitterCeiling(attempt, baseMs, capMs));
}
