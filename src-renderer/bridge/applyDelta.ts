import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, StateDelta } from '../../src-shared/ipc/contract';

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
    const changed = new Map(upserted.map((c) => [c.id, c]));
    let counters: CounterState[];
    if (order) {
      const gone = new Set(removed);
      const byId = new Map(previous.filter((c) => !gone.has(c.id)).map((c) => [c.id, c]));
      for (const c of upserted) byId.set(c.id, c);
      const listed = order.map((id) => byId.get(id));
      if (listed.some((c) => c === undefined)) return null;
      counters = listed as CounterState[];
    } else {
      // Same ids in the same order: replace the changed ones in place.
      let replaced = 0;
      counters =
        changed.size === 0
          ? previous
          : previous.map((c) => {
              const next = changed.get(c.id);
              if (next) replaced += 1;
              return next ?? c;
            });
      if (removed.length > 0 || replaced !== changed.size) return null;
    }
    core = { connection, stats, outbox, counters };
  }
  return { ...state, ...delta.changed, core, revision: delta.to };
}
