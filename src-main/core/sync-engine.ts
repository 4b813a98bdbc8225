// The sync core's front door: each `CounterCore` method checks what the user asked for and
// hands it to the part that does the work (core-parts.ts builds them all).
import { Amount } from '../../src-shared/api/schemas';
import type { CounterV2, PatchBodyV2 } from '../../src-shared/api/schemas';
import type { CoreSnapshot } from '../../src-shared/domain/snapshot';
import type { CoreOptions, CounterCore, UnconfirmedChoice, WebSocketFactory } from './contract';
import { CoreError } from './contract';
import { CoreParts } from './core-parts';
import type { DefaultSocketLimits } from './core-parts';
import type { Phase } from './lifecycle';
import { isValidTimeZone } from './midnight';
import { sendPatch } from './patch-sender';
import { coreSnapshot } from './snapshot';


export class SyncEngine implements CounterCore {
  private readonly parts: CoreParts;
  readonly subscribe: CounterCore['subscribe'];
  readonly onRemoteChange: CounterCore['onRemoteChange'];
  readonly onChangeOutcome: CounterCore['onChangeOutcome'];

  constructor(options: CoreOptions, defaultWebSocket: (limits: DefaultSocketLimits) => WebSocketFactory) {
    this.parts = new CoreParts(options, defaultWebSocket);
    const { events } = this.parts;
    this.subscribe = events.onSnapshot;
    this.onRemoteChange = events.onRemoteChange;
    this.onChangeOutcome = events.onChangeOutcome;
  }

  private get phase(): Phase {
    return this.parts.status.phase;
  }

  // ---- lifecycle --------------------------------------------------------------

  start(): Promise<void> {
    return this.parts.lifecycle.start();
  }

  stop(): Promise<void> {
    return this.parts.lifecycle.stop();
  }

  // ---- reading state -------------------------------------------------------------

  snapshot(): CoreSnapshot {
    return coreSnapshot(this.parts);
  }

  settled(): Promise<void> {
    return this.parts.events.settled();
  }

  saved(): Promise<boolean> {
    return this.parts.ledger.saved();
  }

  localDelta(id: string): number {
    return this.parts.ledger.localDelta(id);
  }

  waitingClicks(id: string): number {
    return this.parts.ledger.waitingClicks(id);
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
    const { table, ledger, events, sender, lifecycle } = this.parts;
    const record = table.get(id);
    if (record) {
      if (record.error?.kind === 'gone' || record.refused[sign > 0 ? 'increment' : 'decrement'] !== undefined) return;
      table.clearRejected(record);
    } else if (!lifecycle.beforeFirstSync) return;
    ledger.add(id, sign * amount);
    void ledger.persist(); // after a 401 too: the next token sends it
    events.changed();
    sender.pump(id);
  }

  undo(id: string, amount: number): { withdrawn: number; opposite: number } {
    if (this.phase === 'stopped' || !Number.isInteger(amount) || amount === 0 || !this.parts.table.has(id)) return { withdrawn: 0, opposite: 0 };
    return this.parts.judge.withdraw(id, amount);
  }

  update(id: string, patch: PatchBodyV2): Promise<CounterV2> {
    return sendPatch(this.parts, id, patch);
  }

  dismissError(id: string): void {
    const record = this.parts.table.get(id);
    if (record && this.parts.table.dismissFlag(record)) this.parts.events.changed();
  }

  resolveUnconfirmed(id: string, choice: UnconfirmedChoice): void {
    if (this.phase === 'stopped') return;
    this.parts.judge.resolve(id, choice);
  }

  retryNow(): void {
    if (this.phase !== 'running') return; // before the first sync the session drives the tries
    this.parts.socket.retryNow();
    this.parts.live.retryNow();
    this.parts.sender.wake();
  }

  notifyResume(): void {
    if (this.phase !== 'running') return;
    // After sleep the socket is likely dead and notifications were missed: reopen, which resyncs.
    this.parts.socket.reconnectNow('Reconnecting after the computer woke up');
  }

  setTimezone(timezone: string): void {
    if (!isValidTimeZone(timezone)) throw new CoreError('badRequest', `Unknown timezone "${timezone}"`);
    const { status } = this.parts;
    if (timezone === status.timezone) return;
    status.timezone = timezone;
    if (this.phase !== 'running') return;
    this.parts.live.zoneChanged(); // today may be another date there: show it now, the resync confirms
    // The socket's values are resolved for its own timezone: reopen it; its open resyncs.
    this.parts.socket.reconnectNow('Reconnecting for the new time zone');
  }
}
