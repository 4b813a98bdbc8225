// What a failure means, beyond the contract's CoreError.
import { CoreError } from './contract';

/** Not applied; `retryAfterMs` when the server said when to come back. */
export class RateLimitedError extends CoreError {
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
    code?: number,
  ) {
    super('rateLimited', message, 429, code);
  }
}

/** No connection could be made, so nothing was applied. */
export class NotDeliveredError extends CoreError {
  constructor(message: string) {
    super('network', message);
  }
}

/** At connect time only: a connection that fails later may have carried the request. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export function neverConnected(error: unknown): boolean {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  const code = cause instanceof Error ? (cause as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && NEVER_CONNECTED.has(code);
}

export const isCoreError = (error: unknown): error is CoreError => error instanceof CoreError;

export const isRateLimited = (error: unknown): error is RateLimitedError => error instanceof RateLimitedError;

/** Failures after which the server may or may not have applied a mutation (docs/api.md R1). */
export function outcomeUnknown(error: unknown): boolean {
  if (!isCoreError(error)) return true;
  if (error instanceof NotDeliveredError) return false;
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server' || error.kind === 'badResponse';
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** RFC 9110 §10.2.3: delay-seconds or an HTTP-date. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
