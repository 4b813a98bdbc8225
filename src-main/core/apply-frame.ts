// What a parsed notification does to the counters the core knows (§6, not-shown.md #4–#5).
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { CounterRecord, Notified } from './counter-table';
import type { Frame } from './notifications';

export interface FrameEffects {
  resync(): void;
  remove(id: string): void;
  remote(change: RemoteChange): void;
  /** Merges a notification while nothing of ours is on the wire; answers someone else's change, if it is one. */
  merge(record: CounterRecord, notified: Notified): RemoteChange | undefined;
  /** Day counts carry no dates in counterUpdated: fetch the new start/end date. */
  refreshDates(id: string): void;
}

export function applyFrame(frame: Frame, records: Map<string, CounterRecord>, effects: FrameEffects): void {
  switch (frame.kind) {
    case 'counterUpdated': {
      const { counterId, name, type, value } = frame.params;
      const record = records.get(counterId);
      if (!record) return effects.resync(); // newly visible to us: learn it whole
      record.name = name;
      record.type = type;
      if (record.stash) {
        record.stash.push({ value, name }); // our change is on the wire: judged when it lands
        return;
      }
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
