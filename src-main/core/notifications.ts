// One WebSocket frame, parsed into what the core should do (docs/api.md §6, O4–O6). Never throws: a
// frame we do not understand is ignored. A counter name is server text: sanitized here.
import { CounterRefParams, CounterUpdatedParamsV2, JsonRpcNotification } from '../../src-shared/api/schemas';
import type { CounterUpdatedParamsV2 as CounterUpdated } from '../../src-shared/api/schemas';
import { TEXT_LIMITS, type ServerTextCleaner } from '../../src-shared/text/server-text';

export type Frame =
  | { kind: 'counterUpdated'; params: CounterUpdated }
  /** Undefined when the params name no counter: the caller resyncs. */
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
