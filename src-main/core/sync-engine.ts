// The sync core: ties the REST client, the rate scheduler, the pending ledger, the
// notification socket, the live sync and the change sender into the CounterCore contract.
// Above ~300 lines because it is the contract's one door: each of its methods is here and
// delegates to the part that does the work; the rest is the wiring of those parts.
import { Amount } from '../../src-shared/api/schemas';
import type { CounterV2, PatchBodyV2 } from '../../src-shared/api/schemas';
import type { ConnectionState, CoreSnapshot, CoreStats, RemoteChange } from '../../src-shared/domain/snapshot';
import { isDismissableFlag } from '../../src-shared/domain/counter-flags';
import type { ApiClient } from './api-client';
import { createApiClient } from './api-client';
import { ChangeSender } from './change-sender';
import { OutcomeJudge } from './change-outcomes';
import type { ChangeOutcome, Clock, CoreOptions, CoreTuning, CounterCore, EditedField, UnconfirmedChoice, WebSocketFactory } from './contract';
import { CoreError } from './contract';
import { toCounterState } from './counter-table';
import type { CounterRecord } from './counter-table';
import { describe, isCoreError } from './errors';
import { LiveSocket } from './live-socket';
import { LiveSync } from './live-sync';
import type { Phase } from './live-sync';
import { createMemoryStore } from './memory-store';
import { isValidTimeZone, systemTimeZone } from './midnight';
import { OwnWindow } from './own-window';
import { sendPatch } from './patch-sender';
import { pausedConnection } from './pause-status';
import { PendingLedger } from './pending-ledger';
import { Publisher } from './publisher';
import { RateScheduler } from './rate-scheduler';
import { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_TUNING, MUTATION_DEADLINE_FACTOR } from './tuning';
import { realClock } from './real-clock';

/** What the default WebSocket factory is built with: a handshake deadline and the frame cap. */
export interface DefaultSocketLimits {
  handshakeTimeoutMs: number;
  maxFrameBytes: number;
}

export class SyncEngine implements CounterCore {
  private readonly clock: Clock;
  private readonly tuning: CoreTuning;
  private readonly api: ApiClient;
  private readonly scheduler: RateScheduler;
  private readonly ledger: PendingLedger;
  private readonly socket: LiveSocket;
  private readonly own: OwnWindow;
  private readonly sender: ChangeSender;
  private readonly judge: OutcomeJudge;
  private readonly live: LiveSync;
  private readonly shutdown = new AbortController();
  private readonly records = new Map<string, CounterRecord>();
  private readonly log: (message: string) => void;
  private timezone: string;
  private phase: Phase = 'idle';
  private connection: ConnectionState = { status: 'idle' };
  private readonly stats: CoreStats = { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 };
  private firstSync: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  private readonly publisher = new Publisher(
    () => this.snapshot(),
    () => this.isSettled(),
  );

