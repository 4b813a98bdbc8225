// docs/api.md §4.1: the deprecated v1 endpoints (nested Counter v1). docs/api.md O17: GET by id answers
// a Counter v1 object; PUT requires id, displayName, type and data, and changes only the
// display name and the data payload.
import type { Handler, Route, RouteContext } from './context';
import { checkName, isPlainObject, jsonBody, requireCounter, stepped } from './counter-rules';
import { ServiceCode, badRequest } from './errors';
import type { CounterRecord } from './fixtures';
import { toCounterV1 } from './views';

const list: Handler = (ctx) => ({ status: 200, body: ctx.deps.store.visibleTo(ctx.userId).map((c) => toCounterV1(c, ctx.deps)) });

const getOne: Handler = (ctx) => ({ status: 200, body: toCounterV1(requireCounter(ctx, 'read'), ctx.deps) });

function step(ctx: RouteContext, delta: 1 | -1): number | undefined {
  const next = stepped(ctx, requireCounter(ctx, 'mutate'), delta);
  ctx.deps.store.replace(next);
  ctx.deps.notifier.counterUpdated(next);
  return next.value;
}

/** Validates a whole PUT body before anything changes. */
function putApplied(counter: CounterRecord, raw: unknown): CounterRecord {
  if (!isPlainObject(raw)) throw badRequest('The body must be a Counter v1 object', ServiceCode.InvalidField);
  for (const field of ['id', 'displayName', 'type', 'data']) {
    if (!(field in raw)) throw badRequest(`Field "${field}" is required`, ServiceCode.InvalidField);
  }
  if (typeof raw.id !== 'string' || raw.id.toLowerCase() !== counter.id.toLowerCase()) {
    throw badRequest('id must match the counter in the path', ServiceCode.InvalidField);
  }
  if (raw.type !== counter.type) throw badRequest('type cannot be changed', ServiceCode.InvalidField);
  if (typeof raw.displayName !== 'string') throw badRequest('displayName must be a string', ServiceCode.InvalidField);
  checkName(raw.displayName, 'v1');
  const data = raw.data;
  if (!isPlainObject(data)) throw badRequest('data must be an object', ServiceCode.InvalidField);
  const next: CounterRecord = { ...counter, name: raw.displayName };
  if (counter.type === 'UpDown') {
    if (typeof data.value !== 'number' || !Number.isSafeInteger(data.value)) throw badRequest('data.value must be an integer', ServiceCode.InvalidField);
    if (data.mode !== undefined && (typeof data.mode !== 'string' || data.mode === '')) throw badRequest('data.mode must be a string', ServiceCode.InvalidField);
    next.value = data.value;
    if (typeof data.mode === 'string') next.mode = data.mode;
  } else {
    const date = typeof data.date === 'string' ? new Date(data.date) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw badRequest('data.date must be an ISO 8601 timestamp', ServiceCode.InvalidField);
    const day = date.toISOString().slice(0, 10);
    if (counter.type === 'FromDate') next.startDate = day;
    else next.endDate = day;
  }
  return next;
}

const put: Handler = (ctx) => {
  const counter = requireCounter(ctx, 'patch');
  const next = putApplied(counter, jsonBody(ctx));
  ctx.deps.store.replace(next);
  ctx.deps.notifier.counterUpdated(next);
  return { status: 200, body: [toCounterV1(next, ctx.deps)] };
};

export const v1Routes: Route[] = [
  { method: 'GET', path: '/v1/counters', handler: list },
  { method: 'GET', path: '/v1/counters/:id', handler: getOne },
  { method: 'PUT', path: '/v1/counters/:id', handler: put },
  { method: 'POST', path: '/v1/counters/:id/increment', handler: (ctx) => ({ status: 200, body: step(ctx, 1) }) },
  { method: 'POST', path: '/v1/counters/:id/decrement', handler: (ctx) => ({ status: 200, body: step(ctx, -1) }) },
];
