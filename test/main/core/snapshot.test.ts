// Counters are immutable values with one owner (src-main/core/snapshot.ts): a counter's state
// object is replaced only when something it shows changed, the array only when one did or the
// order moved. Alone over the real table and ledger, then a real core and service.
import { describe, expect, it } from 'vitest';
import type { CounterV2 } from '../../../src-shared/api/schemas';
import type { ConnectionState, CoreSnapshot, CounterState } from '../../../src-shared/domain/snapshot';
import type { CounterCore } from '../../../src-main/core/index';
import { CounterTable } from '../../../src-main/core/counter-table';
import { createMemoryStore } from '../../../src-main/core/memory-store';
import { PendingLedger } from '../../../src-main/core/pending-ledger';
import { Snapshots, toCounterState } from '../../../src-main/core/snapshot';
import { SHARED, USERS, counter, startCore, startService, until } from '../../support/core-harness';

const counterV2 = (id: string, value: number): CounterV2 => ({ id, name: id, type: 'UpDown', value, created: '2026-01-05T09:00:00Z', startDate: undefined, endDate: undefined });
const listed = (values: Record<string, number>) => ({ counters: Object.entries(values).map(([id, value]) => counterV2(id, value)), unreadable: [] });

/** The ids whose state object is not the one it was (a counter added or gone counts too). */
function replaced(before: readonly CounterState[], after: readonly CounterState[]): string[] {
  const old = new Map(before.map((state) => [state.id, state]));
  const ids = new Set([...before.map((state) => state.id), ...after.map((state) => state.id)]);
  return [...ids].filter((id) => old.get(id) !== after.find((state) => state.id === id));
}

function world(values: Record<string, number> = { a: 1, b: 2, c: 3 }) {
  const table = new CounterTable();
  const ledger = new PendingLedger(createMemoryStore(), () => undefined, (id) => table.touch(id));
  const slow = new Set<string>();
  const status = { connection: { status: 'live' } as ConnectionState };
  const snapshots = new Snapshots({
    clock: { now: () => 0 },
    connection: () => status.connection,
    stats: { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 },
    table,
    ledger,
    isSlow: (id) => slow.has(id),
    scheduler: { pausedUntil: 0, heldUserWork: () => undefined },
  });
  table.mergeList(listed(values), () => false);
  const first = snapshots.snapshot();
  return { table, ledger, slow, status, snapshots, first };
}

