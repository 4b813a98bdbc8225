// A model of the core's ledger for one-process tests of the activity service: clicks net
// into `pending`, `send()` puts the whole net on the wire, `answer()` reports its outcome
// the way the real core does (ChangeOutcome, then a snapshot). No network, no timers.
import type { AccountDataDeps } from '../../../../src-main/app/account/account-data';
import type { ChangeOutcome, Clock, CounterCore } from '../../../../src-main/core/contract';
import type { CoreSnapshot, CounterState, RemoteChange } from '../../../../src-shared/domain/snapshot';

interface Entry {
  counter: CounterState;
  server: number;
  pending: number;
  inflight?: number;
}

export class ModelCore implements Pick<CounterCore, 'snapshot' | 'subscribe' | 'onRemoteChange' | 'onChangeOutcome' | 'increment' | 'decrement' | 'undo'> {
  readonly entries = new Map<string, Entry>();
  status: CoreSnapshot['connection']['status'] = 'live';
  readonly sent: number[] = [];
  private listeners = new Set<(s: CoreSnapshot) => void>();
  private remote = new Set<(c: RemoteChange) => void>();
  private outcomes = new Set<(o: ChangeOutcome) => void>();

  constructor(
    counters: CounterState[],
    private readonly now: () => number,
  ) {
    for (const c of counters) this.entries.set(c.id, { counter: c, server: c.value, pending: 0 });
  }

  asCore(): CounterCore {
    return this as unknown as CounterCore;
  }

  snapshot(): CoreSnapshot {
    const counters = [...this.entries.values()].map((e) => ({
      ...e.counter,
      value: e.server + e.pending + (e.inflight ?? 0),
      pending: e.pending !== 0 || e.inflight !== undefined,
    }));
    return { connection: { status: this.status }, counters, stats: { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 }, outbox: { clicks: 0 } };
  }
  subscribe(listener: (s: CoreSnapshot) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  onRemoteChange(listener: (c: RemoteChange) => void) {
    this.remote.add(listener);
    return () => void this.remote.delete(listener);
  }
  onChangeOutcome(listener: (o: ChangeOutcome) => void) {
    this.outcomes.add(listener);
    return () => void this.outcomes.delete(listener);
  }
  increment(id: string, amount = 1): void {
    this.click(id, amount);
  }
  decrement(id: string, amount = 1): void {
    this.click(id, -amount);
  }
  private click(id: string, delta: number): void {
    const entry = this.entries.get(id);
    if (!entry || entry.counter.refused[delta > 0 ? 'increment' : 'decrement'] !== undefined) return;
    entry.pending += delta;
    this.publish();
  }
  /** As the core's ledger: unsent clicks are withdrawn (reported), the rest gets the opposite click. */
  undo(id: string, amount: number): { withdrawn: number; opposite: number } {
    const entry = this.entries.get(id);
    if (!entry) return { withdrawn: 0, opposite: 0 };
    const withdrawn = Math.sign(entry.pending) === Math.sign(amount) ? Math.sign(amount) * Math.min(Math.abs(entry.pending), Math.abs(amount)) : 0;
    entry.pending -= withdrawn;
    const opposite = withdrawn - amount;
    entry.pending += opposite;
    if (withdrawn !== 0) for (const listener of this.outcomes) listener({ counterId: id, amount: withdrawn, outcome: 'withdrawn', at: this.now() });
    this.publish();
    return { withdrawn, opposite };
  }
  /** The sender takes the whole net unsent change (nothing when it nets to 0). */
  send(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || entry.inflight !== undefined || entry.pending === 0) return;
    entry.inflight = entry.pending;
    entry.pending = 0;
    this.sent.push(entry.inflight);
  }
  /** The server answered the change on the wire. */
  answer(id: string, outcome: 'applied' | 'refused' = 'applied'): void {
    const entry = this.entries.get(id);
    if (!entry || entry.inflight === undefined) return;
    const amount = entry.inflight;
    entry.inflight = undefined;
    if (outcome === 'applied') entry.server += amount;
    else {
      const direction = amount > 0 ? 'increment' : 'decrement';
      entry.counter = { ...entry.counter, refused: { ...entry.counter.refused, [direction]: 'This counter only counts one way' } };
      if (Math.sign(entry.pending) === Math.sign(amount)) entry.pending = 0;
    }
    for (const listener of this.outcomes) listener({ counterId: id, amount, outcome, at: this.now() });
    this.publish();
  }
  /** Our PATCH, placed by its echo: the value it replaced and the value after. */
  reportEdit(id: string, fields: ('name' | 'value' | 'startDate' | 'endDate')[], from: number, to: number): void {
    for (const listener of this.outcomes) listener({ counterId: id, amount: fields.includes('value') ? to - from : 0, outcome: 'edited', at: this.now(), edit: { fields, from, to } });
  }
  remoteChange(id: string, to: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const from = entry.server;
    entry.server = to;
    for (const listener of this.remote) listener({ counterId: id, name: entry.counter.name, from, to });
    this.publish();
  }
  publish(): void {
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot);
  }
}

/** What the account's data (account/account-data.ts, account-records.ts) is given around a model core: UTC, memory only, nobody told. */
export function modelAccountDeps(clock: Clock, core: ModelCore, overrides: Partial<AccountDataDeps> = {}): AccountDataDeps {
  return {
    clock,
    timezone: () => 'UTC',
    changed: () => undefined,
    dataDir: undefined,
    counters: () => core.snapshot().counters,
    listed: () => true,
    requireCounter: () => core.asCore(),
    notice: () => undefined,
    warn: () => undefined,
    announce: () => undefined,
    ...overrides,
  };
}
