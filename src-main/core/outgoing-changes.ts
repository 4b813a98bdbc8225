// Our changes on the wire, one owner: send, pace, judge the answer, hold the counter's notifications
// meanwhile (README.md, "What becomes of a change").
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { ApiClient } from './api-client';
import { answerRevealsBefore, verdictOf, type Answer } from './answer-verdict';
import { WakeableTimers, type Clock } from './clock';
import type { ChangeOutcome, CoreTuning, Phase } from './contract';
import { ECHO_WAIT_MS, type CounterView, type ExpectedEcho, type Notified } from './counter-merge';
import type { CounterTable } from './counter-table';
import { isCoreError, isRateLimited } from './errors';
import type { Inflight } from './pending-document';
import { directionOf, type PendingLedger } from './pending-ledger';
import type { RateScheduler } from './rate-scheduler';
import type { Publisher } from './snapshot';
import { fullJitterDelay } from './tuning';

type WireAttempt = { record: CounterView; change: Inflight; answer: Answer };

interface OutgoingDeps {
  clock: Clock;
  tuning: Pick<CoreTuning, 'reconnectBaseMs' | 'reconnectCapMs' | 'random'>;
  /** On the wire longer than this: "still sending…". */
  requestTimeoutMs: number;
  phase(): Phase;
  timezone(): string;
  api: Pick<ApiClient, 'change' | 'getCounter'>;
  scheduler: Pick<RateScheduler, 'run'>;
  ledger: PendingLedger;
  table: CounterTable;
  events: Pick<Publisher, 'changed' | 'outcome' | 'remote'>;
  unauthorized(message: string): void;
  /** After a lost answer: the flag shows the server's value beside it. */
  resync(): void;
  gone(id: string, message: string): void;
  /** The counter is not listed for us any more: its unsent clicks are dropped. */
  drop(id: string, why: string): void;
}

export class OutgoingChanges {
  private readonly sending = new Set<string>();
  private readonly slow = new Set<string>();
  /** "Still sending…" timers, and waits after a connection never opened. */
  private readonly timers: WakeableTimers;
  /** Edits waiting for their echo, reported with the value they replaced (README.md, "Our own PATCH"). */
  private readonly echoWaiters = new Map<ExpectedEcho, { record: CounterView; timer: unknown; resolve: (replaced: number | undefined) => void }>();
  /** Sends in a row, per counter, that could not even connect. */
  private readonly undelivered = new Map<string, number>();

  constructor(private readonly deps: OutgoingDeps) {
    this.timers = new WakeableTimers(deps.clock);
  }

  private get stopped(): boolean {
    return this.deps.phase() === 'stopped';
  }

  /** A change of ours (click or PATCH) is on the wire: the counter's notifications are held. */
  active(id: string): boolean {
    return this.deps.table.holders(id) > 0;
  }

  begin(record: CounterView): void {
    this.deps.table.holdNotifications(record);
  }

  landed(record: CounterView, echo: Omit<ExpectedEcho, 'at'>): ExpectedEcho {
    return this.deps.table.answered(record, echo, this.deps.clock.now());
  }

  /** The value before our echo in the server's order; no echo within ECHO_WAIT_MS, the last seen; undefined once stopped. */
  replacedBy(record: CounterView, echo: ExpectedEcho): Promise<number | undefined> {
    return new Promise((resolve) => {
      const timer = this.deps.clock.setTimeout(() => this.echoArrived(echo, record.streamValue), ECHO_WAIT_MS);
      this.echoWaiters.set(echo, { record, timer, resolve });
    });
  }

  private echoArrived(echo: ExpectedEcho, replaced: number | undefined): void {
    const waiter = this.echoWaiters.get(echo);
    if (!waiter) return;
    this.echoWaiters.delete(echo);
    this.deps.clock.clearTimeout(waiter.timer);
    waiter.resolve(replaced);
  }

