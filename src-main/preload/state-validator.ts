// Validates the AppState pushes in the preload, without re-parsing 1000 unchanged
// counters each time one of them changes (20–40 ms of zod per push at 1000 counters).
// A counter equal to one this validator already accepted is that accepted counter:
// CounterState has no transforms or defaults, so parsing an equal object would give
// an equal result. Everything else (changed counters, session, settings, ...) is
// parsed with the contract's schemas as before.
import { CounterState } from '../../src-shared/domain/snapshot';
import { AppState } from '../../src-shared/ipc/contract';
import { sameData } from '../../src-shared/ipc/structural-sharing';

export type Validated<T> = { ok: true; value: T } | { ok: false };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const COUNTER_KEYS = Object.keys(CounterState.shape);

function sameCounter(accepted: CounterState, raw: unknown): boolean {
  return isRecord(raw) && COUNTER_KEYS.every((key) => sameData(accepted[key as keyof CounterState], raw[key]));
}

export interface AppStateValidator {
  validate(raw: unknown): Validated<AppState>;
}

export function createAppStateValidator(): AppStateValidator {
  let accepted = new Map<string, CounterState>();

  function validateCounters(raw: unknown[]): Validated<CounterState[]> {
    const counters: CounterState[] = [];
    for (const item of raw) {
      const id = isRecord(item) ? item.id : undefined;
      const known = typeof id === 'string' ? accepted.get(id) : undefined;
      if (known && sameCounter(known, item)) {
        counters.push(known);
        continue;
      }
      const parsed = CounterState.safeParse(item);
      if (!parsed.success) return { ok: false };
      counters.push(parsed.data);
    }
    return { ok: true, value: counters };
  }

  return {
    validate(raw) {
      const core = isRecord(raw) && isRecord(raw.core) ? raw.core : undefined;
      const rawCounters = core?.counters;
      if (!core || !Array.isArray(rawCounters)) {
        const parsed = AppState.safeParse(raw);
        return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
      }
      // The rest of the state is small: parse it whole, with an empty list in place of the counters.
      const shell = AppState.safeParse({ ...(raw as Record<string, unknown>), core: { ...core, counters: [] } });
      if (!shell.success || !shell.data.core) return { ok: false };
      const counters = validateCounters(rawCounters);
      if (!counters.ok) return { ok: false };
      // Only the latest accepted list is remembered: memory stays one state's worth.
      accepted = new Map(counters.value.map((c) => [c.id, c]));
      return { ok: true, value: { ...shell.data, core: { ...shell.data.core, counters: counters.value } } };
    },
  };
}
