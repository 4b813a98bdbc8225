import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, StateDelta } from '../../src-shared/ipc/contract';

/** Null for a gap. Counters the delta does not name stay the same objects, so memoized rows skip. */
export function applyDelta(state: AppState, delta: StateDelta): AppState | null {
  if (state.revision !== delta.from) return null;
  let core = state.core;
  if (delta.core === null) core = null;
  else if (delta.core) {
    const { connection, stats, outbox, upserted, removed, order } = delta.core;
    const previous = state.core?.counters ?? [];
    const named = new Map(upserted.map((c) => [c.id, c]));
    let counters: CounterState[];
    if (order) {
      const gone = new Set(removed);
      const kept = new Map(previous.filter((c) => !gone.has(c.id)).map((c) => [c.id, c]));
      const listed = order.map((id) => named.get(id) ?? kept.get(id));
      if (listed.some((c) => c === undefined)) return null;
      counters = listed as CounterState[];
    } else {
      if (removed.length > 0) return null;
      let found = 0;
      counters = named.size === 0 ? previous : previous.map((c) => (named.has(c.id) ? (found += 1, named.get(c.id)!) : c));
      if (found !== named.size) return null; // a new counter comes with the order
    }
    core = { connection, stats, outbox, counters };
  }
  return { ...state, ...delta.changed, core, revision: delta.to };
}
