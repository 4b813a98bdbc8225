// The Electron-free sync core: createCounterCore builds every part once, each with exactly what it uses.
import { WebSocket } from 'ws';
import type { ConnectionState } from '../../src-shared/domain/snapshot';
import { createApiClient } from './api-client';
import { realClock } from './clock';
import type { CoreOptions, CoreTuning, CounterCore, WebSocketFactory } from './contract';
import { CoreError } from './contract';
import { CounterTable } from './counter-table';
import { LiveSocket } from './live-socket';
import { LiveSync } from './live-sync';
import { createMemoryStore } from './memory-store';
import { isKnownZone, systemTimeZone } from '../../src-shared/time/calendar';
import { DayWatch } from './midnight';
import { OutgoingChanges } from './outgoing-changes';
import { sendPatch } from './patch-sender';
import { PendingLedger } from './pending-ledger';
import { RateScheduler } from './rate-scheduler';
import { Publisher, Snapshots, isSettled } from './snapshot';
import { Lifecycle, SyncEngine, type CoreStatus } from './sync-engine';
import { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_TUNING, MUTATION_DEADLINE_FACTOR } from './tuning';

export type { ChangeOutcome, Clock, CoreOptions, CoreTuning, CounterCore, PendingStore, WebSocketFactory } from './contract';
export { CoreError } from './contract';
export { createMemoryStore } from './memory-store';
export { DEFAULT_TUNING } from './tuning';

const defaultWebSocket =
  (handshakeTimeoutMs: number, maxFrameBytes: number): WebSocketFactory =>
  (url, { headers }) =>
    new WebSocket(url, { headers, handshakeTimeout: handshakeTimeoutMs, maxPayload: maxFrameBytes, followRedirects: false });

export function createCounterCore(options: CoreOptions): CounterCore {
  const clock = options.clock ?? realClock;
  const tuning: CoreTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const log = options.log ?? (() => undefined);
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const timezone = options.timezone ?? systemTimeZone();
  if (!isKnownZone(timezone)) throw new CoreError('badRequest', `Unknown timezone "${timezone}"`);
  const status: CoreStatus = { phase: 'idle', timezone, connection: { status: 'idle' }, stats: { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 } };
  const phase = () => status.phase;
  const zone = () => status.timezone;

  // Callbacks reach parts built further down; none runs before the core is built.
  const events: Publisher = new Publisher({
    clock,
    snapshot: () => snapshots.snapshot(),
    settled: () => isSettled(status.phase, () => live.resyncs.busy || !ledger.isEmpty() || wire.busy()),
  });
  const requests = new AbortController();
  const api = createApiClient({
    baseUrl: options.baseUrl,
    token: options.token,
    fetch: options.fetch ?? globalThis.fetch,
    clock,
    timeoutMs: requestTimeoutMs,
    mutationTimeoutMs: options.mutationTimeoutMs ?? requestTimeoutMs * MUTATION_DEADLINE_FACTOR,
    shutdown: requests.signal,
    maxAnswerBytes: tuning.maxAnswerBytes,
  });
  const scheduler = new RateScheduler(clock, tuning, {
    onSent: () => (status.stats.requests += 1),
    onRateLimited: () => {
      status.stats.rateLimited += 1;
      events.changed();
    },
    onResumed: () => events.changed(),
  });
  const table = new CounterTable();
  const ledger = new PendingLedger(options.store ?? createMemoryStore(), log, (id) => table.touch(id));
  const gone = (id: string, message: string) => live.gone(id, message);
  const unauthorized = (message: string) => lifecycle.becomeUnauthorized(message);
  const wire: OutgoingChanges = new OutgoingChanges({
    clock, tuning, requestTimeoutMs, phase, timezone: zone, api, scheduler, ledger, table, events, unauthorized, gone,
    resync: () => void live.resync(),
    drop: (id, why) => live.drop(id, why),
  });
  const days = options.days ?? new DayWatch(clock, zone);
  const live = new LiveSync({
    clock, tuning, log, phase, timezone: zone, days, ownDays: options.days === undefined, stats: status.stats, api, scheduler, ledger, table, events, wire, unauthorized,
    connection: (state: ConnectionState) => lifecycle.setConnection(state),
    startFailed: (error) => lifecycle.failStart(error),
    synced: () => lifecycle.synced(),
  });
  const socket = new LiveSocket({
    url: () => api.webSocketUrl(status.timezone),
    headers: () => api.authHeaders(),
    factory: options.webSocket ?? defaultWebSocket(requestTimeoutMs, tuning.maxFrameBytes),
    clock,
    tuning,
    // A 429 on the upgrade delays the socket only (its own backoff); REST goes on.
    schedule: (task) => scheduler.run('background', task, { rateLimited: 'reject' }),
    handlers: live,
  });
  const lifecycle = new Lifecycle({
    status, clock, requests, ledger, socket, scheduler, events,
    dispose: () => {
      wire.dispose();
      live.dispose();
    },
  });
  const snapshots: Snapshots = new Snapshots({ clock, connection: () => status.connection, stats: status.stats, table, ledger, isSlow: (id) => wire.isSlow(id), scheduler });
  const update = (id: string, patch: Parameters<CounterCore['update']>[1]) =>
    sendPatch({ phase, timezone: zone, api, scheduler, table, wire, events, unauthorized, gone }, id, patch);
  return new SyncEngine({ status, lifecycle, events, snapshots, ledger, table, wire, live, socket, update });
}
