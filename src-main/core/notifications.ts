// A WebSocket frame parsed into what the core should do, and done to the table (docs/api.md §6, O4–O6).
// Parsing never throws: a frame we do not understand is ignored. A counter name is server text: sanitized here.
import { CounterRefParams, CounterUpdatedParamsV2, JsonRpcNotification } from '../../src-shared/api/schemas';
import type { CounterUpdatedParamsV2 as CounterUpdated } from '../../src-shared/api/schemas';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import { TEXT_LIMITS, type ServerTextCleaner } from '../../src-shared/text/server-text';
import type { CounterView, Notified } from './counter-merge';
import type { CounterTable } from './counter-table';

export type Frame =
  | { kind: 'counterUpdated'; params: CounterUpdated }
  /** counterId is undefined when the params name no counter: the caller resyncs. */
  | { kind: 'counterDeleted'; counterId: string | undefined }
  | { kind: 'counterMemberlistChanged' }
  | { kind: 'ignored'; reason: 'binary' | 'notJson' | 'notNotification' | 'unknownMethod' | 'badParams' };

export function parseFrame(data: unknown, isBinary: boolean, serverText: ServerTextCleaner): Frame {
  if (isBinary) return { kind: 'ignored', reason: 'binary' };
  const text = typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : undefined;
  if (text === undefined) return { kind: 'ignored', reason: 'binary' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'ignored', reason: 'notJson' };
  }
  const envelope = JsonRpcNotification.safeParse(json);
  // A JSON-RPC request or response (it has an id) is not a notification either.
  if (!envelope.success || (typeof json === 'object' && json !== null && 'id' in json)) return { kind: 'ignored', reason: 'notNotification' };
  const { method, params } = envelope.data;
  switch (method) {
    case 'counterUpdated': {
      const parsed = CounterUpdatedParamsV2.safeParse(params);
      return parsed.success ? { kind: 'counterUpdated', params: { ...parsed.data, name: serverText(parsed.data.name, TEXT_LIMITS.name) } } : { kind: 'ignored', reason: 'badParams' };
    }
    case 'counterDeleted': {
      const parsed = CounterRefParams.safeParse(params);
      return { kind: 'counterDeleted', counterId: parsed.success ? parsed.data : undefined };
    }
    case 'counterMemberlistChanged':
      return { kind: 'counterMemberlistChanged' };
    default:
      return { kind: 'ignored', reason: 'unknownMethod' };
  }
}

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
