// Internal records → wire shapes of docs/api.md §2 (Counter v1 nested, Counter v2 flat) and the docs/api.md §6
// notification params. The `extraFields` variant (docs/api.md O6) decorates every object.
import type { z } from 'zod';
import type { CounterV1, CounterV2, CounterUpdatedParamsV2 } from '../src-shared/api/schemas';
import { pastDays, remainingDays } from './days';
import type { CounterRecord } from './fixtures';
import type { CounterStore } from './store';
import type { Variant } from './variants';

export interface ViewContext {
  store: CounterStore;
  variant: Variant;
  now: () => number;
}

/** Unknown fields a future server might add; clients must ignore them (docs/api.md §4.1). */
export function withExtras<T extends object>(variant: Variant, obj: T): T {
  if (!variant.extraFields) return obj;
  return { ...obj, revision: 7, xServerHint: { region: 'local', beta: true } };
}

/** docs/api.md §2.4 value: stored value, or days resolved in `timeZone`'s calendar. */
export function resolvedValue(c: CounterRecord, timeZone: string, ctx: ViewContext): number {
  if (c.type === 'FromDate') return pastDays(c.startDate ?? '', ctx.now(), timeZone, ctx.variant.dayValues);
  if (c.type === 'ToDate') return remainingDays(c.endDate ?? '', ctx.now(), timeZone, ctx.variant.dayValues);
  return c.value ?? 0;
}

/** The wire form (dates absent rather than undefined-valued). */
export type CounterV2Wire = z.input<typeof CounterV2>;

export function toCounterV2(c: CounterRecord, timeZone: string, ctx: ViewContext): CounterV2Wire {
  const base: CounterV2Wire = { id: c.id, name: c.name, type: c.type, value: resolvedValue(c, timeZone, ctx), created: c.created };
  if (c.type === 'FromDate') base.startDate = c.startDate;
  if (c.type === 'ToDate') base.endDate = c.endDate;
  return withExtras(ctx.variant, base);
}

/** docs/api.md O17: FromDate/ToDate data in v1 is `{ date: ISO 8601 UTC }` (public SDK); UpDown is `{ value, mode }`. */
export function toCounterV1(c: CounterRecord, ctx: ViewContext): CounterV1 {
  const members = c.members.map((m) =>
    withExtras(ctx.variant, { userId: m.userId, displayName: ctx.store.user(m.userId)?.displayName ?? '', isAdmin: m.isAdmin }),
  );
  let data: Record<string, unknown>;
  if (c.type === 'UpDown') data = { value: c.value ?? 0, mode: c.mode ?? 'UpAndDown' };
  else data = { date: `${c.type === 'FromDate' ? c.startDate : c.endDate}T00:00:00.000Z` };
  return withExtras(ctx.variant, { id: c.id, displayName: c.name, type: c.type, members, data: withExtras(ctx.variant, data) });
}

/**
 * docs/api.md O19: v1 `counterUpdated` params. docs/api.md §6 only says they carry "the updated state"; the
 * public .NET SDK keys its cache on `params.counterId`, so by default it comes first, next to
 * the Counter v1 fields (`id` included, for clients that read the counter whole).
 */
export function counterUpdatedParamsV1(c: CounterRecord, ctx: ViewContext): CounterV1 | (CounterV1 & { counterId: string }) {
  const counter = toCounterV1(c, ctx);
  return ctx.variant.v1UpdatedParams === 'counterOnly' ? counter : { counterId: c.id, ...counter };
}

export function counterUpdatedParamsV2(c: CounterRecord, timeZone: string, ctx: ViewContext): CounterUpdatedParamsV2 {
  return withExtras(ctx.variant, { counterId: c.id, name: c.name, type: c.type, value: resolvedValue(c, timeZone, ctx) });
}
