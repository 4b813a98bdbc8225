// Validates the AppState answers in the preload, without checking again 1000 unchanged
// counters each time one of them changes. A counter equal to one this validator already
// accepted is that accepted counter: CounterState has no transforms or defaults, so checking
// an equal object would give an equal result. Everything else (changed counters, session,
// settings, ...) is checked against the contract's shapes as before.
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState } from '../../src-shared/ipc/contract';
import { sameData } from '../../src-shared/ipc/structural-sharing';
import type { ContractShapeName } from './contract-shapes';
import type { Checked, Checked$, ShapeSet } from './shape';

export type Validated<T> = Checked$<T>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface AppStateValidator {
  validate(raw: unknown): Validated<AppState>;
}

export function createAppStateValidator(check: (shape: Checked, value: unknown) => Checked$<unknown>, shapes: ShapeSet<ContractShapeName>): AppStateValidator {
  let accepted = new Map<string, CounterState>();
  const counterShape = shapes.roots.counterState;
  const resolved = counterShape.t === 'ref' ? shapes.defs[counterShape.id] : counterShape;
  const counterKeys = resolved?.t === 'object' ? Object.keys(resolved.keys) : [];
  const sameCounter = (known: CounterState, raw: unknown) => isRecord(raw) && counterKeys.every((key) => sameData(known[key as keyof CounterState], raw[key]));
  const checkState = (raw: unknown) => check(shapes.roots.appState, raw) as Validated<AppState>;

  function validateCounters(raw: unknown[]): Validated<CounterState[]> {
    const counters: CounterState[] = [];
    for (const item of raw) {
      const id = isRecord(item) ? item.id : undefined;
      const known = typeof id === 'string' ? accepted.get(id) : undefined;
      if (known && sameCounter(known, item)) {
        counters.push(known);
        continue;
      }
      const checked = check(counterShape, item);
      if (!checked.ok) return { ok: false };
      counters.push(checked.value as CounterState);
    }
    return { ok: true, value: counters };
  }

  return {
    validate(raw) {
      const core = isRecord(raw) && isRecord(raw.core) ? raw.core : undefined;
      const rawCounters = core?.counters;
      if (!core || !Array.isArray(rawCounters)) return checkState(raw);
      // The rest of the state is small: check it whole, with an empty list in place of the counters.
      const shell = checkState({ ...(raw as Record<string, unknown>), core: { ...core, counters: [] } });
      if (!shell.ok || !shell.value.core) return { ok: false };
      const counters = validateCounters(rawCounters);
      if (!counters.ok) return { ok: false };
      // Only the latest accepted list is remembered: memory stays one state's worth.
      accepted = new Map(counters.value.map((c) => [c.id, c]));
      return { ok: true, value: { ...shell.value, core: { ...shell.value.core, counters: counters.value } } };
    },
  };
}
