// What an answer to one of our changes means (the outcome table in README.md). Only the
// wire decides: a 2xx applied it, a 4xx refused it, a 401/429/unopened connection left it
// unsent. A lost answer (dropped connection, 5xx, the long mutation deadline, a crash)
// proves nothing either way — v2 names no members and notifications name no author, so
// a step of our size may be someone else's, and a request not applied yet may still be —
// so it is flagged "could not confirm" and the user chooses: send again, or keep.
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { ApiClient } from './api-client';
import type { ChangeOutcome, Clock, CoreError, EditedField } from './contract';
import type { CounterRecord } from './counter-table';
import { revealedBefore } from './counter-table';
import { isCoreError, outcomeUnknown } from './errors';
import type { Inflight, PendingLedger } from './pending-ledger';
import { directionOf } from './pending-ledger';
import type { OwnWindow } from './own-window';
import type { RateScheduler } from './rate-scheduler';
import type { WireAttempt } from './change-sender';

export interface JudgeContext {
  clock: Clock;
  api: ApiClient;
  scheduler: RateScheduler;
  ledger: PendingLedger;
  records: Map<string, CounterRecord>;
  own: OwnWindow;
  timezone(): string;
  stopped(): boolean;
  changed(): void;
  outcome(counterId: string, amount: number, outcome: ChangeOutcome['outcome'], edit?: ChangeOutcome['edit']): void;
  log(message: string): void;
  /** Someone else's change, learned from one of our answers. */
  remote(change: RemoteChange): void;
  /** Reread the list: the server's value after a lost answer, or whether a counter is still ours. */
  resync(): void;
  gone(id: string, message: string): void;
  unauthorized(message: string): void;
  /** New clicks were queued for this counter. */
  pump(id: string): void;
}

export class OutcomeJudge {
  constructor(private readonly ctx: JudgeContext) {}

  async judge({ record, change, answer }: WireAttempt): Promise<void> {
    if (this.ctx.stopped()) return;
    if (!('error' in answer)) {
      // Remembered with the ledger (across restarts): opposite clicks are netted only once both were accepted.
      this.ctx.ledger.accept(record.id, directionOf(change.delta));
      if (answer.value === undefined) return this.appliedValueUnknown(record, change);
      this.ctx.ledger.settle(record.id);
      const alone = this.ctx.own.alone(record.id);
      const echo = this.ctx.own.landed(record, { value: answer.value });
      this.ctx.own.end(record);
      // Its echo not seen yet, and no other of ours still due: what the answer says was there
      // before it may be news (someone's notification late, or lost with a socket).
      if (alone && record.expectedEchoes.includes(echo) && record.expectedEchoes.every((due) => due === echo || due.foreign)) {
        const revealed = revealedBefore(record, answer.value - change.delta, this.ctx.clock.now());
        if (revealed) this.ctx.remote(revealed);
      }
      this.done(record, change, 'applied');
      return;
    }
    const { error } = answer;
    if (!isCoreError(error) || outcomeUnknown(error)) return this.lost(record, change);
    this.refused(record, change, error);
  }

  /** A 4xx (or a 401): the server acted on nothing. */
  private refused(record: CounterRecord, change: Inflight, error: CoreError): void {
    const { ledger } = this.ctx;
    const id = record.id;
    if (error.kind === 'unauthorized') {
      ledger.restore(id); // a 401 applied nothing; the next token sends it
      this.ctx.own.end(record);
      void ledger.persist();
      this.ctx.unauthorized(error.message);
      return;
    }
    ledger.settle(id);
    this.ctx.own.end(record);
    this.ctx.outcome(id, change.delta, 'refused');
    if (error.kind === 'invalidOperation') {
      // not-shown.md #9: undo, say why, and refuse that direction for this counter from now on.
      record.refused[change.delta > 0 ? 'increment' : 'decrement'] = error.message;
      this.dropQueued(id, change.delta > 0 ? 1 : -1);
    } else if (error.kind === 'forbidden' || error.kind === 'notFound') {
      this.dropQueued(id);
      void ledger.persist();
      this.ctx.gone(id, error.message);
      return;
    } else {
      record.error = { kind: 'rejected', message: error.message };
    }
    void ledger.persist();
    this.ctx.changed();
  }

  /** Unsent clicks the server would refuse the same way are refused with it. */
  private dropQueued(id: string, sign?: 1 | -1): void {
    const dropped = this.ctx.ledger.dropPending(id, sign);
    if (dropped !== 0) this.ctx.outcome(id, dropped, 'refused');
  }