describe('a snapshot alone', () => {
  it('the first snapshot shows every counter, in order', () => {
    const { first } = world();
    expect(first.counters.map((state) => [state.id, state.value])).toEqual([['a', 1], ['b', 2], ['c', 3]]);
  });

  it('one click replaces exactly one counter object', () => {
    const w = world();
    w.ledger.add('b', 1);
    const next = w.snapshots.snapshot();
    expect(replaced(w.first.counters, next.counters)).toEqual(['b']);
    expect(counter(next, 'b')).toMatchObject({ value: 3, pending: true, waiting: 1 });
  });

  it("someone else's change replaces only that counter; the others keep their objects", () => {
    const w = world();
    const remote = w.table.takeNotification(w.table.get('c')!, { value: 7, name: 'c' }, 0);
    expect(remote.remote).toMatchObject({ from: 3, to: 7 });
    const next = w.snapshots.snapshot();
    expect(replaced(w.first.counters, next.counters)).toEqual(['c']);
  });

  it('a resync that changes nothing keeps every object, the array and the snapshot itself', () => {
    const w = world();
    w.table.mergeList(listed({ a: 1, b: 2, c: 3 }), () => false);
    const next = w.snapshots.snapshot();
    expect(next.counters).toBe(w.first.counters);
    expect(next).toBe(w.first);
  });

  it('a change that shows nothing new (an echo of ours, a write of the same value) replaces nothing', () => {
    const w = world();
    w.table.setServerValue(w.table.get('a')!, 1);
    w.ledger.accept('a', 'increment'); // remembered in the ledger, not shown
    expect(w.snapshots.snapshot().counters).toBe(w.first.counters);
  });

  it('"still sending…" replaces the counter when it shows and when it goes', () => {
    const w = world();
    w.slow.add('a');
    w.table.touch('a');
    const shown = w.snapshots.snapshot();
    expect([counter(shown, 'a')?.sendingSlowly, replaced(w.first.counters, shown.counters)]).toEqual([true, ['a']]);
    w.slow.delete('a');
    w.table.touch('a');
    const gone = w.snapshots.snapshot();
    expect([counter(gone, 'a')?.sendingSlowly, replaced(shown.counters, gone.counters)]).toEqual([undefined, ['a']]);
  });

  it('a counter gone leaves the array; the others keep their objects', () => {
    const w = world();
    w.table.remove('b');
    const next = w.snapshots.snapshot();
    expect(next.counters.map((state) => state.id)).toEqual(['a', 'c']);
    expect(replaced(w.first.counters, next.counters)).toEqual(['b']);
  });

  it('a counter moved or added gives a new array in the new order; only the added one is a new object', () => {
    const w = world();
    w.table.mergeList(listed({ c: 3, a: 1, b: 2 }), () => false);
    const moved = w.snapshots.snapshot();
    expect([moved.counters.map((state) => state.id), moved.counters === w.first.counters, replaced(w.first.counters, moved.counters)]).toEqual([['c', 'a', 'b'], false, []]);
    w.table.mergeList(listed({ c: 3, a: 1, d: 4, b: 2 }), () => false);
    const added = w.snapshots.snapshot();
    expect([added.counters.map((state) => state.id), replaced(moved.counters, added.counters)]).toEqual([['c', 'a', 'd', 'b'], ['d']]);
  });

  it('with nothing new it is the very same snapshot; a new connection state replaces only that part', () => {
    const w = world();
    expect(w.snapshots.snapshot()).toBe(w.first);
    w.status.connection = { status: 'live' }; // a new object saying the same
    expect(w.snapshots.snapshot()).toBe(w.first);
    w.status.connection = { status: 'reconnecting', message: 'Socket closed' };
    const next = w.snapshots.snapshot();
    expect(next).not.toBe(w.first);
    expect([next.counters === w.first.counters, next.stats === w.first.stats, next.outbox === w.first.outbox]).toEqual([true, true, true]);
    expect(Object.isFrozen(next) && Object.isFrozen(next.connection)).toBe(true);
  });

  it('the states are frozen: a consumer that writes one fails instead of corrupting the next snapshot', () => {
    const { first } = world();
    const state = first.counters[0]!;
    expect(() => ((state as { value: number }).value = 5)).toThrow(TypeError);
    expect(() => (first.counters as CounterState[]).push(state)).toThrow(TypeError);
  });

  it('control: states rebuilt for every counter, as before, are new objects every time, and the check above sees it', () => {
    const w = world();
    const rebuilt = [...w.table.values()].map((record) => toCounterState(record, { localDelta: 0, pending: false, unconfirmed: [], sendingSlowly: false, waiting: 0 }));
    expect(rebuilt).toEqual(w.first.counters);
    expect(replaced(w.first.counters, rebuilt)).toEqual(['a', 'b', 'c']);
  });
});

/** Every snapshot the core publishes from now on. */
function published(core: CounterCore): CoreSnapshot[] {
  const seen: CoreSnapshot[] = [];
  core.subscribe((snapshot) => seen.push(snapshot));
  return seen;
}

describe('a snapshot of a running core', () => {
  it('one click changes one counter object, through every snapshot until its echo came', async () => {
    const service = await startService();
    const core = await startCore(service.url, USERS.ada.token);
    await core.settled();
    const before = core.snapshot();
    const seen = published(core);
    const id = SHARED[0]!;
    core.increment(id);
    await until(core, (s) => s.stats.notifications > before.stats.notifications, 5_000, 'the echo');
    await core.settled();
    expect(counter(seen[0]!, id)).toMatchObject({ value: counter(before, id)!.value + 1, pending: true }); // shown at once
    for (const snapshot of seen) expect(replaced(before.counters, snapshot.counters).filter((changed) => changed !== id)).toEqual([]);
    expect(replaced(before.counters, core.snapshot().counters)).toEqual([id]);
    expect(counter(core.snapshot(), id)).toMatchObject({ value: counter(before, id)!.value + 1, pending: false });
  });

  it("someone else's change replaces only that counter; a resync that changes nothing keeps every object", async () => {
    const service = await startService();
    const [ada, alan] = await Promise.all([startCore(service.url, USERS.ada.token), startCore(service.url, USERS.alan.token)]);
    await ada.settled();
    const before = ada.snapshot();
    const id = SHARED[1]!;
    alan.increment(id, 5);
    const after = await until(ada, (s) => counter(s, id)?.value === counter(before, id)!.value + 5, 5_000, "alan's change");
    expect(replaced(before.counters, after.counters)).toEqual([id]);

    const resyncs = after.stats.resyncs;
    const seen = published(ada);
    ada.notifyResume(); // the socket is reopened and the list read again
    await until(ada, (s) => s.stats.resyncs > resyncs && s.connection.status === 'live', 5_000, 'the resync');
    await ada.settled();
    expect(ada.snapshot().counters).toBe(after.counters);
    expect(seen.length).toBeGreaterThan(0);
    for (const snapshot of seen) expect(snapshot.counters).toBe(after.counters);
  });
});
