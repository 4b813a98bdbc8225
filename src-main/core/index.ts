// The Electron-free sync core: createCounterCore(options).
import { WebSocket } from 'ws';
import type { CoreOptions, CounterCore, WebSocketFactory } from './contract';
import type { DefaultSocketLimits } from './core-parts';
import { SyncEngine } from './sync-engine';

export type { ChangeOutcome, Clock, CoreOptions, CoreTuning, CounterCore, PendingStore, UnconfirmedChoice, WebSocketFactory, CoreErrorKind } from './contract';
export { CoreError } from './contract';
export { createMemoryStore } from './memory-store';
export { DEFAULT_TUNING } from './tuning';
export { realClock } from './real-clock';

/**
 * `ws` with a handshake deadline, so an upgrade into a black hole fails instead of hanging,
 * and a frame cap far below ws's default 100 MiB (a frame past it closes the socket with 1009).
 * Redirects are not followed (ws's default, kept explicit): the token would go along.
 */
export const defaultWebSocket =
  ({ handshakeTimeoutMs, maxFrameBytes }: DefaultSocketLimits): WebSocketFactory =>
  (url, { headers }) =>
    new WebSocket(url, { headers, handshakeTimeout: handshakeTimeoutMs, maxPayload: maxFrameBytes, followRedirects: false });

export function createCounterCore(options: CoreOptions): CounterCore {
  return new SyncEngine(options, defaultWebSocket);
}
