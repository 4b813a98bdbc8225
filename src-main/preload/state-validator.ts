// Checks the AppState answers in the preload and hands their counters to the bridge packed
// (src-shared/ipc/packed-list.ts). Main sends them packed (src-main/ipc/state-answer.ts): the list
// is read value by value and each value checked by the contract's compiled shape, without building
// a counter; when every value passes as it came, the same two strings go on to the page. A list
// whose keys are not the contract's, or with a value the check strips, is unpacked, and its
// counters are checked and packed anew, key by key, as a list of objects is: nothing the contract
// does not name is read, so it is stripped as the object check would strip it. Everything else
// (session, settings, ...) is small and is checked whole against the contract's shapes, as every
// other answer is.
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, BridgedAppState } from '../../src-shared/ipc/contract';
import { ListWriter, type PackedList } from '../../src-shared/ipc/packed-list';
import { BROKEN, isPackedList, kindsTaking, ListReader, unpackList } from '../../src-shared/ipc/packed-list-reader';
import type { ContractShapeName } from './contract-shapes';
import { isObject, REFUSED, type Checked$, type ShapeChecker, type ShapeSet } from './shape';

export type Validated<T> = Checked$<T>;

const FAIL = { ok: false } as const;

export interface AppStateValidator {
  /** A state:get answer, checked, as the bridge hands it to the page. */
  validate(raw: unknown): Validated<BridgedAppState>;
}

/** The counter's fields, in the schema's order. */
function plainFields(check: ShapeChecker, counterShape: Parameters<ShapeChecker['fieldsOf']>[0]) {
  const fields = check.fieldsOf(counterShape);
  // Counters are read key by key: a counter shape that is more than its keys (strict, refined) needs this pass changed.
  if (!fields) throw new Error('the contract’s counter is not a plain object shape');
  return fields;
}

export function createAppStateValidator(check: ShapeChecker, shapes: ShapeSet<ContractShapeName>): AppStateValidator {
  const counterShape = shapes.roots.counterState;
  const fields = plainFields(check, counterShape);
  const keys = fields.map((field) => field.key);
  /** Per field: the kinds of packed value its check takes whatever they hold. */
  const skippable = fields.map((field) => kindsTaking(field.check, field));
  const checkState = (raw: unknown) => check(shapes.roots.appState, raw) as Validated<AppState>;

  /** The counters checked and packed in one pass; null when one of them does not fit. */
  function packCounters(raw: readonly unknown[]): PackedList<CounterState> | null {
    const writer = new ListWriter<CounterState>(keys, raw.length);
    for (const item of raw) {
      if (!isObject(item)) return null;
      for (const field of fields) {
        const value = field.check(item[field.key]);
        if (value === REFUSED) return null;
        writer.add(value);
      }
      writer.endRecord();
    }
    return writer.finish();
  }

  /** A list main packed, checked as it is: the same strings when every value passes unchanged. */
  function checkPacked(packed: PackedList<unknown>): PackedList<CounterState> | null {
    const sameKeys = packed.keys.length === keys.length && packed.keys.every((key, k) => key === keys[k]);
    if (sameKeys) {
      const reader = new ListReader(packed.index, packed.text);
      let unchanged = true;
      for (let r = 0; r < packed.count && unchanged; r += 1) {
        for (let f = 0; f < fields.length; f += 1) {
          const field = fields[f]!;
          // A value of a kind its check takes whatever it holds (a name, an id, a count, a flag, an
          // absent key, no refusals): that was checked once for every counter, so it is not read.
          if (reader.skip(skippable[f]!)) continue;
          const value = reader.next(true);
          if (value === BROKEN) return null;
          const result = field.check(value);
          if (result === REFUSED) return null;
          // Stripped (a key the contract does not name, a URL trimmed): packed anew below.
          if (result !== value) unchanged = false;
        }
      }
      if (unchanged) return reader.done ? { keys: [...keys], count: packed.count, index: packed.index, text: packed.text } : null;
    }
    const records = unpackList(packed);
    return records ? packCounters(records) : null;
  }

  return {
    validate(raw) {
      const core = isObject(raw) && isObject(raw.core) ? raw.core : undefined;
      const rawCounters = core?.counters;
      const packed = isPackedList(rawCounters) ? rawCounters : undefined;
      if (!core || (!packed && !Array.isArray(rawCounters))) {
        // No counters to pack: checked whole (a state without a core, or one the check refuses).
        const whole = checkState(raw);
        return whole.ok && whole.value.core === null ? { ok: true, value: { ...whole.value, core: null } } : FAIL;
      }
      // The rest of the state is small: check it whole, with an empty list in place of the counters.
      const shell = checkState({ ...(raw as Record<string, unknown>), core: { ...core, counters: [] } });
      if (!shell.ok || !shell.value.core) return FAIL;
      const counters = packed ? checkPacked(packed) : packCounters(rawCounters as unknown[]);
      return counters ? { ok: true, value: { ...shell.value, core: { ...shell.value.core, counters } } } : FAIL;
    },
  };
}
