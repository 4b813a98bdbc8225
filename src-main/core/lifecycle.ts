// The core's phase: start (the socket first, its open syncs), the first sync, a refused token
// (docs/api.md R3: everything stops until a new token), stop (the ledger's last write).
import type { ConnectionState, CoreStats } from '../../src-shared/domain/snapshot';
import { CoreError } from './contract';
import { describe, isCoreError } from './errors';
import type { LiveSocket } from './live-socket';
import type { PendingLedger } from './pending-ledger';
import type { Publisher } from './publisher';
import type { RateScheduler } from './rate-scheduler';
import type { Clock } from './real-clock';

export type Phase = 'idle' | 'starting' | 'running' | 'unauthorized' | 'stopped';

/** Where the core stands: the lifecycle moves the phase and the connection; the front door sets the zone. */
export interface CoreStatus {
  phase: Phase;
  timezone: string;
  connection: ConnectionState;
  readonly stats: CoreStats;
}

export interface LifecycleDeps {
  status: Pick<CoreStatus, 'phase' | 'connection'>;
  clock: Pick<Clock, 'now'>;
  /** Aborted at stop(): every request still in flight ends. */
  requests: AbortController;
  ledger: Pick<PendingLedger, 'load' | 'close'>;
  socket: Pick<LiveSocket, 'start' | 'stop'>;
  scheduler: Pick<RateScheduler, 'close'>;
  events: Pick<Publisher, 'changed' | 'startupOver'>;
  /** Drops the sync's and the sends' timers, waits and held judgements. */
  dispose(): void;
}

export class Lifecycle {
  private firstSync: { resolve: () => void; reject: (error: unknown) => void } | undefined;

  constructor(private readonly deps: LifecycleDeps) {}

  get phase(): Phase {
    return this.deps.status.phase;
  }

  /** Nothing is listed yet (a launch still connecting): a click is kept for the first list to send or drop. */
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
    // The socket opens first and its open triggers the sync, so nothing changed between the two goes unseen.
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
    await this.deps.ledger.close(); // the last write: from here on nothing is sent and nothing is written
  }

  becomeUnauthorized(message: string): void {
    if (this.phase === 'stopped' || this.phase === 'unauthorized') return;
    this.deps.status.phase = 'unauthorized';
    const error = new CoreError('unauthorized', message, 401);
    this.halt(error);
    this.setConnection({ status: 'unauthorized', message: `The server refused the token: ${message}. Enter a new token.` });
    this.endFirstSync(error);
  }

  /** The first sync failed: give up cleanly so start() can be called again. */
  failStart(error: unknown): void {
    this.deps.status.phase = 'idle';
    this.deps.socket.stop();
    this.deps.dispose();
    this.setConnection({ status: 'offline', message: describe(error) });
    this.endFirstSync(isCoreError(error) ? error : new CoreError('network', describe(error)));
  }

  /** A resync completed; the first one ends the start (what the last run left is judged by then). */
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
