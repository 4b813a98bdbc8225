// The one ledger of own changes (README.md, "Every path into the ledger").
import type { PendingStore } from './contract';
import { describe } from './errors';
import { AnyPendingDocument, documentOf, entriesOf } from './pending-document';
import type { Direction, Inflight, LedgerEntry as Entry, PendingDocument } from './pending-document';


const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
export const directionOf = (delta: number): Direction => (delta > 0 ? 'increment' : 'decrement');

export class PendingLedger {
  private readonly entries = new Map<string, Entry>();
  private dirty = false;
  private flushing: Promise<void> | undefined;
  private loading: Promise<void> | undefined;
  private closed = false;
  /** The last write failed: the state is in memory only until a later write works. */
  private failed = false;

  constructor(
    private readonly store: PendingStore,
    private readonly log: (message: string) => void = () => undefined,
    /** A counter's own changes changed (what it shows may have). */
    private readonly touched: (id: string) => void = () => undefined,
  ) {}

  /** Reads what a previous run left, once; clicks taken meanwhile go after it; unreadable data is logged and dropped. */
  load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  private async read(): Promise<void> {
    let stored: unknown;
    try {
      stored = await this.store.load();
    } catch (error) {
      this.log(`unsent clicks could not be read: ${describe(error)}`);
      return;
    }
    if (stored === undefined || stored === null) return;
    const parsed = AnyPendingDocument.safeParse(stored);
    if (!parsed.success) {
      this.log(`unsent clicks in an unknown form were set aside: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
      return;
    }
    for (const [id, entry] of entriesOf(parsed.data)) {
      const early = this.entries.get(id);
      if (early) for (const run of early.runs) pushRun(entry.runs, run);
      this.put(id, entry);
    }
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  pending(id: string): number {
    return sum(this.entries.get(id)?.runs ?? []);
  }

  /** Clicks not sent yet (their net may be zero). */
  hasUnsent(id: string): boolean {
    return (this.entries.get(id)?.runs.length ?? 0) > 0;
  }

  inflight(id: string): Inflight | undefined {
    return this.entries.get(id)?.inflight;
  }

  /** Lost changes awaiting the user's choice, in the order they were sent. */
  unconfirmed(id: string): readonly number[] {
    return this.entries.get(id)?.unconfirmed ?? [];
  }

  /** Everything local on top of the server value (lost changes show the server's value). */
  localDelta(id: string): number {
    const entry = this.entries.get(id);
    return entry ? sum(entry.runs) + (entry.inflight?.delta ?? 0) : 0;
  }

  /** Clicks unsent or on the wire (a lost change waits for the user, not for the network). */
  isBusy(id: string): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && (entry.runs.length > 0 || entry.inflight !== undefined);
  }

  /** Each step counted (+1 +1 −1 is 3 until netted): one counter's, or all (also counters not listed yet). */
  waitingClicks(id?: string): number {
    const entries = id === undefined ? [...this.entries.values()] : [this.entries.get(id)];
    return entries.reduce((clicks, entry) => clicks + (entry ? clicksIn(entry) : 0), 0);
  }

  isEmpty(): boolean {
    for (const id of this.entries.keys()) if (this.isBusy(id)) return false;
    return true;
  }

  /** The server accepted both directions from us on this counter (this run or an earlier one). */
  acceptsBoth(id: string): boolean {
    return this.entries.get(id)?.accepted.size === 2;
  }

  /** Remembered: opposite clicks may be netted once both directions were applied. */
  accept(id: string, direction: Direction): void {
    const entry = this.entry(id);
    if (entry.accepted.has(direction)) return;
    entry.accepted.add(direction);
    this.put(id, entry);
  }

  add(id: string, delta: number): void {
    const entry = this.entry(id);
    pushRun(entry.runs, delta);
    this.put(id, entry);
  }

  /** Undo: unsent clicks withdrawn newest first while of the sign left to take back; the rest queued as the opposite change. */
  withdraw(id: string, amount: number): { withdrawn: number; opposite: number } {
    const entry = this.entry(id);
    let left = amount;
    while (left !== 0 && entry.runs.length > 0) {
      const last = entry.runs.length - 1;
      const run = entry.runs[last]!;
      if (Math.sign(run) !== Math.sign(left)) break;
      const taken = Math.sign(left) * Math.min(Math.abs(run), Math.abs(left));
      left -= taken;
      if (run === taken) entry.runs.pop();
      else entry.runs[last] = run - taken;
    }
    const opposite = left === 0 ? 0 : -left;
    pushRun(entry.runs, opposite);
    this.put(id, entry);
    return { withdrawn: amount - left, opposite };
  }

  /** Unsent clicks onto the wire: netted where both directions were accepted, else the oldest run (a refused direction is refused as what it is). */
  takePending(id: string, before: number): Inflight | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.inflight || entry.runs.length === 0) return undefined;
    const net = entry.accepted.size === 2;
    const delta = net ? sum(entry.runs) : entry.runs[0]!;
    entry.runs = net ? [] : entry.runs.slice(1);
    if (delta !== 0) entry.inflight = { delta, before };
    this.put(id, entry);
    return entry.inflight;
  }

  /** The in-flight change was applied or refused. */
  settle(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    delete entry.inflight;
    this.put(id, entry);
  }

  /** The in-flight change never reached the server: it goes first again. */
  restore(id: string): void {
    const entry = this.entries.get(id);
    if (!entry?.inflight) return;
    const runs: number[] = [];
    for (const run of [entry.inflight.delta, ...entry.runs]) pushRun(runs, run);
    entry.runs = runs;
    delete entry.inflight;
    this.put(id, entry);
  }

  /** Its answer was lost: kept for the user's choice. */
  markUnconfirmed(id: string): void {
    const entry = this.entries.get(id);
    if (!entry?.inflight) return;
    entry.unconfirmed.push(entry.inflight.delta);
    delete entry.inflight;
    this.put(id, entry);
  }

  /** Answers the lost changes' amounts; "resend" queues them as new clicks. */
  resolveUnconfirmed(id: string, resend: boolean): number[] {
    const entry = this.entries.get(id);
    if (!entry || entry.unconfirmed.length === 0) return [];
    const amounts = entry.unconfirmed;
    entry.unconfirmed = [];
    if (resend) for (const amount of amounts) pushRun(entry.runs, amount);
    this.put(id, entry);
    return amounts;
  }

  /** Drops unsent clicks whose direction matches `sign` (all without one); returns their net. */
  dropPending(id: string, sign?: 1 | -1): number {
    const entry = this.entries.get(id);
    if (!entry) return 0;
    const dropped = entry.runs.filter((run) => sign === undefined || Math.sign(run) === sign);
    const kept: number[] = [];
    for (const run of entry.runs) if (sign !== undefined && Math.sign(run) !== sign) pushRun(kept, run);
    entry.runs = kept;
    this.put(id, entry);
    return sum(dropped);
  }

  forget(id: string): void {
    if (!this.entries.delete(id)) return;
    this.dirty = true;
    this.touched(id);
  }

  /** Resolves once the current state (or newer) is in the store or the write failed. */
  persist(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.dirty = true;
    this.flushing ??= this.flush();
    return this.flushing;
  }

  /** True once every change so far is in the store; false when the store failed (kept in memory). */
  async saved(): Promise<boolean> {
    if (this.dirty && !this.closed) await this.persist();
    else await this.flushing;
    return !this.failed && !this.dirty;
  }

  /** The last write; afterwards nothing is written. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.persist();
    this.closed = true;
  }

  private async flush(): Promise<void> {
    try {
      // Never write before the stored state was read: it would overwrite clicks of an earlier run.
      await this.load();
      while (this.dirty) {
        this.dirty = false;
        try {
          await this.store.save(this.serialize());
          this.failed = false;
        } catch (error) {
          // A failing store must not stop syncing: the next change retries.
          if (!this.failed) this.log(`unsent clicks could not be saved: ${describe(error)}`);
          this.failed = true;
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }

  private entry(id: string): Entry {
    return this.entries.get(id) ?? { runs: [], unconfirmed: [], accepted: new Set() };
  }

  private put(id: string, entry: Entry): void {
    if (entry.runs.length === 0 && !entry.inflight && entry.unconfirmed.length === 0 && entry.accepted.size === 0) this.entries.delete(id);
    else this.entries.set(id, entry);
    this.dirty = true;
    this.touched(id);
  }

  serialize(): PendingDocument {
    return documentOf(this.entries);
  }
}

function clicksIn(entry: Entry): number {
  let clicks = Math.abs(entry.inflight?.delta ?? 0);
  for (const run of entry.runs) clicks += Math.abs(run);
  return clicks;
}

/** Appends a click, merged into the last run when it has the same sign. */
function pushRun(runs: number[], delta: number): void {
  if (delta === 0) return;
  const last = runs.length - 1;
  if (last >= 0 && Math.sign(runs[last]!) === Math.sign(delta)) runs[last] = runs[last]! + delta;
  else runs.push(delta);
}
