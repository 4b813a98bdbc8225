// Local changes the server has not confirmed yet, per counter: unsent clicks in click
// order (`runs`: consecutive clicks of one sign merged), at most one change on the wire
// (`inflight`, with the server value it was based on), and changes whose answer was lost
// (`unconfirmed`), kept until the user chooses "send again" or "keep the server's value".
// Written to the PendingStore on every change, so a quit or crash loses nothing.
import { z } from 'zod';
import type { PendingStore } from './contract';

const PersistedInflight = z.object({ delta: z.int(), before: z.number() });
const PersistedV1 = z.object({
  version: z.literal(1),
  counters: z.record(z.string(), z.object({ pending: z.int(), inflight: PersistedInflight.optional() })),
});
const PersistedEntry = z.object({
  runs: z.array(z.int()),
  inflight: PersistedInflight.optional(),
  unconfirmed: z.array(z.int()).optional(),
});
const PersistedV2 = z.object({ version: z.literal(2), counters: z.record(z.string(), PersistedEntry) });
type PersistedV2 = z.infer<typeof PersistedV2>;

export interface Inflight {
  /** Signed amount sent: +n for increment/n, -n for decrement/n. */
  delta: number;
  /** The server value the change was based on. */
  before: number;
}

interface Entry {
  runs: number[];
  inflight?: Inflight;
  unconfirmed: number[];
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export class PendingLedger {
  private readonly entries = new Map<string, Entry>();
  private dirty = false;
  private flushing: Promise<void> | undefined;

  constructor(private readonly store: PendingStore) {}

  /** Loads what a previous run left (version 1 held one net number); unreadable data is dropped rather than trusted. */
  async load(): Promise<void> {
    let stored: unknown;
    try {
      stored = await this.store.load();
    } catch {
      return; // an unreadable store must not keep the app from syncing
    }
    const v2 = PersistedV2.safeParse(stored);
    if (v2.success) {
      for (const [id, entry] of Object.entries(v2.data.counters)) {
        this.put(id, { runs: entry.runs.filter((run) => run !== 0), inflight: entry.inflight && { ...entry.inflight }, unconfirmed: [...(entry.unconfirmed ?? [])] });
      }
      return;
    }
    const v1 = PersistedV1.safeParse(stored);
    if (!v1.success) return;
    for (const [id, entry] of Object.entries(v1.data.counters)) {
      this.put(id, { runs: entry.pending === 0 ? [] : [entry.pending], inflight: entry.inflight && { ...entry.inflight }, unconfirmed: [] });
    }
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** The net of the unsent clicks. */
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

  /** Everything local on top of the server value: what the user sees (lost changes show the server's value). */
  localDelta(id: string): number {
    const entry = this.entries.get(id);
    return entry ? sum(entry.runs) + (entry.inflight?.delta ?? 0) : 0;
  }

  /** Clicks unsent or on the wire (a lost change waits for the user, not for the network). */
  isBusy(id: string): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && (entry.runs.length > 0 || entry.inflight !== undefined);
  }

  isEmpty(): boolean {
    for (const id of this.entries.keys()) if (this.isBusy(id)) return false;
    return true;
  }

  add(id: string, delta: number): void {
    const entry = this.entry(id);
    pushRun(entry.runs, delta);
    this.put(id, entry);
  }

  /**
   * Moves unsent clicks onto the wire: all of them netted when `net` (both directions are
   * known to be allowed), else only the oldest run of one sign, so a refused direction is
   * refused as what it is. A net of zero sends nothing.
   */
  takePending(id: string, before: number, net: boolean): Inflight | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.inflight || entry.runs.length === 0) return undefined;
    const delta = net ? sum(entry.runs) : entry.runs[0]!;
    entry.runs = net ? [] : entry.runs.slice(1);
    if (delta !== 0) entry.inflight = { delta, before };
    this.put(id, entry);
    return entry.inflight;
  }

  /** The in-flight change was applied (or refused): forget it. */
  settle(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    delete entry.inflight;
    this.put(id, entry);
  }

  /** The in-flight change certainly never reached the server: it goes first again. */
  restore(id: string): void {
    const entry = this.entries.get(id);
    if (!entry?.inflight) return;
    const runs: number[] = [];
    for (const run of [entry.inflight.delta, ...entry.runs]) pushRun(runs, run);
    entry.runs = runs;
    delete entry.inflight;
    this.put(id, entry);
  }

  /** The in-flight change's answer was lost: keep it for the user's choice. */
  markUnconfirmed(id: string): void {
    const entry = this.entries.get(id);
    if (!entry?.inflight) return;
    entry.unconfirmed.push(entry.inflight.delta);
    delete entry.inflight;
    this.put(id, entry);
  }

  /** The user chose for the lost changes: returns their amounts; "resend" queues them as new clicks. */
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
    if (this.entries.delete(id)) this.dirty = true;
  }

  /** Resolves once the current state (and anything newer) is in the store. */
  persist(): Promise<void> {
    this.dirty = true;
    this.flushing ??= this.flush();
    return this.flushing;
  }

  private async flush(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        try {
          await this.store.save(this.serialize());
        } catch {
          // A failing store must not stop syncing; the state stays in memory and the next change retries.
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }

  private entry(id: string): Entry {
    return this.entries.get(id) ?? { runs: [], unconfirmed: [] };
  }

  private put(id: string, entry: Entry): void {
    if (entry.runs.length === 0 && !entry.inflight && entry.unconfirmed.length === 0) this.entries.delete(id);
    else this.entries.set(id, entry);
    this.dirty = true;
  }

  serialize(): PersistedV2 {
    const counters: PersistedV2['counters'] = {};
    for (const [id, entry] of this.entries) {
      counters[id] = { runs: [...entry.runs], ...(entry.inflight && { inflight: { ...entry.inflight } }), ...(entry.unconfirmed.length > 0 && { unconfirmed: [...entry.unconfirmed] }) };
    }
    return { version: 2, counters };
  }
}

/** Appends a click, merged into the last run when it has the same sign. */
function pushRun(runs: number[], delta: number): void {
  if (delta === 0) return;
  const last = runs.length - 1;
  if (last >= 0 && Math.sign(runs[last]!) === Math.sign(delta)) runs[last] = runs[last]! + delta;
  else runs.push(delta);
}