  constructor(options: CoreOptions, defaultWebSocket: (limits: DefaultSocketLimits) => WebSocketFactory) {
    this.clock = options.clock ?? realClock;
    this.tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.log = options.log ?? (() => undefined);
    this.timezone = options.timezone ?? systemTimeZone();
    if (!isValidTimeZone(this.timezone)) throw new CoreError('badRequest', `Unknown timezone "${this.timezone}"`);
    const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.api = createApiClient({
      baseUrl: options.baseUrl,
      token: options.token,
      fetch: options.fetch ?? globalThis.fetch,
      clock: this.clock,
      timeoutMs,
      mutationTimeoutMs: options.mutationTimeoutMs ?? timeoutMs * MUTATION_DEADLINE_FACTOR,
      shutdown: this.shutdown.signal,
      maxAnswerBytes: this.tuning.maxAnswerBytes,
    });
    this.scheduler = new RateScheduler(this.clock, this.tuning, {
      onSent: () => (this.stats.requests += 1),
      onRateLimited: () => {
        this.stats.rateLimited += 1;
        this.publish();
      },
      onResumed: () => this.publish(),
    });
    this.ledger = new PendingLedger(options.store ?? createMemoryStore(), this.log);
    this.own = new OwnWindow(this.clock, (change) => this.publisher.emitRemote(change));
    // What every part below works on.
    const parts = { clock: this.clock, tuning: this.tuning, api: this.api, scheduler: this.scheduler, ledger: this.ledger, records: this.records, own: this.own };
    this.live = new LiveSync({
      ...parts,
      stats: this.stats,
      phase: () => this.phase,
      timezone: () => this.timezone,
      ownOnWire: (id) => this.own.active(id),
      setConnection: (connection) => this.setConnection(connection),
      publish: () => this.publish(),
      reportRemote: (change) => this.publisher.emitRemote(change),
      drop: (id, why) => this.judge.drop(id, why),
      log: this.log,
      becomeUnauthorized: (message) => this.becomeUnauthorized(message),
      failStart: (error) => this.failStart(error),
      synced: (first) => this.synced(first),
    });
    this.socket = new LiveSocket({
      url: () => this.api.webSocketUrl(this.timezone),
      headers: () => this.api.authHeaders(),
      factory: options.webSocket ?? defaultWebSocket({ handshakeTimeoutMs: timeoutMs, maxFrameBytes: this.tuning.maxFrameBytes }),
      clock: this.clock,
      tuning: this.tuning,
      // A 429 on the upgrade delays the socket only (its own backoff); REST goes on (issue 11 case 9).
      schedule: (task) => this.scheduler.run('background', task, { rateLimited: 'reject' }),
      handlers: {
        onOpen: () => this.live.socketOpened(),
        onFrame: (data, isBinary) => this.live.frameReceived(data, isBinary),
        onDown: (reason, nextAttemptAt, failures) => this.live.socketDown(reason, nextAttemptAt, failures),
        onUnauthorized: (message) => this.becomeUnauthorized(message),
      },
    });
    this.judge = new OutcomeJudge({
      ...parts,
      timezone: () => this.timezone,
      stopped: () => this.phase === 'stopped',
      changed: () => this.publish(),
      outcome: (counterId, amount, outcome, edit) => this.publisher.emitOutcome({ counterId, amount, outcome, at: this.clock.now(), ...(edit && { edit }) }),
      log: this.log,
      remote: (change) => this.publisher.emitRemote(change),
      resync: () => void this.live.resync(),
      gone: (id, message) => this.markGone(id, message),
      unauthorized: (message) => this.becomeUnauthorized(message),
      pump: (id) => this.sender.pump(id),
    });
    this.sender = new ChangeSender({
      ...parts,
      slowAfterMs: timeoutMs,
      canSend: () => this.phase === 'running',
      stopped: () => this.phase === 'stopped',
      changed: () => this.publish(),
      judge: (attempt) => this.judge.judge(attempt),
      drop: (id, why) => this.judge.drop(id, why),
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
    // The last write; from here on nothing is sent and nothing is written (issue 22).
    await this.ledger.close();
  }

  private halt(reason: CoreError): void {
    this.socket.stop();
    this.scheduler.close(reason);
    this.sender.dispose();
    this.own.clear();
    this.live.dispose();
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

  private failStart(error: unknown): void {
    this.phase = 'idle';
    this.socket.stop();
    this.live.dispose();
    this.setConnection({ status: 'offline', message: describe(error) });
    this.firstSync?.reject(isCoreError(error) ? error : new CoreError('network', describe(error)));
    this.firstSync = undefined;
  }

  private synced(first: boolean): void {
    if (first) {
      this.judge.recoverFromLastRun((id) => this.sender.onWire(id));
      this.phase = 'running';
      this.publisher.startupOver();
      this.firstSync?.resolve();
      this.firstSync = undefined;
    }
    this.sender.pumpAll();
  }

  // ---- reading state -------------------------------------------------------------

  snapshot(): CoreSnapshot {
    const counters = [...this.records.values()].map((record) =>
      toCounterState(record, {
        localDelta: this.ledger.localDelta(record.id),
        pending: this.ledger.isBusy(record.id) || this.sender.onWire(record.id),
        unconfirmed: this.ledger.unconfirmed(record.id),
        sendingSlowly: this.sender.isSlow(record.id),
      }),
    );
    return { connection: pausedConnection(this.connection, this.scheduler.pausedUntil, this.clock.now()), counters, stats: { ...this.stats } };
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
    return this.phase === 'running' && !this.live.resyncs.busy && this.ledger.isEmpty() && !this.sender.busy();
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
    if (this.phase === 'stopped') return;
    const record = this.records.get(id);
    if (record) {
      if (record.error?.kind === 'gone' || record.refused[sign > 0 ? 'increment' : 'decrement'] !== undefined) return;
      // A new click is the user moving on from a refusal; a lost change still waits for its answer.
      if (record.error?.kind === 'rejected') delete record.error;
    } else if (!this.beforeFirstSync()) return;
    this.ledger.add(id, sign * amount);
    void this.ledger.persist(); // after a 401 too: the next token sends it
    this.publish();
    this.sender.pump(id);
  }

  /** Nothing is listed yet (a launch still connecting): a click is kept for the first list to send or drop. */
  private beforeFirstSync(): boolean {
    return this.phase === 'idle' || this.phase === 'starting';
  }

  undo(id: string, amount: number): { withdrawn: number; opposite: number } {
    if (this.phase === 'stopped' || !Number.isInteger(amount) || amount === 0 || !this.records.has(id)) return { withdrawn: 0, opposite: 0 };
    return this.judge.withdraw(id, amount);
  }

  saved(): Promise<boolean> {
    return this.ledger.saved();
  }

  localDelta(id: string): number {
    return this.ledger.localDelta(id);
  }

  update(id: string, patch: PatchBodyV2): Promise<CounterV2> {
    const blocked = () => (this.phase === 'running' ? undefined : new CoreError(this.phase === 'unauthorized' ? 'unauthorized' : 'network', `Cannot update while ${this.phase}`));
    const { api, scheduler, records, own } = this;
    const changed = () => this.publish();
    const gone = (counterId: string, message: string) => this.markGone(counterId, message);
    const unauthorized = (message: string) => this.becomeUnauthorized(message);
    const edited = (counterId: string, fields: EditedField[], from: number, to: number) => this.judge.edited(counterId, fields, from, to);
    return sendPatch({ api, scheduler, records, own, timezone: () => this.timezone, blocked, changed, gone, unauthorized, edited }, id, patch);
  }

  dismissError(id: string): void {
    const record = this.records.get(id);
    if (!record?.error || !isDismissableFlag(record.error.kind)) return;
    delete record.error;
    this.publish();
  }

  resolveUnconfirmed(id: string, choice: UnconfirmedChoice): void {
    if (this.phase === 'stopped') return;
    this.judge.resolve(id, choice);
  }

  retryNow(): void {
    if (this.phase !== 'running') return; // before the first sync the session drives the tries
    this.socket.retryNow();
    this.live.retryNow();
    this.sender.wake();
  }

  notifyResume(): void {
    if (this.phase !== 'running') return;
    // After sleep the socket is likely dead and notifications were missed: reopen, which resyncs.
    this.socket.reconnectNow('Reconnecting after the computer woke up');
  }

  setTimezone(timezone: string): void {
    if (!isValidTimeZone(timezone)) throw new CoreError('badRequest', `Unknown timezone "${timezone}"`);
    if (timezone === this.timezone) return;
    this.timezone = timezone;
    if (this.phase !== 'running') return;
    this.live.zoneChanged(); // today may be another date there: show it now, the resync confirms
    // The socket's values are resolved for its own timezone: reopen it; its open resyncs.
    this.socket.reconnectNow('Reconnecting for the new time zone');
  }

  // ---- helpers ------------------------------------------------------------------

  private markGone(id: string, message: string): void {
    const record = this.records.get(id);
    if (record) record.error = { kind: 'gone', message };
    this.publish();
    // not-shown.md #10: drop it after a resync if it is really no longer ours.
    void this.live.resync();
  }

  private setConnection(connection: ConnectionState): void {
    this.connection = connection;
    this.publish();
  }

  private publish(): void {
    this.publisher.changed();
  }
}
