// What every HTTP request and WebSocket upgrade passes before a route sees it, in this
// order: v1 sunset (docs/api.md O16), §5 authentication, §8 rate limit. Everything is
// logged in `requestLog` so tests can check pacing and 429s.
import type { IncomingMessage } from 'node:http';
import { ServiceCode, ServiceError } from './errors';
import { bearerToken } from './http-io';
import type { RateLimiter } from './rate-limiter';
import type { CounterStore } from './store';
import type { Variant } from './variants';
import { V1_SUNSET_MS, isV1Path } from './versioning';

export interface RequestLogEntry {
  /** The service clock (`now()`) in ms. */
  at: number;
  userId?: string;
  method: string;
  path: string;
  status: number;
}

export interface AdmissionDeps {
  store: CounterStore;
  variant: Variant;
  now: () => number;
  limiter: RateLimiter;
}

export interface Admitted {
  userId: string;
  token: string;
}

/** Throws the ServiceError to answer with; `seen.userId` is set as soon as the token is known. */
export function admit(deps: AdmissionDeps, req: IncomingMessage, pathname: string, seen: { userId?: string }): Admitted {
  if (isV1Path(pathname) && deps.variant.v1AfterSunset === 'gone' && deps.now() >= V1_SUNSET_MS) {
    throw new ServiceError(410, ServiceCode.Gone, 'v1 was retired on 2026-07-01; use v2');
  }
  const token = bearerToken(req.headers.authorization);
  const userId = token === undefined ? undefined : deps.store.userIdForToken(token);
  if (token === undefined || userId === undefined) {
    throw new ServiceError(401, ServiceCode.Unauthorized, token === undefined ? 'Missing bearer token' : 'Invalid or revoked token');
  }
  seen.userId = userId;
  const decision = deps.limiter.take(userId);
  if (!decision.allowed) {
    const headers: Record<string, string> =
      deps.variant.rateLimitHeaders === 'retryAfter' ? { 'Retry-After': String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))) } : {};
    throw new ServiceError(429, ServiceCode.TooManyRequests, `Too many requests: ${deps.limiter.policy}`, headers);
  }
  return { userId, token };
}
