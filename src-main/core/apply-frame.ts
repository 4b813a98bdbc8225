// What a parsed notification does to the counters the core knows (docs/api.md §6, O4, O5).
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { CounterView, Notified } from './counter-merge';
import type { CounterTable } from './counter-table';
import type { Frame } from './notifications';

export interface FrameEffects {
  resync(): void;
  remove(id: string): void;
  remote(change: RemoteChange): void;
  /** Merges a notification while nothing of ours is on the wire; answers someone else's change, if it is one. */
  merge(record: CounterView, notified: Notified): RemoteChange | undefined;
  /** Day counts carry no dates in counterUpdated: fetch the new start/end date. */
  refreshDates(id: string): void;
}

export function applyFrame(frame: Frame, table: CounterTable, effects: FrameEffects): void {
  switch (frame.kind) {
    case 'counterUpdated': {
      const { counterId, name, type, value } = frame.params;
      const record = table.get(counterId);
      if (!record) return effects.resync(); // newly visible to us: learn it whole
      if (table.noteUpdated(record, { value, name, type })) return; // our change is on the wire: judged when it lands
      const remote = effects.merge(record, { value, name });
      if (!remote) return;
      effects.remote(remote);
      if (type !== 'UpDown') effects.refreshDates(counterId);
      return;
    }
    case 'counterDeleted':
      if (frame.counterId === undefined) return effects.resync(); // params name no counter
      return effects.remove(frame.counterId);
    case 'counterMemberlistChanged':
      return effects.resync(); // visibility may have changed either way
    case 'ignored':
      return;
  }
}
