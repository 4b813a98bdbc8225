// What an answer to one of our changes means (the outcome table in README.md). Only the
// wire decides: a 2xx applied it, a 4xx refused it, a 401/429/unopened connection left it
// unsent. A lost answer (dropped connection, 5xx, the long mutation deadline, a crash)
// proves nothing either way — v2 names no members and notifications name no author, so
// a step of our size may be someone else's, and a request not applied yet may still be —
// so it is flagged "could not confirm" and the user chooses: send again, or keep.
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { ChangeOutcome, CoreError, EditedField } from './contract';
import type { CoreParts } from './core-parts';
import type { CounterView } from './counter-merge';
import { isCoreError, outcomeUnknown } from './errors';
import type { Inflight } from './pending-ledger';
import { directionOf } from './pending-ledger';
import type { WireAttempt } from './change-sender';

type JudgeParts = Pick<CoreParts, 'clock' | 'log' | 'status' | 'lifecycle' | 'events' | 'api' | 'scheduler' | 'ledger' | 'table' | 'own' | 'live' | 'sender'>;

export class OutcomeJudge {
  constructor(private readonly parts: JudgeParts) {}

  private get stopped(): boolean {
    return this.parts.status.phase === 'stopped';
  }

  async judge({ record, change, answer }: WireAttempt): Promise<void> {
    if (this.stopped) return;
    if (!('error' in answer)) {
      // Remembered with the ledger (across restarts): opposite clicks are netted only once both were accepted.
      this.parts.ledger.accept(record.id, directionOf(change.delta));
      if (answer.value === undefined) return this.appliedValueUnknown(record, change);
      this.parts.ledger.settle(record.id);
      const alone = this.parts.own.alone(record.id);
      const echo = this.parts.own.landed(record, { value: answer.value });
      this.parts.own.end(record);
      // Its echo not seen yet, and no other of ours still due: what the answer says was there
      // before it may be news (someone's notification late, or lost with a socket).
      if (alone && record.expectedEchoes.includes(echo) && record.expectedEchoes.every((due) => due === echo || due.foreign)) {
        const revealed = this.parts.table.revealedBefore(record, answer.value - change.delta, this.parts.clock.now());
        if (revealed) this.parts.events.remote(revealed);
      }
      this.done(record, change, 'applied');
      return;
    }
    const { error } = answer;
    if (!isCoreError(error) || outcomeUnknown(error)) return this.lost(record, change);
    this.refused(record, change, error);
  }

  /** A 4xx (or a 401): the server acted on nothing. */
  private refused(record: CounterView, change: Inflight, error: CoreError): void {
    const { ledger } = this.parts;
    const id = record.id;
    if (error.kind === 'unauthorized') {
      ledger.restore(id); // a 401 applied nothing; the next token sends it
      this.parts.own.end(record);
      void ledger.persist();
      this.parts.lifecycle.becomeUnauthorized(error.message);
      return;
    }
    ledger.settle(id);
    this.parts.own.end(record);
    this.parts.events.outcome(id, change.delta, 'refused');
    if (error.kind === 'invalidOperation') {
      // docs/api.md O9: undo, say why, and refuse that direction for this counter from now on.
      this.parts.table.refuseDirection(record, change.delta > 0 ? 'increment' : 'decrement', error.message);
      this.dropQueued(id, change.delta > 0 ? 1 : -1);
    } else if (error.kind === 'forbidden' || error.kind === 'notFound') {
      this.dropQueued(id);
      void ledger.persist();
      this.parts.live.gone(id, error.message);
      return;
    } else {
      this.parts.table.flagRejected(record, error.message);
    }
    void ledger.persist();
    this.parts.events.changed();
  }

  /** Unsent clicks the server would refuse the same way are refused with it. */
  private dropQueued(id: string, sign?: 1 | -1): void {
    const dropped = this.parts.ledger.dropPending(id, sign);
    if (dropped !== 0) this.parts.events.outcome(id, dropped, 'refused');
  }

  /** The answer was lost: flag it with the amount; a resync shows the server's value beside it. */
  private lost(record: CounterView, change: Inflight): void {
    this.parts.ledger.markUnconfirmed(record.id);
    this.parts.table.addMaybeOurs(record, change.delta);
    this.parts.own.end(record);
    this.done(record, change, 'unconfirmed');
    void this.parts.live.resync();
  }

