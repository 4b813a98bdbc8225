// The sync core: ties the REST client, the rate scheduler, the pending ledger, the
// notification socket and the change sender into the CounterCore contract.
import type { RawData } from 'ws';
import { Amount, PatchBodyV2 } from '../../src-shared/api/schemas';
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { ConnectionState, CoreSnapshot, CoreStats, RemoteChange } from '../../src-shared/domain/snapshot';
import { isDismissableFlag } from '../../src-shared/domain/counter-flags';
import type { ApiClient } from './api-client';
import { createApiClient } from './api-client';
import { ChangeSender } from './change-sender';
import type { ChangeOutcome, Clock, CoreOptions, CoreTuning, CounterCore, WebSocketFactory } from './contract';
import { CoreError } from './contract';
import { expectEcho, mergeList, toCounterState } from './counter-table';
import type { CounterRecord } from './counter-table';
import { applyFrame } from './apply-frame';
import { ResyncLoop } from './resync-loop';
import { describe, isCoreError } from './errors';
import { LiveSocket } from './live-socket';
import { createMemoryStore } from './memory-store';
import { isValidTimeZone, nextLocalMidnight, systemTimeZone } from './midnight';
import { parseFrame } from './notifications';
import type { Frame } from './notifications';
import { PendingLedger } from './pending-ledger';
import { Publisher } from './publisher';
import { RateScheduler } from './rate-scheduler';
import { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_TUNING, realClock } from './tuning';

type Phase = 'idle' | 'starting' | 'running' | 'unauthorized' | 'stopped';

/** After this many failed attempts in a row the connection is shown as offline, not reconnecting. */
const OFFLINE_AFTER_FAILURES = 3;

export class SyncEngine implements CounterCore {
  private readonly clock: Clock;
  private readonly tuning: CoreTuning;
  private readonly api: ApiClient;
  private readonly scheduler: RateScheduler;
  private readonly ledger: PendingLedger;
  private readonly socket: LiveSocket;
  private readonly sender: ChangeSender;
  private readonly shutdown = new AbortController();
  private readonly records = new Map<string, CounterRecord>();
  private timezone: string;
  private phase: Phase = 'idle';
  private connection: ConnectionState = { status: 'idle' };
  private readonly stats: CoreStats = { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 };
  private socketEpoch = 0;
  private socketOpen = false;
  private readonly resyncs: ResyncLoop;
  private firstSync: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  private midnightTimer: unknown;
  private readonly publisher = new Publisher(
    () => this.snapshot(),
    () => this.isSettled(),
  );

  constructor(options: CoreOptions, defaultWebSocket: (timeoutMs: number) => WebSocketFactory) {
    this.clock = options.clock ?? realClock;
    this.tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.timezone = options.timezone ?? systemTimeZone();
    if (!isValidTimeZone(this.timezone)) throw new CoreError('badRequest', `Unknown timezone "${this.timezone}"`);
    const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.api = createApiClient({
      baseUrl: options.baseUrl,
      token: options.token,
      fetch: options.fetch ?? globalThis.fetch,
      clock: this.clock,
      timeoutMs,
      shutdown: this.shutdown.signal,
    });
    this.scheduler = new RateScheduler(this.clock, this.tuning, {
      onSent: () => (this.stats.requests += 1),
      onRateLimited: () => {
        this.stats.rateLimited += 1;
        this.publish();
      },
    });
    this.ledger = new PendingLedger(options.store ?? createMemoryStore());
    this.socket = new LiveSocket({
      url: () => this.api.webSocketUrl(this.timezone),
      headers: () => this.api.authHeaders(),
      factory: options.webSocket ?? defaultWebSocket(timeoutMs),
      clock: this.clock,
      tuning: this.tuning,
      schedule: (task) => this.scheduler.run('background', task),
      handlers: {
        onOpen: () => this.socketOpened(),
        onFrame: (data, isBinary) => this.frameReceived(data, isBinary),
        onDown: (reason, nextAttemptAt, failures) => this.socketDown(reason, nextAttemptAt, failures),
        onUnauthorized: (message) => this.becomeUnauthorized(message),
      },
    });
    this.sender = new ChangeSender({
      clock: this.clock,
      tuning: this.tuning,
      api: this.api,
      scheduler: this.scheduler,
      ledger: this.ledger,
      records: this.records,
      timezone: () => this.timezone,
      socketEpoch: () => (this.socketOpen ? this.socketEpoch : undefined),
      streamIntact: (epoch) => this.streamIntact(epoch, Math.min(this.tuning.pongTimeoutMs, timeoutMs)),
      canSend: () => this.phase === 'running',
      stopped: () => this.phase === 'stopped',
      changed: () => this.publish(),
      reportRemote: (change) => this.emitRemote(change),
      outcome: (counterId, amount, outcome) => this.publisher.emitOutcome({ counterId, amount, outcome, at: this.clock.now() }),
      gone: (id, message) => this.markGone(id, message),
      unauthorized: (message) => this.becomeUnauthorized(message),
    });
    this.resyncs = new ResyncLoop(this.clock, this.tuning, {
      active: () => this.phase === 'starting' || this.phase === 'running',
      list: async () => (await this.scheduler.run('background', () => this.api.listCounters(this.timezone)))?.counters,
      apply: (counters) => this.applyList(counters),
      synced: (held) => this.synced(held),
      failed: (error) => this.resyncFailed(error),
      started: () => (this.stats.resyncs += 1),
      finished: () => this.publish(),
    });
  }

