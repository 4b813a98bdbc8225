// The core's phase: start (the socket first, its open syncs), the first sync, a refused
// token (docs/api.md R3: everything stops until a new token) and stop (the ledger's last
// write; nothing is sent or written after it).
import type { ConnectionState } from '../../src-shared/domain/snapshot';
import { CoreError } from './contract';
import type { CoreParts } from './core-parts';
import { describe, isCoreError } from './errors';

export type Phase = 'idle' | 'starting' | 'running' | 'unauthorized' | 'stopped';

type LifecycleParts = Pick<CoreParts, 'clock' | 'status' | 'events' | 'ledger' | 'socket' | 'scheduler' | 'sender' | 'own' | 'live' | 'judge'>;

export class Lifecycle {
  private readonly stopping = new AbortController();
  private firstSync: { resolve: () => void; reject: (error: unknown) => void } | undefined;

  constructor(private readonly parts: LifecycleParts) {}

  /** Aborts every request in flight once the core stops. */
  get shutdown(): AbortSignal {
    return this.stopping.signal;
  }

  get phase(): Phase {
    return this.parts.status.phase;
  }

  /** Nothing is listed yet (a launch still connecting): a click is kept for the first list to send or drop. */
  get beforeFirstSync(): boolean {
    return this.phase === 'idle' || this.phase === 'starting';
  }

  async start(): Promise<void> {
    const { status, ledger, socket } = this.parts;
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
    this.parts.status.phase = 'stopped';
    this.halt(new CoreError('network', 'The core was stopped'));
    this.stopping.abort();
    this.endFirstSync(new CoreError('network', 'The core was stopped before the first sync'));
    this.setConnection({ status: 'stopped' });
    // The last write; from here on nothing is sent and nothing is written.
    await this.parts.ledger.close();
  }

  becomeUnauthorized(message: string): void {
    if (this.phase === 'stopped' || this.phase === 'unauthorized') return;
    this.parts.status.phase = 'unauthorized';
    const error = new CoreError('unauthorized', message, 401);
    this.halt(error);
    this.setConnection({ status: 'unauthorized', message: `The server refused the token: ${message}. Enter a new token.` });
    this.endFirstSync(error);
  }

  /** The first sync failed: give up cleanly so start() can be called again. */
  failStart(error: unknown): void {
    this.parts.status.phase = 'idle';
    this.parts.socket.stop();
    this.parts.live.dispose();
    this.setConnection({ status: 'offline', message: describe(error) });
    this.endFirstSync(isCoreError(error) ? error : new CoreError('network', describe(error)));
  }

  /** A resync completed; the first one ends the start. */
  synced(): void {
    const { status, judge, sender, events } = this.parts;
    if (status.phase === 'starting') {
      judge.recoverFromLastRun((id) => sender.onWire(id));
      status.phase = 'running';
      events.startupOver();
      this.firstSync?.resolve();
      this.firstSync = undefined;
    }
    sender.pumpAll();
  }

  setConnection(connection: ConnectionState): void {
    const { status, clock } = this.parts;
    // One outage, one "since": from the first drop, through every retry, until live again.
    const down = (state: ConnectionState) => state.status === 'reconnecting' || state.status === 'offline';
    if (down(connection)) connection = { ...connection, since: down(status.connection) ? (status.connection.since ?? clock.now()) : clock.now() };
    status.connection = connection;
    this.parts.events.changed();
  }

  private halt(reason: CoreError): void {
    const { socket, scheduler, sender, own, live, events } = this.parts;
    socket.stop();
    scheduler.close(reason);
    sender.dispose();
    own.clear();
    live.dispose();
    events.changed();
  }

  private endFirstSync(error: unknown): void {
    this.firstSync?.reject(error);
    this.firstSync = undefined;
  }
}
