// docs/api.md §8: 4 requests per second per user with a burst of 6; reads, mutations and WebSocket
// upgrades share one budget. docs/api.md O8 leaves the algorithm open: the default is a
// token bucket (capacity 6, refilled at 4/s); the variant is a strict rolling window of
// 4 per 1000 ms. Both read time only from the injected clock.
export interface RateDecision {
  allowed: boolean;
  /** When rejected: ms until a request would be allowed. */
  retryAfterMs: number;
}

export interface RateLimiter {
  take(userId: string): RateDecision;
  /** The policy in words, for the 429 message: it must name the limiter actually in force. */
  readonly policy: string;
}

export function createTokenBucket(now: () => number, capacity = 6, refillPerSecond = 4): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    policy: `at most ${refillPerSecond} per second (burst ${capacity})`,
    take(userId) {
      const t = now();
      const b = buckets.get(userId) ?? { tokens: capacity, at: t };
      b.tokens = Math.min(capacity, b.tokens + (Math.max(0, t - b.at) * refillPerSecond) / 1000);
      b.at = t;
      buckets.set(userId, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { allowed: true, retryAfterMs: 0 };
      }
      return { allowed: false, retryAfterMs: Math.ceil(((1 - b.tokens) * 1000) / refillPerSecond) };
    },
  };
}

export function createRollingWindow(now: () => number, limit = 4, windowMs = 1000): RateLimiter {
  const history = new Map<string, number[]>();
  return {
    policy: `at most ${limit} in any ${windowMs} ms`,
    take(userId) {
      const t = now();
      // Keep only requests inside (t - windowMs, t]: a request exactly windowMs ago has left.
      const recent = (history.get(userId) ?? []).filter((at) => at > t - windowMs);
      history.set(userId, recent);
      if (recent.length < limit) {
        recent.push(t);
        return { allowed: true, retryAfterMs: 0 };
      }
      return { allowed: false, retryAfterMs: Math.max(1, recent[0]! + windowMs - t) };
    },
  };
}