  // ---- lifecycle --------------------------------------------------------------

  async start(): Promise<void> {
    if (this.phase !== 'idle') throw new CoreError('badRequest', `start() called while ${this.phase}`);
    this.phase = 'starting';
    this.setConnection({ status: 'connecting' });
    await this.ledger.load();
    if (this.phase !== 'starting') throw new CoreError('network', 'The core was stopped before the first sync');
    const synced = new Promise<void>((resolve, reject) => (this.firstSync = { resolve, reject }));
    // The socket opens first and its open triggers the sync, so nothing changed between the two goes unseen.
    this.socket.start();
    return synced;
  }

  async stop(): Promise<void> {
    if (this.phase === 'stopped') return;
    this.phase = 'stopped';
    this.halt(new CoreError('network', 'The core was stopped'));
    this.shutdown.abort();
    this.firstSync?.reject(new CoreError('network', 'The core was stopped before the first sync'));
    this.firstSync = undefined;
    this.setConnection({ status: 'stopped' });
    await this.ledger.persist();
  }

  private halt(reason: CoreError): void {
    this.socket.stop();
    this.scheduler.close(reason);
    this.sender.dispose();
    this.clearTimer('midnightTimer');
    this.resyncs.dispose();
    this.publish();
  }

  private becomeUnauthorized(message: string): void {
    if (this.phase === 'stopped' || this.phase === 'unauthorized') return;
    this.phase = 'unauthorized';
    const error = new CoreError('unauthorized', message, 401);
    this.halt(error);
    this.setConnection({ status: 'unauthorized', message: `The server refused the token: ${message}. Enter a new token.` });
    this.firstSync?.reject(error);
    this.firstSync = undefined;
  }

  /** The first sync failed: give up cleanly so start() can be called again. */
  private failStart(error: unknown): void {
    this.phase = 'idle';
    this.socket.stop();
    this.resyncs.dispose();
    this.setConnection({ status: 'offline', message: describe(error) });
    this.firstSync?.reject(isCoreError(error) ? error : new CoreError('network', describe(error)));
    this.firstSync = undefined;
  }

  // ---- reading state -------------------------------------------------------------

  snapshot(): CoreSnapshot {
    const counters = [...this.records.values()].map((record) =>
      toCounterState(record, this.ledger.localDelta(record.id), this.ledger.isBusy(record.id) || this.sender.onWire(record.id)),
    );
    return { connection: { ...this.connection }, counters, stats: { ...this.stats } };
  }

  subscribe(listener: (snapshot: CoreSnapshot) => void): () => void {
    return this.publisher.subscribe(listener);
  }

  onRemoteChange(listener: (change: RemoteChange) => void): () => void {
    return this.publisher.onRemoteChange(listener);
  }

