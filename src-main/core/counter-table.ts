// The counter table: the one owner of the core's per-counter records. Every change to a
// record is one of the named operations below; every other module gets `CounterView`s,
// read-only, so the compiler keeps it that way. The rules the operations apply (echoes,
// remote changes, lists) are in counter-merge.ts.
import type { CounterType, CounterV2 } from '../../src-shared/api/schemas';
import { isDismissableFlag } from '../../src-shared/domain/counter-flags';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { ListedCounters } from './api-client';
import type { CounterRecord, CounterView, ExpectedEcho, Notified, NotifiedResult } from './counter-merge';
import { expectEcho, mergeList, mergeNotified, revealedBefore } from './counter-merge';

export type { CounterView } from './counter-merge';

/** Every view the table hands out is one of its own records. */
function own(view: CounterView): CounterRecord {
  return view as CounterRecord;
}

export class CounterTable {
  private readonly records = new Map<string, CounterRecord>();

  get(id: string): CounterView | undefined {
    return this.records.get(id);
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  /** In the server's order (the last list's). */
  values(): IterableIterator<CounterView> {
    return this.records.values();
  }

  /** The counter was deleted; answers whether it was in the table. */
  remove(id: string): boolean {
    return this.records.delete(id);
  }

  // ---- what the server says ----------------------------------------------------------

  /** A full list replaces the table (counter-merge.ts `mergeList`). */
  mergeList(list: ListedCounters, changeOnWire: (id: string) => boolean): { remote: RemoteChange[]; removed: string[]; unreadable: string[] } {
    return mergeList(this.records, list, changeOnWire);
  }

  /**
   * A counterUpdated: its name and type are taken at once; its value is held while a change
   * of ours is on the wire (judged when that lands). Answers whether it was held.
   */
  noteUpdated(view: CounterView, notified: Notified & { type: CounterType }): boolean {
    const record = own(view);
    record.name = notified.name;
    record.type = notified.type;
    if (!record.stash) return false;
    record.stash.push({ value: notified.value, name: notified.name });
    return true;
  }

  /** Merges a counterUpdated that is not held: ours, someone else's, or neither. */
  takeNotification(view: CounterView, notified: Notified, now: number): NotifiedResult {
    return mergeNotified(own(view), notified, now);
  }

  /** The server's value, read again (a refetch) or computed for today (a day counter): the stream goes on from it. */
  setServerValue(view: CounterView, value: number): void {
    const record = own(view);
    record.confirmed = value;
    record.streamValue = value;
  }

  /** A counter read again: its dates as the server has them now. */
  takeDates(view: CounterView, counter: Pick<CounterV2, 'startDate' | 'endDate'>): void {
    const record = own(view);
    record.startDate = counter.startDate;
    record.endDate = counter.endDate;
  }

  /** Our PATCH's answer: the name and dates it set. */
  takeEdit(view: CounterView, counter: Pick<CounterV2, 'name' | 'startDate' | 'endDate'>): void {
    own(view).name = counter.name;
    this.takeDates(view, counter);
  }

  // ---- our own changes on the wire -----------------------------------------------------

  /** A change of ours went on the wire: the counter's notifications are held from now on. */
  holdNotifications(view: CounterView): void {
    own(view).stash ??= [];
  }

  /** The last change of ours is off the wire: the notifications held meanwhile, in order. */
  releaseHeld(view: CounterView): Notified[] {
    const record = own(view);
    const held = record.stash ?? [];
    record.stash = undefined;
    return held;
  }

  /** One of our requests answered: the server's value right after it, and the echo now due. */
  answered(view: CounterView, echo: Omit<ExpectedEcho, 'at'>, now: number): ExpectedEcho {
    const record = own(view);
    record.confirmed = echo.value;
    return expectEcho(record, { ...echo, at: now });
  }

  /** What our lone click's answer says was there before it (counter-merge.ts `revealedBefore`). */
  revealedBefore(view: CounterView, before: number, now: number): RemoteChange | undefined {
    return revealedBefore(own(view), before, now);
  }

  /**
   * Echoes sent to an earlier socket never arrive on a new one: stop waiting for them. The
   * stream then lacks our own changes: it goes on from the value our latest answer gave.
   */
  forgetEchoes(view: CounterView): void {
    const record = own(view);
    if (record.expectedEchoes.some((echo) => !echo.foreign)) record.streamValue = record.confirmed;
    record.expectedEchoes = [];
  }

  // ---- flags -----------------------------------------------------------------------------

  /** The server refused a direction for this counter (docs/api.md O9): later clicks that way are ignored. */
  refuseDirection(view: CounterView, direction: 'increment' | 'decrement', message: string): void {
    own(view).refused[direction] = message;
  }

  flagRejected(view: CounterView, message: string): void {
    own(view).error = { kind: 'rejected', message };
  }

  /** A new click is the user moving on from a refusal; a lost change still waits for its answer. */
  clearRejected(view: CounterView): void {
    const record = own(view);
    if (record.error?.kind === 'rejected') delete record.error;
  }

  /** The user dismisses the flag, if its kind may be dismissed; answers whether it was. */
  dismissFlag(view: CounterView): boolean {
    const record = own(view);
    if (!record.error || !isDismissableFlag(record.error.kind)) return false;
    delete record.error;
    return true;
  }

  flagGone(view: CounterView, message: string): void {
    own(view).error = { kind: 'gone', message };
  }

  // ---- lost changes that may still land ----------------------------------------------------

  /** A change of ours whose landing cannot be told by value: a later step of its size may be ours. */
  addMaybeOurs(view: CounterView, amount: number): void {
    own(view).maybeOurs.push(amount);
  }

  /** One such amount is accounted for. */
  dropMaybeOurs(view: CounterView, amount: number): void {
    const { maybeOurs } = own(view);
    const index = maybeOurs.indexOf(amount);
    if (index >= 0) maybeOurs.splice(index, 1);
  }

  /** The open "could not confirm" amounts, as the ledger holds them (none once the user answered). */
  setMaybeOurs(view: CounterView, amounts: readonly number[]): void {
    own(view).maybeOurs = [...amounts];
  }
}
