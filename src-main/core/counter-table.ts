// The one owner of the counters' records: named operations here, read-only `CounterView`s elsewhere.
import type { CounterType, CounterV2 } from '../../src-shared/api/schemas';
import { isDismissableFlag } from '../../src-shared/domain/counter-flags';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { ListedCounters } from './api-client';
import type { CounterRecord, CounterView, ExpectedEcho, Notified, NotifiedResult } from './counter-merge';
import { expectEcho, mergeList, mergeNotified, revealedBefore } from './counter-merge';

interface Touched {
  ids: ReadonlySet<string>;
  reordered: boolean;
}

export class CounterTable {
  private readonly records = new Map<string, CounterRecord>();
  /** How many changes of ours are on the wire per counter: its notifications are held meanwhile. */
  private readonly holds = new Map<string, number>();
  private touched = new Set<string>();
  private reordered = false;

  /** Every view handed out is one of the table's records: writing one notes it touched. */
  private own(view: CounterView): CounterRecord {
    this.touched.add(view.id);
    return view as CounterRecord;
  }

  /** Something shown beside the record changed (its clicks, "still sending…"). */
  touch(id: string): void {
    this.touched.add(id);
  }

  takeTouched(): Touched {
    const taken = { ids: this.touched, reordered: this.reordered };
    this.touched = new Set();
    this.reordered = false;
    return taken;
  }

  get(id: string): CounterView | undefined {
    return this.records.get(id);
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  /** In the server's order. */
  values(): IterableIterator<CounterView> {
    return this.records.values();
  }

  remove(id: string): boolean {
    if (!this.records.delete(id)) return false;
    this.touched.add(id);
    this.reordered = true;
    return true;
  }

  // ---- what the server says ----

  mergeList(list: ListedCounters, changeOnWire: (id: string) => boolean): { remote: RemoteChange[]; removed: string[]; unreadable: string[] } {
    const before = [...this.records.keys()];
    const merged = mergeList(this.records, list, changeOnWire);
    for (const id of before) this.touched.add(id);
    let at = 0;
    for (const id of this.records.keys()) {
      this.touched.add(id);
      if (before[at++] !== id) this.reordered = true;
    }
    if (at !== before.length) this.reordered = true;
    return merged;
  }

  /** Takes a counterUpdated's name and type; answers whether its value is held for a change of ours on the wire. */
  noteUpdated(view: CounterView, notified: Notified & { type: CounterType }): boolean {
    const record = this.own(view);
    record.name = notified.name;
    record.type = notified.type;
    if (!record.stash) return false;
    record.stash.push({ value: notified.value, name: notified.name });
    return true;
  }

  takeNotification(view: CounterView, notified: Notified, now: number): NotifiedResult {
    return mergeNotified(this.own(view), notified, now);
  }

  /** The server's value read again, or computed for today (a day counter): the stream goes on from it. */
  setServerValue(view: CounterView, value: number): void {
    const record = this.own(view);
    record.confirmed = value;
    record.streamValue = value;
  }

  takeDates(view: CounterView, counter: Pick<CounterV2, 'startDate' | 'endDate'>): void {
    const record = this.own(view);
    record.startDate = counter.startDate;
    record.endDate = counter.endDate;
  }

  takeEdit(view: CounterView, counter: Pick<CounterV2, 'name' | 'startDate' | 'endDate'>): void {
    this.own(view).name = counter.name;
    this.takeDates(view, counter);
  }

  // ---- our own changes on the wire ----

  holders(id: string): number {
    return this.holds.get(id) ?? 0;
  }

  holdNotifications(view: CounterView): void {
    this.holds.set(view.id, this.holders(view.id) + 1);
    this.own(view).stash ??= [];
  }

  /** Once the last change of ours is off the wire, answers the notifications held meanwhile. */
  releaseHeld(view: CounterView): Notified[] {
    const left = (this.holds.get(view.id) ?? 1) - 1;
    if (left > 0) {
      this.holds.set(view.id, left);
      return [];
    }
    this.holds.delete(view.id);
    const record = this.own(view);
    const held = record.stash ?? [];
    record.stash = undefined;
    return held;
  }

  dropHolds(): void {
    this.holds.clear();
  }

  /** One of our requests answered: the server's value right after it; answers the echo now due. */
  answered(view: CounterView, echo: Omit<ExpectedEcho, 'at'>, now: number): ExpectedEcho {
    const record = this.own(view);
    record.confirmed = echo.value;
    return expectEcho(record, { ...echo, at: now });
  }

  revealedBefore(view: CounterView, before: number, now: number): RemoteChange | undefined {
    return revealedBefore(this.own(view), before, now);
  }

  /** Echoes sent to an earlier socket never arrive on a new one; the stream goes on from our latest answer's value. */
  forgetEchoes(view: CounterView): void {
    const record = this.own(view);
    if (record.expectedEchoes.some((echo) => !echo.foreign)) record.streamValue = record.confirmed;
    record.expectedEchoes = [];
  }

  // ---- flags ----

  /** Later clicks that way are ignored (docs/api.md O9). */
  refuseDirection(view: CounterView, direction: 'increment' | 'decrement', message: string): void {
    this.own(view).refused[direction] = message;
  }

  flagRejected(view: CounterView, message: string): void {
    this.own(view).error = { kind: 'rejected', message };
  }

  /** A new click moves on from a refusal; a lost change still waits for the user's answer. */
  clearRejected(view: CounterView): void {
    const record = this.own(view);
    if (record.error?.kind === 'rejected') delete record.error;
  }

  dismissFlag(view: CounterView): boolean {
    const record = this.own(view);
    if (!record.error || !isDismissableFlag(record.error.kind)) return false;
    delete record.error;
    return true;
  }

  flagGone(view: CounterView, message: string): void {
    this.own(view).error = { kind: 'gone', message };
  }

  // ---- lost changes that may still land ----

  /** Its landing cannot be told by value: a later step of its size may be ours. */
  addMaybeOurs(view: CounterView, amount: number): void {
    this.own(view).maybeOurs.push(amount);
  }

  dropMaybeOurs(view: CounterView, amount: number): void {
    const { maybeOurs } = this.own(view);
    const index = maybeOurs.indexOf(amount);
    if (index >= 0) maybeOurs.splice(index, 1);
  }

  /** The open "could not confirm" amounts, as the ledger holds them. */
  setMaybeOurs(view: CounterView, amounts: readonly number[]): void {
    this.own(view).maybeOurs = [...amounts];
  }
}