  onChangeOutcome(listener: (outcome: ChangeOutcome) => void): () => void {
    return this.publisher.onChangeOutcome(listener);
  }

  settled(): Promise<void> {
    return this.publisher.settled();
  }

  /** Nothing pending or in flight — or nothing will be tried until start() (idle) or ever again (stopped, token refused). */
  private isSettled(): boolean {
    if (this.phase === 'idle' || this.phase === 'stopped' || this.phase === 'unauthorized') return true;
    return this.phase === 'running' && !this.resyncs.busy && this.ledger.isEmpty() && !this.sender.busy();
  }

  // ---- user actions -----------------------------------------------------------------

  increment(id: string, amount = 1): void {
    this.click(id, amount, 1);
  }

  decrement(id: string, amount = 1): void {
    this.click(id, amount, -1);
  }

  private click(id: string, amount: number, sign: 1 | -1): void {
    if (!Amount.safeParse(amount).success) throw new CoreError('invalidAmount', `An amount must be a whole number of at least 1, not ${amount}`);
    const record = this.records.get(id);
    if (!record || this.phase === 'stopped' || record.error?.kind === 'gone') return;
    if (record.refused[sign > 0 ? 'increment' : 'decrement'] !== undefined) return;
    if (record.error) delete record.error; // a new click is the user moving on from the last problem
    this.ledger.add(id, sign * amount);
    void this.ledger.persist(); // after a 401 too: the next token sends it
    this.publish();
    this.sender.pump(id);
  }

  async update(id: string, patch: PatchBodyV2): Promise<CounterV2> {
    const body = PatchBodyV2.safeParse(patch);
    if (!body.success) throw new CoreError('badRequest', body.error.issues[0]?.message ?? 'Invalid update');
    if (this.phase !== 'running') throw new CoreError(this.phase === 'unauthorized' ? 'unauthorized' : 'network', `Cannot update while ${this.phase}`);
    if (!this.records.has(id)) throw new CoreError('notFound', `No counter ${id}`);
    try {
      const answered = await this.scheduler.run('user', () => this.api.patch(id, body.data));
      const counter = answered ?? (await this.scheduler.run('user', () => this.api.getCounter(id, this.timezone)));
      if (!counter) throw new CoreError('badResponse', 'No counter in the answer');
      const record = this.records.get(id);
      if (record) {
        record.name = counter.name;
        record.startDate = counter.startDate;
        record.endDate = counter.endDate;
        if (!this.sender.onWire(id)) {
          record.confirmed = counter.value;
          expectEcho(record, counter.value, this.clock.now());
        }
        this.publish();
      }
      return counter;
    } catch (error) {
      if (isCoreError(error) && error.kind === 'unauthorized') this.becomeUnauthorized(error.message);
      if (isCoreError(error) && error.kind === 'notFound') this.markGone(id, error.message);
      throw error;
    }
  }

  dismissError(id: string): void {
    const record = this.records.get(id);
    if (!record?.error || !isDismissableFlag(record.error.kind)) return;
    delete record.error;
    this.publish();
  }

  notifyResume(): void {
    if (this.phase !== 'running') return;
    // After sleep the socket is likely dead and notifications were missed: reopen, which resyncs.
    this.socket.reconnectNow();
  }

  setTimezone(timezone: string): void {
    if (!isValidTimeZone(timezone)) throw new CoreError('badRequest', `Unknown timezone "${timezone}"`);
    if (timezone === this.timezone) return;
    this.timezone = timezone;
    // The socket's values are resolved for its own timezone: reopen it; its open resyncs.
    if (this.phase === 'running') this.socket.reconnectNow();
  }

  // ---- socket ----------------------------------------------------------------------

  private socketOpened(): void {
    this.socketEpoch += 1;
    this.socketOpen = true;
    // Echoes sent to an earlier socket never arrive on this one.
    for (const record of this.records.values()) record.expectedEchoes = [];
    void this.resync();
  }

  /** See SenderContext.streamIntact. */
  private async streamIntact(epoch: number, probeTimeoutMs: number): Promise<boolean> {
    const same = () => this.socketOpen && this.socketEpoch === epoch && !this.resyncs.busy;
    return same() && (await this.socket.probe(probeTimeoutMs)) && same();
  }

