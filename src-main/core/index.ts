// The Electron-free sync core (issue "Counter sync core"): createCounterCore(options).
import { WebSocket } from 'ws';
import type { CoreOptions, CounterCore, WebSocketFactory } from './contract';
import { SyncEngine } from './sync-engine';

export type { ChangeOutcome, Clock, CoreOptions, CoreTuning, CounterCore, PendingStore, WebSocketFactory, CoreErrorKind } from './contract';
export { CoreError } from './contract';
export { createMemoryStore } from './memory-store';
export { DEFAULT_TUNING } from './tuning';

/** `ws` with a handshake deadline, so an upgrade into a black hole fails instead of hanging. */
const defaultWebSocket =
  (handshakeTimeout: number): WebSocketFactory =>
  (url, { headers }) =>
    new WebSocket(url, { headers, handshakeTimeout });

export function createCounterCore(options: CoreOptions): CounterCore {
  return new SyncEngine(options, defaultWebSocket);
}
