// The core's front door (each `CounterCore` method hands off to one part) and its `Lifecycle`.
import { Amount } from '../../src-shared/api/schemas';
import type { CounterV2, PatchBodyV2 } from '../../src-shared/api/schemas';
import type { ConnectionState, CoreSnapshot, CoreStats } from '../../src-shared/domain/snapshot';
import type { Clock } from './clock';
import type { CounterCore, Phase, UnconfirmedChoice } from './contract';
import { CoreError } from './contract';
import type { CounterTable } from './counter-table';
import { describe, isCoreError } from './errors';
import type { LiveSocket } from './live-socket';
import type { LiveSync } from './live-sync';
import { isKnownZone } from '../../src-shared/time/calendar';
import type { OutgoingChanges } from './outgoing-changes';
import type { PendingLedger } from './pending-ledger';
import type { RateScheduler } from './rate-scheduler';
import type { Publisher, Snapshots } from './snapshot';

/** The lifecycle moves the phase and the connection; the front door sets the zone. */
export interface CoreStatus {
  phase: Phase;
  timezone: string;
  connection: ConnectionState;
  readonly stats: CoreStats;
}

interface LifecycleDeps {
  status: Pick<CoreStatus, 'phase' | 'connection'>;
  clock: Pick<Clock, 'now'>;
  /** Aborted at stop(). */
  requests: AbortController;
  ledger: Pick<PendingLedger, 'load' | 'close'>;
  socket: Pick<LiveSocket, 'start' | 'stop'>;
  scheduler: Pick<RateScheduler, 'close'>;
  events: Pick<Publisher, 'changed' | 'startupOver'>;
  /** Drops the sync's and the sends' timers and held judgements. */
  dispose(): void;
}

export class Lifecycle {
  private firstSync: { resolve: () => void; reject: (error: unknown) => void } | undefined;

  constructor(private readonly deps: LifecycleDeps) {}

  get phase(): Phase {
    return this.deps.status.phase;
  }

  /** A click is kept for the first list to send or drop. */
  get beforeFirstSync(): boolean {
    return this.phase === 'idle' || this.phase === 'starting';
  }

  async start(): Promise<void> {
    const { status, ledger, socket } = this.deps;
    if (status.phase !== 'idle') throw new CoreError('badRequest', `start() called while ${status.phase}`);
    status.phase = 'starting';
    this.setConnection({ status: 'connecting' });
    await ledger.load();
    if (this.phase !== 'starting') throw new CoreError('network', 'The core was stopped before the first sync');
    const synced = new Promise<void>((resolve, reject) => (this.firstSync = { resolve, reject }));
    // The socket opens first and its open syncs: nothing changed between the two goes unseen.
    socket.start();
    return synced;
  }

  async stop(): Promise<void> {
    if (this.phase === 'stopped') return;
    this.deps.status.phase = 'stopped';
    this.halt(new CoreError('network', 'The core was stopped'));
    this.deps.requests.abort();
    this.endFirstSync(new CoreError('network', 'The core was stopped before the first sync'));
    this.setConnection({ status: 'stopped' });
    await this.deps.ledger.close(); // the last write
  }

  becomeUnauthorized(message: string): void {
    if (this.phase === 'stopped' || this.phase === 'unauthorized') return;
    this.deps.status.phase = 'unauthorized';
    const error = new CoreError('unauthorized', message, 401);
    this.halt(error);
    this.setConnection({ status: 'unauthorized', message: `The server refused the token: ${message}. Enter a new token.` });
    this.endFirstSync(error);
  }

  /** The first sync failed: cleanly, so start() can be called again. */
  failStart(error: unknown): void {
    this.deps.status.phase = 'idle';
    this.deps.socket.stop();
    this.deps.dispose();
    this.setConnection({ status: 'offline', message: describe(error) });
    this.endFirstSync(isCoreError(error) ? error : new CoreError('network', describe(error)));
  }

  /** A resync completed; the first ends the start. */
  synced(): void {
    if (this.phase !== 'starting') return;
    this.deps.status.phase = 'running';
    this.deps.events.startupOver();
    this.firstSync?.resolve();
    this.firstSync = undefined;
  }

  setConnection(connection: ConnectionState): void {
    const { status, clock } = this.deps;
    // One outage, one "since": from the first drop, through every retry, until live again.
    const down = (state: ConnectionState) => state.status === 'reconnecting' || state.status === 'offline';
    if (down(connection)) connection = { ...connection, since: down(status.connection) ? (status.connection.since ?? clock.now()) : clock.now() };
    status.connection = connection;
    this.deps.events.changed();
  }

  private halt(reason: CoreError): void {
    this.deps.socket.stop();
    this.deps.scheduler.close(reason);
    this.deps.dispose();
    this.deps.events.changed();
  }

  private endFirstSync(error: unknown): void {
    this.firstSync?.reject(error);
    this.firstSync = undefined;
  }
}