  /** A 2xx whose body was not a bare number (docs/api.md O2): applied for sure; learn the value. */
  private async appliedValueUnknown(record: CounterView, change: Inflight): Promise<void> {
    this.parts.ledger.settle(record.id);
    // Its echo cannot be told by value: a step of our size in what was held is taken as ours.
    this.parts.table.addMaybeOurs(record, change.delta);
    let counter: CounterV2 | undefined;
    try {
      counter = await this.parts.scheduler.run('user', () => this.parts.api.getCounter(record.id, this.parts.status.timezone));
    } catch (error) {
      if (isCoreError(error) && error.kind === 'unauthorized') this.parts.lifecycle.becomeUnauthorized(error.message);
    }
    if (this.stopped) return;
    this.parts.own.end(record);
    // Past the held values; an echo still to come carries the refetched value, which is no change.
    this.parts.table.dropMaybeOurs(record, change.delta);
    if (counter) this.parts.table.setServerValue(record, counter.value);
    else void this.parts.live.resync();
    this.done(record, change, 'applied');
  }

  /**
   * At the first sync: a change the last run left on the wire has no answer and no
   * notifications any more (flagged); clicks kept for a counter no longer listed are
   * dropped and reported; every open "could not confirm" may explain a later step.
   */
  recoverFromLastRun(onWire: (id: string) => boolean): void {
    const { ledger, table } = this.parts;
    for (const id of ledger.ids()) {
      const change = ledger.inflight(id);
      const record = table.get(id);
      if (!record) {
        this.drop(id, 'it is no longer shared with this account');
        continue;
      }
      if (change && !onWire(id)) {
        ledger.markUnconfirmed(id);
        this.parts.events.outcome(id, change.delta, 'unconfirmed');
      }
      table.setMaybeOurs(record, ledger.unconfirmed(id));
    }
    void ledger.persist();
  }

  /** The user's answer to "could not confirm": send the lost changes again, or keep the server's value. */
  resolve(id: string, choice: 'resend' | 'keep'): void {
    const record = this.parts.table.get(id);
    const amounts = this.parts.ledger.resolveUnconfirmed(id, choice === 'resend');
    if (!record || amounts.length === 0) return;
    this.parts.table.setMaybeOurs(record, []);
    for (const amount of amounts) this.parts.events.outcome(id, amount, choice === 'resend' ? 'resent' : 'kept');
    void this.parts.ledger.persist();
    this.parts.events.changed();
    if (choice === 'resend') this.parts.sender.pump(id);
  }

  /** The user's undo, a ledger operation: unsent clicks withdrawn (no request), the opposite change queued for what went out. */
  withdraw(id: string, amount: number): { withdrawn: number; opposite: number } {
    const result = this.parts.ledger.withdraw(id, amount);
    void this.parts.ledger.persist();
    if (result.withdrawn !== 0) this.parts.events.outcome(id, result.withdrawn, 'withdrawn');
    this.parts.events.changed();
    if (result.opposite !== 0) this.parts.sender.pump(id);
    return result;
  }

  /** Our PATCH, placed by its echo in the server's order: `from` is the value it replaced. */
  edited(id: string, fields: EditedField[], from: number, to: number): void {
    if (this.stopped) return;
    this.parts.events.outcome(id, fields.includes('value') ? to - from : 0, 'edited', { fields, from, to });
  }

  /** The counter is not listed for us any more: unsent clicks are dropped (nothing was sent), logged by id and reported. */
  drop(id: string, why: string): void {
    const { ledger } = this.parts;
    const unsent = ledger.pending(id);
    const hadClicks = ledger.hasUnsent(id);
    const inflight = ledger.inflight(id);
    ledger.forget(id);
    void ledger.persist();
    if (!hadClicks && !inflight) return;
    const net = unsent > 0 ? `+${unsent}` : String(unsent);
    this.parts.log(`counter ${id}: ${why}; unsent clicks (net ${net}) dropped, nothing of them was sent${inflight ? `; a change of ${inflight.delta} left on the wire by the last run is forgotten` : ''}`);
    if (hadClicks) this.parts.events.outcome(id, unsent, 'dropped');
  }

  private done(record: CounterView, change: Inflight, outcome: ChangeOutcome['outcome']): void {
    void this.parts.ledger.persist();
    this.parts.events.outcome(record.id, change.delta, outcome);
    this.parts.events.changed();
  }
}