  /** A notification not held; answers someone else's change. */
  merge(record: CounterView, notified: Notified): RemoteChange | undefined {
    const result = this.deps.table.takeNotification(record, notified, this.deps.clock.now());
    if (result.echo) this.echoArrived(result.echo.echo, result.echo.from);
    return result.remote;
  }

  /** The last of ours off the wire judges what was held. */
  end(record: CounterView): void {
    for (const notified of this.deps.table.releaseHeld(record)) {
      const remote = this.merge(record, notified);
      if (remote) this.deps.events.remote(remote);
    }
  }

  /** A new socket never carries echoes sent to an earlier one (a waiting edit gets the last value seen). */
  forgetEchoes(record: CounterView): void {
    this.deps.table.forgetEchoes(record);
    for (const [echo, waiter] of this.echoWaiters) if (waiter.record === record) this.echoArrived(echo, record.streamValue);
  }

  busy(): boolean {
    return this.sending.size > 0;
  }

  onWire(id: string): boolean {
    return this.sending.has(id) && this.deps.ledger.inflight(id) !== undefined;
  }

  isSlow(id: string): boolean {
    return this.slow.has(id);
  }

  /** The core halted: no timer, wait or held judgement is left. */
  dispose(): void {
    this.timers.clear();
    this.slow.clear();
    this.deps.table.dropHolds();
    for (const echo of [...this.echoWaiters.keys()]) this.echoArrived(echo, undefined);
  }

  /** "Retry now": the next send goes as soon as the pacing lets it. */
  wake(): void {
    this.timers.wake();
  }

  pumpAll(): void {
    for (const id of this.deps.ledger.ids()) this.pump(id);
  }

  pump(id: string): void {
    const { ledger, table } = this.deps;
    if (this.deps.phase() !== 'running' || this.sending.has(id)) return;
    if (ledger.inflight(id) || !ledger.hasUnsent(id)) return;
    if (!table.has(id)) return this.deps.drop(id, 'it is no longer shared with this account');
    this.sending.add(id);
    void this.sendOnce(id).finally(() => {
      this.sending.delete(id);
      this.deps.events.changed();
      this.pump(id);
    });
  }

  /** The slot covers the wire request only: holding it while waiting for another (a refetch) wedges the core. */
  private async sendOnce(id: string): Promise<void> {
    // Only a closed scheduler (stop, 401) rejects: the ledger keeps the change.
    const attempt = await this.deps.scheduler.run('user', () => this.send(id)).catch(() => undefined);
    if (attempt) await this.judge(attempt);
  }

  /** The scheduler's task: the ledger's next change onto the wire, or none. */
  private send(id: string): Promise<WireAttempt | undefined> | undefined {
    const record = this.deps.table.get(id);
    if (!record || this.deps.phase() !== 'running') return undefined;
    const change = this.deps.ledger.takePending(id, record.confirmed);
    if (!change) return undefined;
    this.begin(record);
    this.deps.events.changed();
    return this.transmit(id, record, change);
  }

  private async transmit(id: string, record: CounterView, change: Inflight): Promise<WireAttempt | undefined> {
    await this.deps.ledger.persist(); // on disk before on the wire: a crash from here on is flagged at the next start
    if (this.stopped) return undefined;
    const slowTimer = this.timers.after(this.deps.requestTimeoutMs, () => this.setSlow(id, true));
    try {
      return { record, change, answer: { value: await this.deps.api.change(id, directionOf(change.delta), Math.abs(change.delta)) } };
    } catch (error) {
      if (isRateLimited(error) && !this.stopped) {
        this.restore(record); // not applied: the scheduler runs send() again after the pause
        throw error;
      }
      return { record, change, answer: { error } };
    } finally {
      this.timers.cancel(slowTimer);
      this.setSlow(id, false);
    }
  }

  private setSlow(id: string, slow: boolean): void {
    if (slow === this.slow.has(id)) return;
    if (slow) this.slow.add(id);
    else this.slow.delete(id);
    this.deps.table.touch(id);
    this.deps.events.changed();
  }

