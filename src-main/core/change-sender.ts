// Sends the coalesced clicks: one net change per counter on the wire at a time, paced by
// the rate scheduler, persisted before it leaves, and — when its answer is lost —
// reconciled by refetching instead of being re-sent blindly (issue §3, §4).
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { ApiClient } from './api-client';
import type { ChangeOutcome, Clock, CoreTuning } from './contract';
import { CoreError } from './contract';
import type { CounterRecord } from './counter-table';
import { NotDeliveredError, isCoreError, isRateLimited, outcomeUnknown } from './errors';
import type { Inflight, PendingLedger } from './pending-ledger';
import type { RateScheduler } from './rate-scheduler';
import { decideOutcome } from './reconcile';
import type { Outcome } from './reconcile';
import { expectEcho, mergeNotifiedValue } from './counter-table';
import { fullJitterDelay } from './tuning';

export interface SenderContext {
  clock: Clock;
  tuning: CoreTuning;
  api: ApiClient;
  scheduler: RateScheduler;
  ledger: PendingLedger;
  records: Map<string, CounterRecord>;
  timezone(): string;
  /** The id of the open notification socket, or undefined while there is none. */
  socketEpoch(): number | undefined;
  /**
   * Resolves true only if socket `epoch` is still the open one, every frame it carried has
   * been applied (no resync holding frames back), and it answered a ping sent now — so
   * every notification the server wrote before this call has been seen.
   */
  streamIntact(epoch: number): Promise<boolean>;
  /** New changes may be sent. */
  canSend(): boolean;
  /** The core was stopped: touch nothing any more (the store keeps what is on the wire). */
  stopped(): boolean;
  changed(): void;
  reportRemote(change: RemoteChange): void;
  /** What became of one of our changes (ChangeOutcome in contract.ts). */
  outcome(counterId: string, amount: number, outcome: ChangeOutcome['outcome']): void;
  gone(id: string, message: string): void;
  unauthorized(message: string): void;
}

/** What the stream showed when a change left: the open socket's id and the counter's last notified value. */
interface SentFrom {
  epoch: number | undefined;
  streamValue: number;
}

/** A change that went on the wire, and what came back: the 2xx value (undefined: refetch) or the error. */
interface WireAttempt {
  record: CounterRecord;
  change: Inflight;
  sentFrom: SentFrom;
  answer: { value: number | undefined } | { error: unknown };
}

export class ChangeSender {
  /** Counters with a send waiting for a rate slot or on the wire. */
  private readonly sending = new Set<string>();
  /** Counters whose change is being reconciled or refetched. */
  private readonly checking = new Set<string>();
  private readonly sleeps = new Set<unknown>();
  /** Sends in a row, per counter, that could not even connect: the backoff before the next. */
  private readonly undelivered = new Map<string, number>();

  constructor(private readonly ctx: SenderContext) {}

  busy(): boolean {
    return this.sending.size > 0 || this.checking.size > 0;
  }

  /** A change of ours is on the wire (or being checked) for this counter. */
  onWire(id: string): boolean {
    return this.ctx.ledger.inflight(id) !== undefined && (this.sending.has(id) || this.checking.has(id));
  }

  dispose(): void {
    for (const timer of this.sleeps) this.ctx.clock.clearTimeout(timer);
    this.sleeps.clear();
  }

  pumpAll(): void {
    for (const id of this.ctx.ledger.ids()) this.pump(id);
  }

  pump(id: string): void {
    const { ledger } = this.ctx;
    if (!this.ctx.canSend() || this.sending.has(id) || this.checking.has(id)) return;
    if (ledger.inflight(id) || ledger.pending(id) === 0) return;
    if (!this.ctx.records.has(id)) {
      ledger.forget(id);
      void ledger.persist();
      return;
    }
    this.sending.add(id);
    void this.sendOnce(id).finally(() => {
      this.sending.delete(id);
      this.ctx.changed();
      this.pump(id);
    });
  }

  /**
   * One send: the rate slot covers only the wire request; whatever its outcome needs next
   * (a refetch, a reconcile) asks for slots of its own after this one is released. Waiting
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
    const { record, change, answer } = attempt;
    if (!('error' in answer)) {
      this.undelivered.delete(id);
      return this.applied(id, record, change, answer.value);
    }
    if (answer.error instanceof NotDeliveredError) return this.notDelivered(id, record);
    this.undelivered.delete(id);
    await this.failed(id, record, change, answer.error, attempt.sentFrom);
  }

  /** No connection could be made, so nothing was applied: fold it back and wait before the next try. */
  private async notDelivered(id: string, record: CounterRecord): Promise<void> {
    this.ctx.ledger.restore(id);
    this.replayStash(record);
    void this.ctx.ledger.persist();
    this.ctx.changed();
    const attempt = this.undelivered.get(id) ?? 0;
    this.undelivered.set(id, attempt + 1);
    const { reconnectBaseMs, reconnectCapMs, random } = this.ctx.tuning;
    await this.sleep(fullJitterDelay(attempt, reconnectBaseMs, reconnectCapMs, random));
  }