  /** The answer was lost: flag it with the amount; a resync shows the server's value beside it. */
  private lost(record: CounterRecord, change: Inflight): void {
    this.ctx.ledger.markUnconfirmed(record.id);
    record.maybeOurs.push(change.delta);
    this.ctx.own.end(record);
    this.done(record, change, 'unconfirmed');
    this.ctx.resync();
  }

  /** A 2xx whose body was not a bare number (not-shown.md #2): applied for sure; learn the value. */
  private async appliedValueUnknown(record: CounterRecord, change: Inflight): Promise<void> {
    this.ctx.ledger.settle(record.id);
    // Its echo cannot be told by value: a step of our size in what was held is taken as ours.
    record.maybeOurs.push(change.delta);
    let counter: CounterV2 | undefined;
    try {
      counter = await this.ctx.scheduler.run('user', () => this.ctx.api.getCounter(record.id, this.ctx.timezone()));
    } catch (error) {
      if (isCoreError(error) && error.kind === 'unauthorized') this.ctx.unauthorized(error.message);
    }
    if (this.ctx.stopped()) return;
    this.ctx.own.end(record);
    // Past the held values; an echo still to come carries the refetched value, which is no change.
    const ours = record.maybeOurs.indexOf(change.delta);
    if (ours >= 0) record.maybeOurs.splice(ours, 1);
    if (counter) record.confirmed = record.streamValue = counter.value;
    else this.ctx.resync();
    this.done(record, change, 'applied');
  }

  /**
   * At the first sync: a change the last run left on the wire has no answer and no
   * notifications any more (flagged); clicks kept for a counter no longer listed are
   * dropped and reported; every open "could not confirm" may explain a later step.
   */
  recoverFromLastRun(onWire: (id: string) => boolean): void {
    const { ledger, records } = this.ctx;
    for (const id of ledger.ids()) {
      const change = ledger.inflight(id);
      const record = records.get(id);
      if (!record) {
        this.drop(id, 'it is no longer shared with this account');
        continue;
      }
      if (change && !onWire(id)) {
        ledger.markUnconfirmed(id);
        this.ctx.outcome(id, change.delta, 'unconfirmed');
      }
      record.maybeOurs = [...ledger.unconfirmed(id)];
    }
    void ledger.persist();
  }

  /** The user's answer to "could not confirm": send the lost changes again, or keep the server's value. */
  resolve(id: string, choice: 'resend' | 'keep'): void {
    const record = this.ctx.records.get(id);
    const amounts = this.ctx.ledger.resolveUnconfirmed(id, choice === 'resend');
    if (!record || amounts.length === 0) return;
    record.maybeOurs = [];
    for (const amount of amounts) this.ctx.outcome(id, amount, choice === 'resend' ? 'resent' : 'kept');
    void this.ctx.ledger.persist();
    this.ctx.changed();
    if (choice === 'resend') this.ctx.pump(id);
  }

  /** The user's undo, a ledger operation: unsent clicks withdrawn (no request), the opposite change queued for what went out. */
  withdraw(id: string, amount: number): { withdrawn: number; opposite: number } {
    const result = this.ctx.ledger.withdraw(id, amount);
    void this.ctx.ledger.persist();
    if (result.withdrawn !== 0) this.ctx.outcome(id, result.withdrawn, 'withdrawn');
    this.ctx.changed();
    if (result.opposite !== 0) this.ctx.pump(id);
    return result;
  }

  /** Our PATCH, placed by its echo in the server's order: `from` is the value it replaced. */
  edited(id: string, fields: EditedField[], from: number, to: number): void {
    if (this.ctx.stopped()) return;
    this.ctx.outcome(id, fields.includes('value') ? to - from : 0, 'edited', { fields, from, to });
  }

  /** The counter is not listed for us any more: unsent clicks are dropped (nothing was sent), logged by id and reported. */
  drop(id: string, why: string): void {
    const { ledger } = this.ctx;
    const unsent = ledger.pending(id);
    const hadClicks = ledger.hasUnsent(id);
    const inflight = ledger.inflight(id);
    ledger.forget(id);
    void ledger.persist();
    if (!hadClicks && !inflight) return;
    const net = unsent > 0 ? `+${unsent}` : String(unsent);
    this.ctx.log(`counter ${id}: ${why}; unsent clicks (net ${net}) dropped, nothing of them was sent${inflight ? `; a change of ${inflight.delta} left on the wire by the last run is forgotten` : ''}`);
    if (hadClicks) this.ctx.outcome(id, unsent, 'dropped');
  }

  private done(record: CounterRecord, change: Inflight, outcome: ChangeOutcome['outcome']): void {
    void this.ctx.ledger.persist();
    this.ctx.outcome(record.id, change.delta, outcome);
    this.ctx.changed();
  }
}
