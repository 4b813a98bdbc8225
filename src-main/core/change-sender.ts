// Puts the clicks on the wire: one change per counter at a time, paced by the rate
// scheduler, persisted before it leaves. A slow answer is waited for (the counter shows
// "still sending…" after the request timeout), never abandoned and re-sent: a mutation
// goes again only when its connection provably never opened (docs/api.md R1, RFC 9110 §9.2.2).
// What each answer means is change-outcomes.ts's job.
import { CoreError } from './contract';
import type { CoreParts } from './core-parts';
import type { CounterView } from './counter-merge';
import { NotDeliveredError, isRateLimited } from './errors';
import type { Inflight } from './pending-ledger';
import { fullJitterDelay } from './tuning';

/** A change that went on the wire, and what came back: the 2xx value (undefined: refetch) or the error. */
export interface WireAttempt {
  record: CounterView;
  change: Inflight;
  answer: { value: number | undefined } | { error: unknown };
}

type SenderParts = Pick<CoreParts, 'clock' | 'tuning' | 'requestTimeoutMs' | 'status' | 'events' | 'api' | 'scheduler' | 'ledger' | 'table' | 'own' | 'judge'>;

export class ChangeSender {
  /** Counters with a send waiting for a rate slot, on the wire, or being judged. */
  private readonly sending = new Set<string>();
  private readonly slow = new Set<string>();
  private readonly timers = new Set<unknown>();
  /** Sends waiting out a backoff after a connection that never opened: "Retry now" wakes them. */
  private readonly sleepers = new Map<unknown, () => void>();
  /** Sends in a row, per counter, that could not even connect: the backoff before the next. */
  private readonly undelivered = new Map<string, number>();

  constructor(private readonly parts: SenderParts) {}

  /** New changes may be sent. */
  private get canSend(): boolean {
    return this.parts.status.phase === 'running';
  }

  /** The core was stopped: touch nothing any more (the store keeps what is on the wire). */
  private get stopped(): boolean {
    return this.parts.status.phase === 'stopped';
  }

  busy(): boolean {
    return this.sending.size > 0;
  }

  /** A click change of ours is on the wire (or being judged) for this counter. */
  onWire(id: string): boolean {
    return this.sending.has(id) && this.parts.ledger.inflight(id) !== undefined;
  }

  /** On the wire longer than the request timeout. */
  isSlow(id: string): boolean {
    return this.slow.has(id);
  }

  dispose(): void {
    for (const timer of this.timers) this.parts.clock.clearTimeout(timer);
    this.timers.clear();
    this.sleepers.clear();
    this.slow.clear();
  }

  /** Ends every backoff wait now: the next send goes as soon as the pacing lets it. */
  wake(): void {
    for (const [timer, resolve] of this.sleepers) {
      this.parts.clock.clearTimeout(timer);
      this.timers.delete(timer);
      resolve();
    }
    this.sleepers.clear();
  }

  pumpAll(): void {
    for (const id of this.parts.ledger.ids()) this.pump(id);
  }

  pump(id: string): void {
    const { ledger } = this.parts;
    if (!this.canSend || this.sending.has(id)) return;
    if (ledger.inflight(id) || !ledger.hasUnsent(id)) return;
    if (!this.parts.table.has(id)) return this.parts.judge.drop(id, 'it is no longer shared with this account');
    this.sending.add(id);
    void this.sendOnce(id).finally(() => {
      this.sending.delete(id);
      this.parts.events.changed();
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
      attempt = await this.parts.scheduler.run('user', () => this.send(id));
    } catch {
      return; // only a closed scheduler (stop or 401) rejects here; the ledger keeps the change
    }
    if (!attempt || this.stopped) return;
    if ('error' in attempt.answer && attempt.answer.error instanceof NotDeliveredError) return this.notDelivered(id, attempt.record);
    this.undelivered.delete(id);
    await this.parts.judge.judge(attempt);
  }

  /** No connection could be made, so nothing was applied: it goes first again, after a wait. */
  private async notDelivered(id: string, record: CounterView): Promise<void> {
    this.parts.ledger.restore(id);
    this.parts.own.end(record);
    void this.parts.ledger.persist();
    this.parts.events.changed();
    const attempt = this.undelivered.get(id) ?? 0;
    this.undelivered.set(id, attempt + 1);
    const { reconnectBaseMs, reconnectCapMs, random } = this.parts.tuning;
    await this.sleep(fullJitterDelay(attempt, reconnectBaseMs, reconnectCapMs, random));
  }

  /** The scheduler's task: take the next change and put it on the wire, or decline if there is none. */
  private send(id: string): Promise<WireAttempt> | undefined {
    const record = this.parts.table.get(id);
    if (!record || !this.canSend) return undefined;
    // Opposite clicks are netted only where the server has accepted both directions from us (the ledger remembers).
    const change = this.parts.ledger.takePending(id, record.confirmed);
    if (!change) return undefined;
    this.parts.own.begin(record);
    this.parts.events.changed();
    return this.transmit(id, record, change);
  }

  /** The wire request alone (it runs inside a rate slot): its answer or its error, judged later outside the slot. */
  private async transmit(id: string, record: CounterView, change: Inflight): Promise<WireAttempt> {
    // On disk before on the wire: a crash from here on is flagged at the next start.
    await this.parts.ledger.persist();
    if (this.stopped) return { record, change, answer: { error: new CoreError('network', 'The core was stopped') } };
    const direction = change.delta > 0 ? 'increment' : 'decrement';
    const slowTimer = this.parts.clock.setTimeout(() => {
      this.timers.delete(slowTimer);
      this.slow.add(id);
      this.parts.events.changed();
    }, this.parts.requestTimeoutMs);
    this.timers.add(slowTimer);
    try {
      return { record, change, answer: { value: await this.parts.api.change(id, direction, Math.abs(change.delta)) } };
    } catch (error) {
      if (isRateLimited(error) && !this.stopped) {
        // Not applied: it goes first again; the scheduler runs send() again after the pause.
        this.parts.ledger.restore(id);
        this.parts.own.end(record);
        throw error;
      }
      return { record, change, answer: { error } };
    } finally {
      this.parts.clock.clearTimeout(slowTimer);
      this.timers.delete(slowTimer);
      if (this.slow.delete(id)) this.parts.events.changed();
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.parts.clock.setTimeout(() => {
        this.timers.delete(timer);
        this.sleepers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
      this.sleepers.set(timer, resolve);
    });
  }
}