  /** After a restart: a change that was on the wire when the last run ended is judged by the fresh list. */
  recoverFromLastRun(): void {
    const { ledger, records } = this.ctx;
    for (const id of ledger.ids()) {
      const change = ledger.inflight(id);
      const record = records.get(id);
      if (!record) {
        ledger.forget(id);
        continue;
      }
      if (!change || this.onWire(id)) continue;
      // Sent by the last run and never answered: the notifications of that time are gone,
      // so no value can prove it landed or not (another user may have made the same change).
      this.applyOutcome(record, change, 'unknown');
    }
    void ledger.persist();
  }

  /** The scheduler's task: take the whole net change and put it on the wire, or decline if there is none. */
  private send(id: string): Promise<WireAttempt> | undefined {
    const record = this.ctx.records.get(id);
    if (!record || !this.ctx.canSend()) return undefined;
    const change = this.ctx.ledger.takePending(id, record.confirmed);
    if (!change) return undefined;
    record.stash = [];
    this.ctx.changed();
    return this.transmit(id, record, change, { epoch: this.ctx.socketEpoch(), streamValue: record.streamValue });
  }

  /** The wire request alone (it runs inside a rate slot): its answer or its error, judged later outside the slot. */
  private async transmit(id: string, record: CounterRecord, change: Inflight, sentFrom: SentFrom): Promise<WireAttempt> {
    // On disk before on the wire: a crash from here on is reconciled at the next start.
    await this.ctx.ledger.persist();
    if (this.ctx.stopped()) return { record, change, sentFrom, answer: { error: new CoreError('network', 'The core was stopped') } };
    const direction = change.delta > 0 ? 'increment' : 'decrement';
    try {
      return { record, change, sentFrom, answer: { value: await this.ctx.api.change(id, direction, Math.abs(change.delta)) } };
    } catch (error) {
      if (isRateLimited(error) && !this.ctx.stopped()) {
        // Not applied: fold it back; the scheduler runs send() again after the pause.
        this.ctx.ledger.restore(id);
        this.replayStash(record);
        throw error;
      }
      return { record, change, sentFrom, answer: { error } };
    }
  }

  /** A 2xx: applied. A bare number is the new value; any other body means "refetch" (not-shown.md #2). */
  private async applied(id: string, record: CounterRecord, change: Inflight, value: number | undefined): Promise<void> {
    if (value !== undefined) {
      this.ctx.ledger.settle(id);
      record.confirmed = value;
      expectEcho(record, value, this.ctx.clock.now());
      this.replayStash(record);
      this.ctx.outcome(id, change.delta, 'applied');
    } else {
      await this.refetchApplied(id, record, change);
    }
    void this.ctx.ledger.persist();
    this.ctx.changed();
  }

  private async failed(id: string, record: CounterRecord, change: Inflight, error: unknown, sentFrom: SentFrom): Promise<void> {
    const { ledger } = this.ctx;
    if (this.ctx.stopped()) return;
    if (!isCoreError(error) || outcomeUnknown(error)) {
      await this.reconcile(id, change, sentFrom.epoch, sentFrom.streamValue);
      return;
    }
    const message = error.message;
    switch (error.kind) {
      case 'unauthorized':
        ledger.restore(id); // a 401 applied nothing; the next token sends it
        this.replayStash(record);
        void ledger.persist();
        this.ctx.unauthorized(message);
        return;
      case 'invalidOperation': {
        // not-shown.md #9: undo, say why, and disable that direction for this counter.
        const direction = change.delta > 0 ? 'increment' : 'decrement';
        ledger.settle(id);
        ledger.dropPending(id, change.delta > 0 ? 1 : -1);
        record.refused[direction] = message;
        this.ctx.outcome(id, change.delta, 'refused');
        break;
      }
      case 'forbidden':
      case 'notFound':
        ledger.settle(id);
        ledger.dropPending(id);
        this.replayStash(record);
        void ledger.persist();
        this.ctx.outcome(id, change.delta, 'refused');
        this.ctx.gone(id, message);
        return;
      default:
        ledger.settle(id);
        record.error = { kind: 'rejected', message };
        this.ctx.outcome(id, change.delta, 'refused');
    }
    this.replayStash(record);
    void ledger.persist();
    this.ctx.changed();
  }