interface EngineParts {
  status: Pick<CoreStatus, 'timezone'>;
  lifecycle: Pick<Lifecycle, 'phase' | 'beforeFirstSync' | 'start' | 'stop'>;
  events: Pick<Publisher, 'onSnapshot' | 'onRemoteChange' | 'onChangeOutcome' | 'settled' | 'changed' | 'outcome'>;
  snapshots: Pick<Snapshots, 'snapshot'>;
  ledger: PendingLedger;
  table: CounterTable;
  wire: Pick<OutgoingChanges, 'pump' | 'wake'>;
  live: Pick<LiveSync, 'retryNow' | 'zoneChanged'>;
  socket: Pick<LiveSocket, 'retryNow' | 'reconnectNow'>;
  update(id: string, patch: PatchBodyV2): Promise<CounterV2>;
}

export class SyncEngine implements CounterCore {
  constructor(private readonly parts: EngineParts) {}

  readonly subscribe: CounterCore['subscribe'] = (listener) => this.parts.events.onSnapshot(listener);
  readonly onRemoteChange: CounterCore['onRemoteChange'] = (listener) => this.parts.events.onRemoteChange(listener);
  readonly onChangeOutcome: CounterCore['onChangeOutcome'] = (listener) => this.parts.events.onChangeOutcome(listener);
  readonly start = (): Promise<void> => this.parts.lifecycle.start();
  readonly stop = (): Promise<void> => this.parts.lifecycle.stop();
  readonly snapshot = (): CoreSnapshot => this.parts.snapshots.snapshot();
  readonly settled = (): Promise<void> => this.parts.events.settled();
  readonly saved = (): Promise<boolean> => this.parts.ledger.saved();
  readonly localDelta = (id: string): number => this.parts.ledger.localDelta(id);
  readonly waitingClicks = (id: string): number => this.parts.ledger.waitingClicks(id);
  readonly update = (id: string, patch: PatchBodyV2): Promise<CounterV2> => this.parts.update(id, patch);

  private get stopped(): boolean {
    return this.parts.lifecycle.phase === 'stopped';
  }

  increment(id: string, amount = 1): void {
    this.click(id, amount, 1);
  }

  decrement(id: string, amount = 1): void {
    this.click(id, amount, -1);
  }

  private click(id: string, amount: number, sign: 1 | -1): void {
    if (!Amount.safeParse(amount).success) throw new CoreError('invalidAmount', `An amount must be a whole number of at least 1, not ${amount}`);
    if (this.stopped) return;
    const { table, ledger, events, wire, lifecycle } = this.parts;
    const record = table.get(id);
    if (record) {
      if (record.error?.kind === 'gone' || record.refused[sign > 0 ? 'increment' : 'decrement'] !== undefined) return;
      table.clearRejected(record);
    } else if (!lifecycle.beforeFirstSync) return;
    ledger.add(id, sign * amount);
    void ledger.persist(); // after a 401 too: the next token sends it
    events.changed();
    wire.pump(id);
  }

  undo(id: string, amount: number): { withdrawn: number; opposite: number } {
    const { ledger, events, wire } = this.parts;
    if (this.stopped || !Number.isInteger(amount) || amount === 0 || !this.parts.table.has(id)) return { withdrawn: 0, opposite: 0 };
    const result = ledger.withdraw(id, amount);
    void ledger.persist();
    if (result.withdrawn !== 0) events.outcome(id, result.withdrawn, 'withdrawn');
    events.changed();
    if (result.opposite !== 0) wire.pump(id);
    return result;
  }

  dismissError(id: string): void {
    const record = this.parts.table.get(id);
    if (record && this.parts.table.dismissFlag(record)) this.parts.events.changed();
  }

  resolveUnconfirmed(id: string, choice: UnconfirmedChoice): void {
    const { table, ledger, events, wire } = this.parts;
    if (this.stopped) return;
    const record = table.get(id);
    const amounts = ledger.resolveUnconfirmed(id, choice === 'resend');
    if (!record || amounts.length === 0) return;
    table.setMaybeOurs(record, []);
    for (const amount of amounts) events.outcome(id, amount, choice === 'resend' ? 'resent' : 'kept');
    void ledger.persist();
    events.changed();
    if (choice === 'resend') wire.pump(id);
  }

  retryNow(): void {
    if (this.parts.lifecycle.phase !== 'running') return; // before the first sync the session drives the tries
    this.parts.socket.retryNow();
    this.parts.live.retryNow();
    this.parts.wire.wake();
  }

  notifyResume(): void {
    if (this.parts.lifecycle.phase !== 'running') return;
    // After sleep the socket is likely dead and notifications were missed: reopen; its open resyncs.
    this.parts.socket.reconnectNow('Reconnecting after the computer woke up');
  }

  setTimezone(timezone: string): void {
    if (!isKnownZone(timezone)) throw new CoreError('badRequest', `Unknown timezone "${timezone}"`);
    const { status } = this.parts;
    if (timezone === status.timezone) return;
    status.timezone = timezone;
    if (this.parts.lifecycle.phase !== 'running') return;
    this.parts.live.zoneChanged();
    // The socket's values are resolved for its own timezone: reopen it.
    this.parts.socket.reconnectNow('Reconnecting for the new time zone');
  }
}