  async judge({ record, change, answer }: WireAttempt): Promise<void> {
    if (this.stopped) return;
    const verdict = verdictOf(answer);
    const { ledger, table, events } = this.deps;
    const id = record.id;
    if (verdict.kind !== 'neverConnected') this.undelivered.delete(id);
    switch (verdict.kind) {
      case 'applied': {
        ledger.accept(id, directionOf(change.delta)); // across restarts: opposite clicks are netted once both were accepted
        if (verdict.value === undefined) return this.appliedValueUnknown(record, change);
        ledger.settle(id);
        const alone = table.holders(id) === 1;
        const echo = this.landed(record, { value: verdict.value });
        this.end(record);
        if (answerRevealsBefore(alone, record.expectedEchoes, echo)) {
          const revealed = table.revealedBefore(record, verdict.value - change.delta, this.deps.clock.now());
          if (revealed) events.remote(revealed);
        }
        return this.done(record, change, 'applied');
      }
      case 'lost':
        ledger.markUnconfirmed(id);
        table.addMaybeOurs(record, change.delta);
        this.end(record);
        this.done(record, change, 'unconfirmed');
        return this.deps.resync();
      case 'neverConnected':
        return this.notDelivered(record);
      case 'unauthorized':
        this.restore(record);
        return this.deps.unauthorized(verdict.message);
      case 'refused':
        ledger.settle(id);
        this.end(record);
        events.outcome(id, change.delta, 'refused');
        if (verdict.then === 'gone') {
          this.dropQueued(id);
          void ledger.persist();
          return this.deps.gone(id, verdict.error.message);
        }
        if (verdict.then === 'direction') {
          table.refuseDirection(record, directionOf(change.delta), verdict.error.message);
          this.dropQueued(id, change.delta > 0 ? 1 : -1);
        } else table.flagRejected(record, verdict.error.message);
        void ledger.persist();
        return events.changed();
    }
  }

  /** Never applied (unopened connection, 401, 429): it goes first again, on disk too. */
  private restore(record: CounterView): void {
    this.deps.ledger.restore(record.id);
    this.end(record);
    void this.deps.ledger.persist();
  }

  /** It goes first again after a full-jitter wait that grows while connections never open. */
  private async notDelivered(record: CounterView): Promise<void> {
    this.restore(record);
    const attempt = this.undelivered.get(record.id) ?? 0;
    this.undelivered.set(record.id, attempt + 1);
    const { reconnectBaseMs, reconnectCapMs, random } = this.deps.tuning;
    await this.timers.sleep(fullJitterDelay(attempt, reconnectBaseMs, reconnectCapMs, random));
  }

  /** Unsent clicks the server would refuse the same way are refused with it. */
  private dropQueued(id: string, sign?: 1 | -1): void {
    const dropped = this.deps.ledger.dropPending(id, sign);
    if (dropped !== 0) this.deps.events.outcome(id, dropped, 'refused');
  }

  /** A 2xx whose body was not a bare number (docs/api.md O2): applied; the value is read again. */
  private async appliedValueUnknown(record: CounterView, change: Inflight): Promise<void> {
    const { ledger, table } = this.deps;
    ledger.settle(record.id);
    table.addMaybeOurs(record, change.delta); // its echo cannot be told by value: a step of our size is taken as ours
    let counter: CounterV2 | undefined;
    try {
      counter = await this.deps.scheduler.run('user', () => this.deps.api.getCounter(record.id, this.deps.timezone()));
    } catch (error) {
      if (isCoreError(error) && error.kind === 'unauthorized') this.deps.unauthorized(error.message);
    }
    if (this.stopped) return;
    this.end(record);
    table.dropMaybeOurs(record, change.delta); // an echo still to come carries the refetched value: no change
    if (counter) table.setServerValue(record, counter.value);
    else this.deps.resync();
    this.done(record, change, 'applied');
  }

  private done(record: CounterView, change: Inflight, outcome: ChangeOutcome['outcome']): void {
    void this.deps.ledger.persist();
    this.deps.events.outcome(record.id, change.delta, outcome);
    this.deps.events.changed();
  }
}
