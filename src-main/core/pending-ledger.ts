// Local changes the server has not confirmed yet, per counter: the net of unsent clicks
// (`pending`) and at most one change on the wire (`inflight`, with the server value it
// was based on, so its outcome can be reconciled after a crash). Written to the
// PendingStore on every change, so a quit or crash loses nothing.
import { z } from 'zod';
import type { PendingStore } from './contract';

const PersistedEntry = z.object({
  pending: z.int(),
  inflight: z.object({ delta: z.int(), before: z.number() }).optional(),
});
const PersistedLedger = z.object({ version: z.literal(1), counters: z.record(z.string(), PersistedEntry) });
type PersistedLedger = z.infer<typeof PersistedLedger>;

export interface Inflight {
  /** Signed amount sent: +n for increment/n, -n for decrement/n. */
  delta: number;
  /** The server value the change was based on. */
  before: number;
}

interface Entry {
  pending: number;
  inflight?: Inflight;
}

export class PendingLedger {
  private readonly entries = new Map<string, Entry>();
  private dirty = false;
  private flushing: Promise<void> | undefined;

  constructor(private readonly store: PendingStore) {}

  /** Loads what a previous run left; unreadable data is dropped rather than trusted. */
  async load(): Promise<void> {
    let stored: unknown;
    try {
      stored = await this.store.load();
    } catch {
      return; // an unreadable store must not keep the app from syncing
    }
    const parsed = PersistedLedger.safeParse(stored);
    if (!parsed.success) return;
    for (const [id, entry] of Object.entries(parsed.data.counters)) {
      this.entries.set(id, entry.inflight ? { pending: entry.pending, inflight: { ...entry.inflight } } : { pending: entry.pending });
    }
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  pending(id: string): number {
    return this.entries.get(id)?.pending ?? 0;
  }

  inflight(id: string): Inflight | undefined {
    return this.entries.get(id)?.inflight;
  }

  /** Everything local on top of the server value: what the user sees. */
  localDelta(id: string): number {
    const entry = this.entries.get(id);
    return entry ? entry.pending + (entry.inflight?.delta ?? 0) : 0;
  }

  isBusy(id: string): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && (entry.pending !== 0 || entry.inflight !== undefined);
  }

  isEmpty(): boolean {
    for (const id of this.entries.keys()) if (this.isBusy(id)) return false;
    return true;
  }

  add(id: string, delta: number): void {
    const entry = this.entries.get(id) ?? { pending: 0 };
    entry.pending += delta;
    this.put(id, entry);
  }

  /** Moves the whole net pending change onto the wire. */
  takePending(id: string, before: number): Inflight | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.inflight || entry.pending === 0) return undefined;
    entry.inflight = { delta: entry.pending, before };
    entry.pending = 0;
    this.put(id, entry);
    return entry.inflight;
  }

  /** The in-flight change was applied (or is given up): forget it. */
  settle(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    delete entry.inflight;
    this.put(id, entry);
  }

  /** The in-flight change was certainly not applied: fold it back into the pending net. */
  restore(id: string): void {
    const entry = this.entries.get(id);
    if (!entry?.inflight) return;
    entry.pending += entry.inflight.delta;
    delete entry.inflight;
    this.put(id, entry);
  }

  /** Drops unsent clicks whose direction matches `sign` (the server refused that direction). */
  dropPending(id: string, sign?: 1 | -1): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (sign === undefined || Math.sign(entry.pending) === sign) entry.pending = 0;
    this.put(id, entry);
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

  private put(id: string, entry: Entry): void {
    if (entry.pending === 0 && !entry.inflight) this.entries.delete(id);
    else this.entries.set(id, entry);
    this.dirty = true;
  }

  serialize(): PersistedLedger {
    const counters: PersistedLedger['counters'] = {};
    for (const [id, entry] of this.entries) counters[id] = entry.inflight ? { pending: entry.pending, inflight: { ...entry.inflight } } : { pending: entry.pending };
    return { version: 1, counters };
  }
}
