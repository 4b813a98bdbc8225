// Checks the AppState answers in the preload and packs their counters for the bridge
// (src-shared/ipc/packed-list.ts) in the same pass: each counter is read key by key, each value
// checked by the contract's compiled shape and written straight into the packed list. No checked
// copy of a counter is built, and nothing the contract does not name is read, so it is stripped as
// the object check would strip it. Everything else (session, settings, ...) is small and is checked
// whole against the contract's shapes, as every other answer is.
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, BridgedAppState } from '../../src-shared/ipc/contract';
import { ListWriter, type PackedList } from '../../src-shared/ipc/packed-list';
import type { ContractShapeName } from './contract-shapes';
import { REFUSED, type Checked$, type ShapeChecker, type ShapeSet } from './shape';

export type Validated<T> = Checked$<T>;

const FAIL = { ok: false } as const;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface AppStateValidator {
  /** A state:get answer, checked, as the bridge hands it to the page. */
  validate(raw: unknown): Validated<BridgedAppState>;
}

export function createAppStateValidator(check: ShapeChecker, shapes: ShapeSet<ContractShapeName>): AppStateValidator {
  const counterShape = shapes.roots.counterState;
  const fields = check.fieldsOf(counterShape);
  // Counters are read key by key: a counter shape that is more than its keys (strict, refined) needs this pass changed.
  if (!fields) throw new Error('the contract’s counter is not a plain object shape');
  const checked = fields;
  const keys = fields.map((field) => field.key);
  const checkState = (raw: unknown) => check(shapes.roots.appState, raw) as Validated<AppState>;

  /** The counters checked and packed in one pass; null when one of them does not fit. */
  function packCounters(raw: readonly unknown[]): PackedList<CounterState> | null {
    const writer = new ListWriter<CounterState>(keys, raw.length);
    for (const item of raw) {
      if (!isObject(item)) return null;
      for (const field of checked) {
        const value = field.check(item[field.key]);
        if (value === REFUSED) return null;
        writer.add(value);
      }
      writer.endRecord();
    }
    return writer.finish();
  }

  return {
    validate(raw) {
      const core = isObject(raw) && isObject(raw.core) ? raw.core : undefined;
      const rawCounters = core?.counters;
      if (!core || !Array.isArray(rawCounters)) {
        // No counters to pack: checked whole (a state without a core, or one the check refuses).
        const whole = checkState(raw);
        return whole.ok && whole.value.core === null ? { ok: true, value: { ...whole.value, core: null } } : FAIL;
      }
      // The rest of the state is small: check it whole, with an empty list in place of the counters.
      const shell = checkState({ ...(raw as Record<string, unknown>), core: { ...core, counters: [] } });
      if (!shell.ok || !shell.value.core) return FAIL;
      const counters = packCounters(rawCounters);
      return counters ? { ok: true, value: { ...shell.value, core: { ...shell.value.core, counters } } } : FAIL;
    },
  };
}
