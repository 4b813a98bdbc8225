// Puts the clicks on the wire: one change per counter at a time, paced by the rate
// scheduler, persisted before it leaves. A slow answer is waited for (the counter shows
// "still sending…" after the request timeout), never abandoned and re-sent: a mutation
// goes again only when its connection provably never opened (issue 11, RFC 9110 §9.2.2).
// What each answer means is change-outcomes.ts's job.
import type { ApiClient } from './api-client';
import type { Clock, CoreTuning } from './contract';
import { CoreError } from './contract';
import type { CounterRecord } from './counter-table';
import { NotDeliveredError, isRateLimited } from './errors';
import type { Inflight, PendingLedger } from './pending-ledger';
import type { OwnWindow } from './own-window';
import type { RateScheduler } from './rate-scheduler';
import { fullJitterDelay } from './tuning';

/** A change that went on the wire, and what came back: the 2xx value (undefined: refetch) or the error. */
export interface WireAttempt {
  record: CounterRecord;
  change: Inflight;
  answer: { value: number | undefined } | { error: unknown };
}

export interface SenderContext {
  clock: Clock;
  tuning: CoreTuning;
  api: ApiClient;
  scheduler: RateScheduler;
  ledger: PendingLedger;
  records: Map<string, CounterRecord>;
  own: OwnWindow;
  /** After this long on the wire a change is shown as "still sending…". */
  slowAfterMs: number;
  /** New changes may be sent. */
  canSend(): boolean;
  /** The core was stopped: touch nothing any more (the store keeps what is on the wire). */
  stopped(): boolean;
  changed(): void;
  /** Decides what the answer means; resolves when the counter may send its next change. */
  judge(attempt: WireAttempt): Promise<void>;
  /** The counter is not listed for us any more: its unsent clicks are dropped and reported. */
  drop(id: string, why: string): void;
}

export class ChangeSender {
  /** Counters with a send waiting for a rate slot, on the wire, or being judged. */
  private readonly sending = new Set<string>();
  private readonly slow = new Set<string>();
  private readonly timers = new Set<unknown>();
  /** Sends waiting out a backoff after a connection that never opened: "Retry now" wakes them. */
  private readonly sleepers = new Map<unknown, () => void>();
  /** Sends in a row, per counter, that could not even connect: the backoff before the next. */
  private readonly undelivered = new Map<string, number>();

  constructor(private readonly ctx: SenderContext) {}

  busy(): boolean {
    return this.sending.size > 0;
  }

  /** A click change of ours is on the wire (or being judged) for this counter. */
  onWire(id: string): boolean {
    return this.sending.has(id) && this.ctx.ledger.inflight(id) !== undefined;
  }

  /** On the wire longer than the request timeout. */
  isSlow(id: string): boolean {
    return this.slow.has(id);
  }

  dispose(): void {
    for (const timer of this.timers) this.ctx.clock.clearTimeout(timer);
    this.timers.clear();
    this.sleepers.clear();
    this.slow.clear();
  }

  /** Ends every backoff wait now: the next send goes as soon as the pacing lets it. */
  wake(): void {
    for (const [timer, resolve] of this.sleepers) {
      this.ctx.clock.clearTimeout(timer);
      this.timers.delete(timer);
      resolve();
    }
    this.sleepers.clear();
  }

  pumpAll(): void {
    for (const id of this.ctx.ledger.ids()) this.pump(id);
  }

  pump(id: string): void {
    const { ledger } = this.ctx;
    if (!this.ctx.canSend() || this.sending.has(id)) return;
    if (ledger.inflight(id) || !ledger.hasUnsent(id)) return;
    if (!this.ctx.records.has(id)) return this.ctx.drop(id, 'it is no longer shared with this account');
    this.sending.add(id);
    void this.sendOnce(id).finally(() => {
      this.sending.delete(id);
      this.ctx.changed();
      this.pump(id);
    });
  }

  /**
   * One send: the rate slot covers only the wire request; whatever its outcome needs next
   * (a refetch, a resync) asks for slots of its own after this one is released. Waiting
   * for a second slot while holding one wedges the core once every slot does it.
   */
  private async sendOnce(id: string): Promise<void> {
    let attempt: WireAttempt | undefined;
    try {
      attempt = await this.ctx.scheduler.run('user', () => this.send(id));
    } catch {
      return; // only a closed scheduler (stop or 401) rejects here; the ledger keeps the change
    }
    if (!attempt || this.ctx.stopped()) return;
    if ('error' in attempt.answer && attempt.answer.error instanceof NotDeliveredError) return this.notDelivered(id, attempt.record);
    this.undelivered.delete(id);
    await this.ctx.judge(attempt);
  }

  /** No connection could be made, so nothing was applied: it goes first again, after a wait. */
  private async notDelivered(id: string, record: CounterRecord): Promise<void> {
    this.ctx.ledger.restore(id);
    this.ctx.own.end(record);
    void this.ctx.ledger.persist();
    this.ctx.changed();
    const attempt = this.undelivered.get(id) ?? 0;
    this.undelivered.set(id, attempt + 1);
    const { reconnectBaseMs, reconnectCapMs, random } = this.ctx.tuning;
    await this.sleep(fullJitterDelay(attempt, reconnectBaseMs, reconnectCapMs, random));
  }

  /** The scheduler's task: take the next change and put it on the wire, or decline if there is none. */
  private send(id: string): Promise<WireAttempt> | undefined {
    const record = this.ctx.records.get(id);
    if (!record || !this.ctx.canSend()) return undefined;
    // Opposite clicks are netted only where the server has accepted both directions from us (the ledger remembers).
    const change = this.ctx.ledger.takePending(id, record.confirmed);
    if (!change) return undefined;
    this.ctx.own.begin(record);
    this.ctx.changed();
    return this.transmit(id, record, change);
  }

  /** The wire request alone (it runs inside a rate slot): its answer or its error, judged later outside the slot. */
  private async transmit(id: string, record: CounterRecord, change: Inflight): Promise<WireAttempt> {
    // On disk before on the wire: a crash from here on is flagged at the next start.
    await this.ctx.ledger.persist();
    if (this.ctx.stopped()) return { record, change, answer: { error: new CoreError('network', 'The core was stopped') } };
    const direction = change.delta > 0 ? 'increment' : 'decrement';
    const slowTimer = this.ctx.clock.setTimeout(() => {
      this.timers.delete(slowTimer);
      this.slow.add(id);
      this.ctx.changed();
    }, this.ctx.slowAfterMs);
    this.timers.add(slowTimer);
    try {
      return { record, change, answer: { value: await this.ctx.api.change(id, direction, Math.abs(change.delta)) } };
    } catch (error) {
      if (isRateLimited(error) && !this.ctx.stopped()) {
        // Not applied: it goes first again; the scheduler runs send() again after the pause.
        this.ctx.ledger.restore(id);
        this.ctx.own.end(record);
        throw error;
      }
      return { record, change, answer: { error } };
    } finally {
      this.ctx.clock.clearTimeout(slowTimer);
      this.timers.delete(slowTimer);
      if (this.slow.delete(id)) this.ctx.changed();
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.ctx.clock.setTimeout(() => {
        this.timers.delete(timer);
        this.sleepers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
      this.sleepers.set(timer, resolve);
    });
  }
}