  private socketDown(reason: string, nextAttemptAt: number, failures: number): void {
    this.socketOpen = false;
    if (this.phase === 'stopped' || this.phase === 'unauthorized') return;
    const status = failures > OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting';
    this.setConnection({ status, nextAttemptAt, message: reason });
    // Without a socket at start, sync over REST anyway; the socket keeps trying.
    if (this.phase === 'starting' && !this.resyncs.busy) void this.resync();
  }

  private frameReceived(data: RawData, isBinary: boolean): void {
    const frame = parseFrame(data, isBinary);
    if (frame.kind === 'ignored') {
      this.stats.ignoredFrames += 1;
      this.publish();
      return;
    }
    this.stats.notifications += 1;
    if (!this.resyncs.hold(frame)) this.applyFrame(frame);
  }

  private applyFrame(frame: Frame): void {
    applyFrame(frame, this.records, this.clock.now(), {
      resync: () => void this.resync(),
      remove: (id) => this.remove(id),
      remote: (change) => this.emitRemote(change),
      refreshDates: (id) => void this.refreshDates(id),
    });
    this.publish();
  }

  private async refreshDates(id: string): Promise<void> {
    try {
      const counter = await this.scheduler.run('background', () => this.api.getCounter(id, this.timezone));
      const record = this.records.get(id);
      if (!counter || !record) return;
      record.startDate = counter.startDate;
      record.endDate = counter.endDate;
      if (!this.sender.onWire(id)) record.confirmed = record.streamValue = counter.value;
      this.publish();
    } catch {
      // The next resync catches up.
    }
  }

  // ---- resync -------------------------------------------------------------------

  private resync(): Promise<void> {
    return this.resyncs.request();
  }

  private applyList(counters: CounterV2[]): void {
    const { remote, removed } = mergeList(this.records, counters, (id) => this.sender.onWire(id));
    if (this.phase === 'running') for (const change of remote) this.emitRemote(change);
    for (const id of removed) this.ledger.forget(id);
    void this.ledger.persist();
  }

  private synced(held: Frame[]): void {
    for (const frame of held) this.applyFrame(frame);
    if (this.phase === 'starting') {
      this.sender.recoverFromLastRun();
      this.phase = 'running';
      this.firstSync?.resolve();
      this.firstSync = undefined;
    }
    if (this.socketOpen) {
      this.socket.markHealthy();
      this.setConnection({ status: 'live' });
    }
    this.scheduleMidnight();
    this.sender.pumpAll();
  }

  /** True when handled; otherwise the loop retries with backoff. */
  private resyncFailed(error: unknown): boolean {
    if (isCoreError(error) && error.kind === 'unauthorized') {
      this.becomeUnauthorized(error.message);
      return true;
    }
    if (this.phase === 'starting') {
      this.failStart(error);
      return true;
    }
    return false;
  }

  private scheduleMidnight(): void {
    this.clearTimer('midnightTimer');
    const now = this.clock.now();
    const at = nextLocalMidnight(this.timezone, now) + this.tuning.midnightMarginMs;
    this.midnightTimer = this.clock.setTimeout(() => {
      this.midnightTimer = undefined;
      void this.resync();
    }, at - now);
  }

  // ---- helpers ------------------------------------------------------------------

  private markGone(id: string, message: string): void {
    const record = this.records.get(id);
    if (record) record.error = { kind: 'gone', message };
    this.publish();
    // not-shown.md #10: drop it after a resync if it is really no longer ours.
    void this.resync();
  }

  private remove(id: string): void {
    if (!this.records.delete(id)) return;
    this.ledger.forget(id);
    void this.ledger.persist();
  }

  private emitRemote(change: RemoteChange): void {
    this.publisher.emitRemote(change);
  }

  private setConnection(connection: ConnectionState): void {
    this.connection = connection;
    this.publish();
  }

  private publish(): void {
    this.publisher.changed();
  }

  private clearTimer(name: 'midnightTimer'): void {
    if (this[name] !== undefined) this.clock.clearTimeout(this[name]);
    this[name] = undefined;
  }
}
