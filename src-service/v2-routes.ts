// docs/api.md §4.2: the v2 endpoints. Responses follow the variants for what the API leaves
// open (docs/api.md O2 decrement body, O3 PATCH body); values are resolved for the requested
// timezone (O1 default).
import { IsoDate } from '../src-shared/api/schemas';
import { PATCH_FIELDS_BY_TYPE } from '../src-shared/api/wire-constants';
import type { PatchBodyV2 } from '../src-shared/api/schemas';
import type { Handler, Reply, Route, RouteContext } from './context';
import { checkName, isPlainObject, jsonBody, parseAmount, requestedTimeZone, requireCounter, stepped } from './counter-rules';
import { ServiceCode, badRequest } from './errors';
import type { CounterRecord } from './fixtures';
import { toCounterV2, withExtras } from './views';

const zoneOf = (ctx: RouteContext): string => requestedTimeZone(ctx.query, ctx.deps.variant.timezoneDefault);

const list: Handler = (ctx) => {
  const tz = zoneOf(ctx);
  return { status: 200, body: ctx.deps.store.visibleTo(ctx.userId).map((c) => toCounterV2(c, tz, ctx.deps)) };
};

const getOne: Handler = (ctx) => {
  const tz = zoneOf(ctx);
  return { status: 200, body: toCounterV2(requireCounter(ctx, 'read'), tz, ctx.deps) };
};

function step(ctx: RouteContext, sign: 1 | -1): CounterRecord {
  const amount = parseAmount(ctx.params.amount);
  const next = stepped(ctx, requireCounter(ctx, 'mutate'), sign * amount);
  ctx.deps.store.replace(next);
  ctx.deps.notifier.counterUpdated(next);
  return next;
}

const increment: Handler = (ctx) => ({ status: 200, body: step(ctx, 1).value });

const decrement: Handler = (ctx): Reply => {
  const value = step(ctx, -1).value;
  switch (ctx.deps.variant.decrementBody) {
    case 'object':
      return { status: 200, body: withExtras(ctx.deps.variant, { value }) };
    case 'empty':
      return { status: 204 };
    default:
      return { status: 200, body: value };
  }
};

const KNOWN_PATCH_FIELDS = new Set(['name', 'value', 'startDate', 'endDate']);

/** docs/api.md §4.2 rules 1–2: validate the whole body against the type before changing anything. */
function patched(counter: CounterRecord, raw: unknown, nameRule: 'v1' | 'none'): CounterRecord {
  if (!isPlainObject(raw)) throw badRequest('The body must be a JSON object', ServiceCode.InvalidField);
  const keys = Object.keys(raw);
  if (keys.length === 0) throw badRequest('The body needs at least one of name, value, startDate, endDate', ServiceCode.EmptyPatch);
  const allowed: readonly string[] = PATCH_FIELDS_BY_TYPE[counter.type];
  for (const key of keys) {
    if (!KNOWN_PATCH_FIELDS.has(key)) throw badRequest(`Unknown field "${key}"`, ServiceCode.InvalidField);
    if (!allowed.includes(key)) throw badRequest(`Field "${key}" does not apply to a ${counter.type} counter`, ServiceCode.FieldNotApplicable);
  }
  const body = raw as Partial<Record<keyof PatchBodyV2, unknown>>;
  const next: CounterRecord = { ...counter };
  if ('name' in body) {
    if (typeof body.name !== 'string') throw badRequest('name must be a string', ServiceCode.InvalidField);
    checkName(body.name, nameRule);
    next.name = body.name;
  }
  if ('value' in body) {
    if (typeof body.value !== 'number' || !Number.isSafeInteger(body.value)) throw badRequest('value must be an integer', ServiceCode.InvalidField);
    next.value = body.value;
  }
  if ('startDate' in body) next.startDate = isoDate(body.startDate, 'startDate');
  if ('endDate' in body) next.endDate = isoDate(body.endDate, 'endDate');
  return next;
}

function isoDate(v: unknown, field: string): string {
  const parsed = IsoDate.safeParse(v);
  if (!parsed.success) throw badRequest(`${field} must be a date YYYY-MM-DD`, ServiceCode.InvalidField);
  return parsed.data;
}

const patch: Handler = (ctx): Reply => {
  const tz = zoneOf(ctx);
  const counter = requireCounter(ctx, 'patch');
  const next = patched(counter, jsonBody(ctx), ctx.deps.variant.nameRule);
  ctx.deps.store.replace(next);
  ctx.deps.notifier.counterUpdated(next);
  const view = toCounterV2(next, tz, ctx.deps);
  switch (ctx.deps.variant.patchBody) {
    case 'empty':
      return { status: 204 };
    case 'envelope':
      return { status: 200, body: withExtras(ctx.deps.variant, { data: view }) };
    default:
      return { status: 200, body: view };
  }
};

export const v2Routes: Route[] = [
  { method: 'GET', path: '/v2/counters', handler: list },
  { method: 'GET', path: '/v2/counters/:id', handler: getOne },
  { method: 'PATCH', path: '/v2/counters/:id', handler: patch },
  { method: 'POST', path: '/v2/counters/:id/increment', handler: increment },
  { method: 'POST', path: '/v2/counters/:id/increment/:amount', handler: increment },
  { method: 'POST', path: '/v2/counters/:id/decrement', handler: decrement },
  { method: 'POST', path: '/v2/counters/:id/decrement/:amount', handler: decrement },
];
