import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, StateDelta } from '../../src-shared/ipc/contract';
import { keyIndexOf, patchList } from '../../src-shared/domain/patched-lists';

const idOf = (counter: CounterState) => counter.id;

/**
 * The state of revision `delta.to`, or null when `delta` does not apply to `state` (a
 * gap: ask state:get again). Unchanged counters keep their identity, so memoized rows skip.
 */
export function applyDelta(state: AppState, delta: StateDelta): AppState | null {
  if (state.revision !== delta.from) return null;
  let core = state.core;
  if (delta.core === null) core = null;
  else if (delta.core) {
    const { connection, stats, outbox, upserted, removed, order } = delta.core;
    const previous = state.core?.counters ?? [];
    let counters: CounterState[];
    if (order) {
      const gone = new Set(removed);
      const byId = new Map(previous.filter((c) => !gone.has(c.id)).map((c) => [c.id, c]));
      for (const c of upserted) byId.set(c.id, c);
      const listed = order.map((id) => byId.get(id));
      if (listed.some((c) => c === undefined)) return null;
      counters = listed as CounterState[];
    } else {
      // Same ids in the same order: replace the changed ones in place, found by an index of ids that
      // each patched list hands on, so one changed counter of 5000 costs no pass over the others.
      if (removed.length > 0) return null;
      const places = upserted.length > 0 ? keyIndexOf(previous, idOf) : null;
      const replacements = new Map<number, CounterState>();
      for (const c of upserted) {
        const at = places?.get(c.id);
        if (at === undefined) return null; // a new counter comes with the order
        replacements.set(at, c);
      }
      counters = replacements.size === 0 ? previous : patchList(previous, replacements, idOf);
    }
    core = { connection, stats, outbox, counters };
  }
  return { ...state, ...delta.changed, core, revision: delta.to };
}
