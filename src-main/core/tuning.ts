// Defaults for every timing and limit (docs/api.md §8 and §6).
import type { CoreTuning } from './contract';

export const DEFAULT_TUNING: CoreTuning = {
  maxRequestsPerWindow: 4,
  rateWindowMs: 1000,
  rateSafetyMarginMs: 25,
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  // Reconnect policy, set from the herd simulation (reasoning in
  // README.md, "Reconnect policy numbers"): a blip of our own is back in a median 1 s
  // (base 2 s); a server's restart close spreads the herd over 25 s (≤ 10 % of the
  // clients per second, median 12.6 s); cap 75 s keeps the peak after a 60 s or longer
  // outage under 6 % per second (4 N / cap); a socket that outlived its first ping round
  // (25 s + pong) counts as healthy.
  reconnectBaseMs: 2_000,
  reconnectCapMs: 75_000,
  reconnectHealthyMs: 30_000,
  restartWindowMs: 25_000,
  rateLimitBackoffBaseMs: 500,
  // A 429 without Retry-After means our own window is full; a few windows' wait is enough
  // (a longer cap only delays clicks after the server is fine again).
  rateLimitBackoffCapMs: 4_000,
  retryAfterCapMs: 3_600_000,
  random: Math.random,
  // 5000 counters list in ~1 MB (bench/README.md, scale): 8 MiB leaves room for long names and extra fields.
  maxAnswerBytes: 8 * 1024 * 1024,
  // A notification is a few hundred bytes.
  maxFrameBytes: 64 * 1024,
};

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** A change is waited for this many request timeouts before its answer counts as lost (a 12 s stall is not a loss). */
export const MUTATION_DEADLINE_FACTOR = 6;

/** The full-jitter ceiling: min(cap, base·2^attempt). */
export function jitterCeiling(attempt: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
}

/** "Full jitter" (AWS Architecture Blog, Exponential Backoff And Jitter): uniform in [0, min(cap, base·2^attempt)). */
export function fullJitterDelay(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  return Math.floor(random() * jitterCeiling(attempt, baseMs, capMs));
}
