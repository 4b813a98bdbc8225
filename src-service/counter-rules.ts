// Rules shared by v1 and v2: visibility and permission (docs/api.md §5, O10/O11), the
// increment/decrement step (docs/api.md §4.1 errors, O9), names (docs/api.md §8, O12) and
// the timezone parameter (docs/api.md §4.2, O1).
import { isKnownTimeZone } from './days';
import { ServiceCode, ServiceError, badRequest, notFound } from './errors';
import type { CounterRecord } from './fixtures';
import type { RouteContext } from './context';
import { memberOf } from './store';
import { UUID_PATTERN } from './uuid7';

export type Access = 'read' | 'mutate' | 'patch';

/**
 * The counter named by the path, if the user may use it. A path id that is not a UUID
 * cannot name a counter, so it is 404 NotFound (our choice over 400).
 */
export function requireCounter(ctx: RouteContext, access: Access, id = ctx.params.id ?? ''): CounterRecord {
  if (!UUID_PATTERN.test(id)) throw notFound(`Counter ${id} not found`);
  const counter = ctx.deps.store.get(id);
  if (!counter) throw notFound(`Counter ${id} not found`);
  const member = memberOf(counter, ctx.userId);
  if (!member) {
    if (ctx.deps.variant.nonMember === 404) throw notFound(`Counter ${id} not found`);
    throw new ServiceError(403, ServiceCode.Forbidden, 'You are not a member of this counter');
  }
  if (access === 'patch' && ctx.deps.variant.patchPermission === 'admin' && !member.isAdmin) {
    throw new ServiceError(403, ServiceCode.Forbidden, 'Only admins of this counter may change it');
  }
  return counter;
}

/** Applies +delta/-delta to an UpDown counter, or refuses with InvalidOperationForCounterType. */
export function stepped(ctx: RouteContext, counter: CounterRecord, delta: number): CounterRecord {
  const code = ctx.deps.variant.invalidOperationCode;
  if (counter.type !== 'UpDown') {
    throw badRequest(`${delta > 0 ? 'Increment' : 'Decrement'} is not possible on a ${counter.type} counter`, code);
  }
  const mode = counter.mode ?? 'UpAndDown';
  if (delta < 0 && mode === 'OnlyUp') throw badRequest('This counter only counts up: decrement is not allowed', code);
  if (delta > 0 && mode === 'OnlyDown') throw badRequest('This counter only counts down: increment is not allowed', code);
  const value = (counter.value ?? 0) + delta;
  if (!Number.isSafeInteger(value)) throw badRequest('The value would leave the integer range', ServiceCode.InvalidField);
  return { ...counter, value };
}

/** docs/api.md §4.2 path amount: an integer of at least 1, else InvalidAmount (-2042). */
export function parseAmount(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const n = /^[+-]?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new ServiceError(400, ServiceCode.InvalidAmount, `Invalid amount ${raw}: it must be an integer of at least 1`);
  }
  return n;
}

/** v1 displayName is always 5..40 characters (docs/api.md §2.1, §8); v2 follows the nameRule variant. */
export function checkName(name: string, rule: 'v1' | 'none'): void {
  const length = [...name].length;
  if (rule === 'v1' && (length < 5 || length > 40)) {
    throw badRequest(`The name must be 5 to 40 characters long (got ${length})`, ServiceCode.InvalidName);
  }
  if (length === 0 || name.trim() === '') throw badRequest('The name must not be empty', ServiceCode.InvalidName);
}

/** The zone of `?timezone=`; omitted → the variant's default; unknown or empty → 400. */
export function requestedTimeZone(query: URLSearchParams, fallback: string): string {
  const tz = query.get('timezone');
  if (tz === null) return fallback;
  if (!isKnownTimeZone(tz)) throw badRequest(`Unknown timezone "${tz}"`, ServiceCode.InvalidTimezone);
  return tz;
}

/** JSON body of PUT/PATCH: 415 for another media type, 400 for empty or malformed JSON. */
export function jsonBody(ctx: RouteContext): unknown {
  if (ctx.body.length === 0) throw badRequest('The request body is empty', ServiceCode.EmptyPatch);
  if (!isJson(ctx.contentType)) {
    throw new ServiceError(415, ServiceCode.UnsupportedMediaType, 'The body must be sent as application/json');
  }
  try {
    return JSON.parse(ctx.body.toString('utf8')) as unknown;
  } catch {
    throw badRequest('The body is not valid JSON', ServiceCode.InvalidJson);
  }
}

function isJson(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