  /** A 2xx whose body was not a bare number (not-shown.md #2): applied for sure; learn the value. */
  private async refetchApplied(id: string, record: CounterRecord, change: Inflight): Promise<void> {
    this.checking.add(id);
    try {
      const counter = await this.fetchCounter(id);
      if (this.ctx.stopped()) return;
      this.ctx.ledger.settle(id);
      this.takeServerCounter(record, counter);
      this.ctx.outcome(id, change.delta, 'applied');
    } catch (error) {
      if (this.ctx.stopped()) return;
      // Applied, value unknown: assume nobody else moved it until the next sync says otherwise.
      this.ctx.ledger.settle(id);
      record.stash = undefined;
      record.confirmed = change.before + change.delta;
      this.ctx.outcome(id, change.delta, 'applied');
      if (isCoreError(error) && error.kind === 'unauthorized') this.ctx.unauthorized(error.message);
    } finally {
      this.checking.delete(id);
    }
  }

  private async reconcile(id: string, change: Inflight, epoch: number | undefined, streamBefore: number): Promise<void> {
    this.checking.add(id);
    try {
      let counter: CounterV2 | undefined;
      for (let attempt = 0; counter === undefined; attempt += 1) {
        try {
          counter = await this.fetchCounter(id);
        } catch (error) {
          if (this.ctx.stopped()) return;
          if (isCoreError(error) && error.kind === 'unauthorized') return this.ctx.unauthorized(error.message);
          if (isCoreError(error) && (error.kind === 'forbidden' || error.kind === 'notFound')) {
            this.ctx.ledger.settle(id);
            this.ctx.ledger.dropPending(id);
            void this.ctx.ledger.persist();
            // Lost answer, then the counter went away: whether it landed is unknowable.
            this.ctx.outcome(id, change.delta, 'unconfirmed');
            return this.ctx.gone(id, error.message);
          }
          if (!this.ctx.canSend()) return; // closed scheduler: the store keeps the change for the next run
          const { reconnectBaseMs, reconnectCapMs, random } = this.ctx.tuning;
          await this.sleep(fullJitterDelay(attempt, reconnectBaseMs, reconnectCapMs, random));
        }
      }
      if (this.ctx.stopped()) return;
      const record = this.ctx.records.get(id);
      if (!record) {
        this.ctx.ledger.settle(id);
        return;
      }
      // The notifications count as the whole story only if the socket that was open when the
      // change left is still the open one and answers a ping sent after the refetch came back.
      const proven = epoch !== undefined && (await this.ctx.streamIntact(epoch));
      if (this.ctx.stopped()) return;
      if (this.ctx.records.get(id) !== record) {
        this.ctx.ledger.settle(id); // dropped by a resync meanwhile
        return;
      }
      const history = proven ? [...(record.stash ?? [])] : undefined;
      const outcome = decideOutcome({ change, serverValue: counter.value, history, streamBefore });
      this.takeServerCounter(record, counter);
      // The notifications reach past the refetch: their last value is the newest.
      const newest = history?.at(-1);
      if (outcome !== 'unknown' && newest !== undefined) record.confirmed = record.streamValue = newest;
      this.applyOutcome(record, change, outcome);
      void this.ctx.ledger.persist();
    } finally {
      this.checking.delete(id);
      this.ctx.changed();
    }
  }

  private applyOutcome(record: CounterRecord, change: Inflight, outcome: Outcome): void {
    const { ledger } = this.ctx;
    if (outcome === 'applied') {
      ledger.settle(record.id);
      if (record.error?.kind === 'unconfirmed') delete record.error;
      this.ctx.outcome(record.id, change.delta, 'applied');
    } else if (outcome === 'notApplied') {
      ledger.restore(record.id); // certainly not applied: send it again with the newer clicks
    } else {
      ledger.settle(record.id);
      const amount = change.delta > 0 ? `+${change.delta}` : String(change.delta);
      record.error = {
        kind: 'unconfirmed',
        message: `Could not confirm whether your change of ${amount} was applied; the server shows ${record.confirmed}.`,
      };
      this.ctx.outcome(record.id, change.delta, 'unconfirmed');
    }
  }

  private takeServerCounter(record: CounterRecord, counter: CounterV2): void {
    record.name = counter.name;
    record.type = counter.type;
    record.startDate = counter.startDate;
    record.endDate = counter.endDate;
    record.confirmed = counter.value;
    record.streamValue = counter.value;
    record.stash = undefined;
  }

  private replayStash(record: CounterRecord): void {
    const values = record.stash ?? [];
    record.stash = undefined;
    for (const value of values) {
      const remote = mergeNotifiedValue(record, value, this.ctx.clock.now());
      if (remote) this.ctx.reportRemote(remote);
    }
  }

  private async fetchCounter(id: string): Promise<CounterV2> {
    const counter = await this.ctx.scheduler.run('user', () => this.ctx.api.getCounter(id, this.ctx.timezone()));
    if (!counter) throw new CoreError('badResponse', `No answer for counter ${id}`);
    return counter;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.ctx.clock.setTimeout(() => {
        this.sleeps.delete(timer);
        resolve();
      }, ms);
      this.sleeps.add(timer);
    });
  }
}

