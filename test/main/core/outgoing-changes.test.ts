// Our own changes judged alone (src-main/core/outgoing-changes.ts, answer-verdict.ts; undo and
// "send again" in sync-engine.ts, leftovers in live-sync.ts): the real ledger, table and sender, the
// rest recorders. The same over the reference service: outgoing-changes.service.test.ts.
import { describe, expect, it } from 'vitest';
import type { CounterV2 } from '../../../src-shared/api/schemas';
import type { RemoteChange } from '../../../src-shared/domain/snapshot';
import type { Direction } from '../../../src-shared/domain/snapshot';
import { CoreError, type ChangeOutcome, type CoreErrorKind } from '../../../src-main/core/contract';
import { CounterTable } from '../../../src-main/core/counter-table';
import { ECHO_WAIT_MS } from '../../../src-main/core/counter-merge';
import type { Phase } from '../../../src-main/core/contract';
import { LiveSync } from '../../../src-main/core/live-sync';
import { createMemoryStore } from '../../../src-main/core/memory-store';
import { NotDeliveredError, RateLimitedError } from '../../../src-main/core/errors';
import { DayWatch } from '../../../src-main/core/midnight';
import { OutgoingChanges } from '../../../src-main/core/outgoing-changes';
import { sendPatch } from '../../../src-main/core/patch-sender';
import { PendingLedger } from '../../../src-main/core/pending-ledger';
import { SyncEngine } from '../../../src-main/core/sync-engine';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';
import { FakeClock } from '../../../dev-tools/support/fake-clock';

type Reported = Omit<ChangeOutcome, 'at'>;

const ID = 'coffees';
const OTHER = 'teas';
const counterV2 = (id: string, value: number, name = id): CounterV2 => ({ id, name, type: 'UpDown', value, created: '2026-01-05T09:00:00Z', startDate: undefined, endDate: undefined });

/** Lets the ledger's writes and a refetch's promise chain run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const unused = (): never => {
  throw new Error('not used by these tests');
};

/** The sender among its parts; `stored`: what the last run left in the ledger's store (read with `ledger.load()`). */
function world(stored?: unknown, values: Record<string, number> = { [ID]: 10, [OTHER]: 5 }) {
  const clock = new FakeClock(0);
  const store = createMemoryStore(stored);
  const ledger = new PendingLedger(store);
  const table = new CounterTable();
  table.mergeList({ counters: Object.entries(values).map(([id, value]) => counterV2(id, value)), unreadable: [] }, () => false);
  const said = {
    outcomes: [] as Reported[],
    remote: [] as RemoteChange[],
    changed: 0,
    log: [] as string[],
    unauthorized: [] as string[],
    gone: [] as [string, string][],
    resyncs: 0,
    pumped: [] as string[],
    reads: [] as { priority: string; id: string; timezone: string }[],
    slots: [] as string[],
  };
  const events = {
    outcome: (counterId: string, amount: number, outcome: ChangeOutcome['outcome'], edit?: ChangeOutcome['edit']) => void said.outcomes.push({ counterId, amount, outcome, ...(edit && { edit }) }),
    remote: (change: RemoteChange) => void said.remote.push(change),
    changed: () => void (said.changed += 1),
    startupOver: () => undefined,
  };
  const status: { phase: Phase; timezone: string } = { phase: 'running', timezone: 'Europe/Berlin' };
  let refetch: () => Promise<CounterV2> = async () => counterV2(ID, 0);
  let patched: () => Promise<CounterV2> = async () => counterV2(ID, 0);
  let changed: (id: string, direction: Direction, amount: number) => Promise<number | undefined> = unused;
  const sent: { id: string; direction: Direction; amount: number; stored: unknown }[] = [];
  let closed: Error | undefined;
  let slot: Promise<void> | undefined;
  let priority = '';
  const phase = () => status.phase;
  const timezone = () => status.timezone;
  const api = {
    getCounter: (id: string, zone: string) => (said.reads.push({ priority, id, timezone: zone }), refetch()),
    change: (id: string, direction: Direction, amount: number) => (sent.push({ id, direction, amount, stored: store.current() }), changed(id, direction, amount)),
    patch: () => patched(),
    listCounters: unused,
    serverText: (text: string) => text,
  };
  /** Runs each task at once, and again after a 429 as the real scheduler does; rejects once closed. */
  const scheduler = {
    run: async <T>(runAs: string, task: () => Promise<T> | undefined): Promise<T | undefined> => {
      priority = runAs;
      said.slots.push(runAs);
      if (slot) await slot;
      if (closed) throw closed;
      for (;;) {
        try {
          return await task();
        } catch (error) {
          if (!(error instanceof RateLimitedError)) throw error;
        }
      }
    },
  };
  const unauthorized = (message: string) => void said.unauthorized.push(message);
  const gone = (id: string, message: string) => void said.gone.push([id, message]);
  const wire = new OutgoingChanges({
    clock, tuning: { ...DEFAULT_TUNING, random: () => 0.5 }, requestTimeoutMs: 10_000, phase, timezone, api, scheduler, ledger, table, events, unauthorized, gone,
    resync: () => void (said.resyncs += 1),
    drop: (id, why) => live.drop(id, why),
  });
  const live = new LiveSync({
    clock, tuning: DEFAULT_TUNING, phase, timezone, days: new DayWatch(clock, timezone), ownDays: true, api, scheduler, ledger, table, events, wire, unauthorized,
    log: (line) => void said.log.push(line),
    stats: { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 },
    connection: unused,
    startFailed: unused,
    synced: unused,
  });
  const pumpRecorder = { pump: (id: string) => void said.pumped.push(id), wake: unused };
  const lifecycle = { get phase() { return status.phase; }, beforeFirstSync: false, start: unused, stop: unused };
  const engine = new SyncEngine({
    status, lifecycle, ledger, table, live, wire: pumpRecorder,
    events: { ...events, onSnapshot: unused, onRemoteChange: unused, onChangeOutcome: unused, settled: unused },
    snapshots: { snapshot: unused },
    socket: { retryNow: unused, reconnectNow: unused },
    update: unused,
  });
  const patch = (id: string, body: Parameters<typeof engine.update>[1]) => sendPatch({ phase, timezone, api, scheduler, table, wire, events, unauthorized, gone }, id, body);
  const record = (id = ID) => table.get(id)!;

  /** A click change as the sender puts it on the wire: unsent clicks first, then the oldest run taken, its notifications held. */
  function onWire(delta: number, before: number, id = ID) {
    ledger.add(id, delta);
    const change = ledger.takePending(id, before)!;
    wire.begin(record(id));
    return change;
  }
  /** The answer to the change on the wire. */
  async function answered(change: { delta: number; before: number }, answer: { value: number | undefined } | { error: unknown }, id = ID) {
    await wire.judge({ record: record(id), change, answer });
    await settle();
  }
  return {
    clock,
    store,
    ledger,
    table,
    wire,
    live,
    engine,
    patch,
    said,
    status,
    record,
    onWire,
    answered,
    sent,
    refetchWith: (next: () => Promise<CounterV2>) => void (refetch = next),
    changeWith: (next: typeof changed) => void (changed = next),
    closeScheduler: (reason: Error) => void (closed = reason),
    /** Slots wait until `free` is called. */
    slotsWait: () => {
      let free: () => void = () => undefined;
      slot = new Promise<void>((resolve) => (free = resolve));
      return () => ((slot = undefined), free());
    },
    patchAnswers: (next: () => Promise<CounterV2>) => void (patched = next),
  };
}

/** An answer the test gives when it likes. */
function later<T>(): { promise: Promise<T>; give: (value: T) => void; fail: (error: unknown) => void } {
  let give: (value: T) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => ((give = resolve), (fail = reject)));
  return { promise, give, fail };
}

describe('sending', () => {
  it('one change per counter at a time, as user work, written to the store before it goes on the wire', async () => {
    const w = world();
    const first = later<number>();
    w.changeWith(() => first.promise);
    w.ledger.add(ID, 2);
    w.wire.pump(ID);
    await settle();
    expect(w.sent).toEqual([{ id: ID, direction: 'increment', amount: 2, stored: { version: 3, counters: { [ID]: { runs: [], inflight: { delta: 2, before: 10 } } } } }]);
    expect([w.said.slots, w.said.changed, w.wire.onWire(ID), w.wire.busy(), w.wire.active(ID)]).toEqual([['user'], 1, true, true, true]);
    w.ledger.add(ID, -1);
    w.wire.pump(ID);
    await settle();
    expect(w.sent).toHaveLength(1);
    w.changeWith(async () => 11);
    first.give(12);
    await settle();
    await settle();
    expect(w.sent.map(({ direction, amount }) => [direction, amount])).toEqual([['increment', 2], ['decrement', 1]]);
    expect(w.said.outcomes).toEqual([
      { counterId: ID, amount: 2, outcome: 'applied' },
      { counterId: ID, amount: -1, outcome: 'applied' },
    ]);
    expect([w.wire.onWire(ID), w.wire.busy(), w.ledger.isBusy(ID)]).toEqual([false, false, false]);
  });

  it('sends nothing unless running, and nothing of a counter it cannot see', async () => {
    const w = world();
    w.ledger.add(ID, 1);
    w.status.phase = 'starting';
    w.wire.pump(ID);
    w.status.phase = 'running';
    w.ledger.add('gone', 2);
    w.wire.pumpAll();
    w.status.phase = 'stopped';
    await settle();
    expect(w.sent.map(({ id }) => id)).toEqual([]);
    expect([w.said.outcomes, w.ledger.ids()]).toEqual([[{ counterId: 'gone', amount: 2, outcome: 'dropped' }], [ID]]);
    expect(w.said.log).toEqual(['counter gone: it is no longer shared with this account; unsent clicks (net +2) dropped, nothing of them was sent']);
  });

  it('shows "still sending…" once the request timeout passed, and not after the answer', async () => {
    const w = world();
    const answer = later<number>();
    w.changeWith(() => answer.promise);
    w.ledger.add(ID, 1);
    w.wire.pump(ID);
    await settle();
    w.table.takeTouched();
    w.clock.advanceSync(9_999);
    expect(w.wire.isSlow(ID)).toBe(false);
    const changed = w.said.changed;
    w.clock.advanceSync(1);
    expect([w.wire.isSlow(ID), w.said.changed - changed, [...w.table.takeTouched().ids]]).toEqual([true, 1, [ID]]);
    answer.give(11);
    await settle();
    expect([w.wire.isSlow(ID), [...w.table.takeTouched().ids]]).toEqual([false, [ID]]);
    expect(w.clock.pending).toBe(0);
    // Answered in time: never "still sending…", also after the timeout would have passed.
    w.changeWith(async () => 12);
    w.ledger.add(ID, 1);
    w.wire.pump(ID);
    await settle();
    w.clock.advanceSync(20_000);
    expect([w.wire.isSlow(ID), w.said.outcomes.length]).toEqual([false, 2]);
  });

  it('a connection that never opened: nothing was applied, it goes first again after a full-jitter wait that "Retry now" ends', async () => {
    const w = world();
    w.changeWith(() => Promise.reject(new NotDeliveredError('connect ECONNREFUSED')));
    w.ledger.add(ID, 2);
    w.wire.pump(ID);
    await settle();
    expect([w.sent.length, w.ledger.pending(ID), w.ledger.inflight(ID), w.wire.active(ID), w.wire.onWire(ID), w.wire.busy(), w.said.outcomes]).toEqual([1, 2, undefined, false, false, true, []]);
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [2] } } });
    await w.clock.advance(999); // random 0.5 of min(cap, 2 s · 2^0)
    expect(w.sent).toHaveLength(1);
    await w.clock.advance(1);
    expect(w.sent).toHaveLength(2);
    await w.clock.advance(1_999); // the second wait is twice as long
    expect(w.sent).toHaveLength(2);
    w.changeWith(async () => 12);
    w.wire.wake();
    await settle();
    await settle();
    expect([w.sent.length, w.said.outcomes]).toEqual([3, [{ counterId: ID, amount: 2, outcome: 'applied' }]]);
    // Delivered once: the next failure waits the first wait again.
    w.changeWith(() => Promise.reject(new NotDeliveredError('connect ECONNREFUSED')));
    w.ledger.add(ID, 1);
    w.wire.pump(ID);
    await w.clock.advance(1_000);
    expect(w.sent).toHaveLength(5);
    w.wire.dispose(); // the core halts while it waits: no timer left, nothing sent again
    expect(w.clock.pending).toBe(0);
    await w.clock.advance(100_000);
    expect(w.sent).toHaveLength(5);
  });

  it('when its slot comes there may be nothing to send: the clicks withdrawn, the core stopped, the counter gone (its clicks dropped then)', async () => {
    for (const meanwhile of ['withdrawn', 'stopped', 'gone'] as const) {
      const w = world();
      const free = w.slotsWait();
      w.ledger.add(ID, 2);
      w.wire.pump(ID);
      if (meanwhile === 'withdrawn') w.ledger.withdraw(ID, 2);
      if (meanwhile === 'stopped') w.status.phase = 'stopped';
      if (meanwhile === 'gone') w.table.remove(ID);
      free();
      await settle();
      const dropped = meanwhile === 'gone' ? [{ counterId: ID, amount: 2, outcome: 'dropped' }] : [];
      expect([meanwhile, w.sent, w.said.outcomes, w.ledger.inflight(ID), w.wire.busy()]).toEqual([meanwhile, [], dropped, undefined, false]);
    }
  });

  it('an answer that comes after the stop is not judged, not even one that never connected', async () => {
    for (const answer of [async () => 11, () => Promise.reject(new NotDeliveredError('connect ECONNREFUSED'))]) {
      const w = world();
      const late = later<void>();
      w.changeWith(async () => (await late.promise, answer()));
      w.ledger.add(ID, 1);
      w.wire.pump(ID);
      await settle();
      w.status.phase = 'stopped';
      late.give();
      await settle();
      expect([w.said.outcomes, w.ledger.inflight(ID), w.ledger.pending(ID), w.clock.pending]).toEqual([[], { delta: 1, before: 10 }, 0, 0]);
    }
  });

  it('a change the last run left on the wire is not one of ours on the wire now', async () => {
    const w = world({ version: 3, counters: { [ID]: { runs: [], inflight: { delta: 4, before: 10 } } } });
    await w.ledger.load();
    expect([w.ledger.inflight(ID), w.wire.onWire(ID)]).toEqual([{ delta: 4, before: 10 }, false]);
  });

  it('a 429 leaves it unsent: the scheduler sends the same change again after the pause, and it is judged once', async () => {
    const w = world();
    let answers = 0;
    w.changeWith(async () => {
      answers += 1;
      if (answers === 1) throw new RateLimitedError('Too many requests', 1_000);
      return 13;
    });
    w.ledger.add(ID, 3);
    w.wire.pump(ID);
    await settle();
    await settle();
    expect(w.sent.map(({ amount }) => amount)).toEqual([3, 3]);
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 3, outcome: 'applied' }]);
    expect([w.ledger.isBusy(ID), w.wire.active(ID), w.record().confirmed]).toEqual([false, false, 13]);
  });

  it('stopped before it left: nothing goes on the wire; a closed scheduler keeps the change in the ledger', async () => {
    const w = world();
    w.ledger.add(ID, 1);
    w.wire.pump(ID);
    w.status.phase = 'stopped'; // while its write is under way
    await settle();
    expect([w.sent, w.said.outcomes, w.ledger.inflight(ID)]).toEqual([[], [], { delta: 1, before: 10 }]);
    const closed = world();
    closed.closeScheduler(new CoreError('unauthorized', 'Invalid token', 401));
    closed.ledger.add(ID, 1);
    closed.wire.pump(ID);
    closed.status.phase = 'unauthorized'; // as a refused token closes the scheduler
    await settle();
    expect([closed.sent, closed.said.outcomes, closed.ledger.pending(ID), closed.wire.busy(), closed.said.changed]).toEqual([[], [], 1, false, 1]);
  });

  it('halted: no "still sending…", no change counted on the wire, no edit reported', async () => {
    const w = world();
    w.changeWith(() => new Promise(() => undefined));
    w.ledger.add(ID, 1);
    w.wire.pump(ID);
    await settle();
    w.clock.advanceSync(10_000);
    w.patchAnswers(async () => counterV2(ID, 20));
    await w.patch(OTHER, { value: 20 });
    expect([w.wire.isSlow(ID), w.wire.active(ID)]).toEqual([true, true]);
    w.wire.dispose();
    w.wire.merge(w.record(OTHER), { value: 20, name: OTHER });
    await settle();
    expect([w.wire.isSlow(ID), w.wire.active(ID), w.said.outcomes, w.clock.pending]).toEqual([false, false, [], 0]);
  });
});

const refusal = (kind: CoreErrorKind, message = `refused: ${kind}`, status = 400) => new CoreError(kind, message, status);

describe('an applied change', () => {
  it('is settled, reported once with its signed amount, and its window closed', async () => {
    const w = world();
    const change = w.onWire(-3, 10);
    await w.answered(change, { value: 7 });
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: -3, outcome: 'applied' }]);
    expect([w.ledger.inflight(ID), w.ledger.isBusy(ID), w.wire.active(ID), w.record().confirmed]).toEqual([undefined, false, false, 7]);
    expect(w.said.remote).toEqual([]);
    expect(w.said.changed).toBe(1);
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [], accepted: ['decrement'] } } });
  });

  it('remembers each direction the server accepted: only then are opposite clicks netted', async () => {
    const w = world();
    await w.answered(w.onWire(1, 10), { value: 11 });
    expect(w.ledger.acceptsBoth(ID)).toBe(false);
    await w.answered(w.onWire(-1, 11), { value: 10 });
    expect(w.ledger.acceptsBoth(ID)).toBe(true);
  });

  it("reports someone else's change that the answer reveals (notifications late or lost): from what was seen to what was there before ours", async () => {
    const w = world();
    // Our +1 lands on 13: 12 was there before it, while the notifications stopped at 10.
    await w.answered(w.onWire(1, 10), { value: 13 });
    expect(w.said.remote).toEqual([{ counterId: ID, name: ID, from: 10, to: 12 }]);
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 1, outcome: 'applied' }]);
  });

  it('reveals nothing while another change of ours could explain the step', async () => {
    const w = world();
    const earlier = w.onWire(1, 10);
    await w.answered(earlier, { value: 11 }); // its echo not seen yet
    await w.answered(w.onWire(1, 11), { value: 13 });
    const patch = w.onWire(2, 13);
    w.wire.begin(w.record()); // a PATCH of ours on the wire too: not alone
    await w.answered(patch, { value: 20 });
    expect(w.said.remote).toEqual([]);
  });

  it('reveals nothing while a PATCH of ours is on the wire too: the step may be its doing', async () => {
    const w = world();
    w.wire.begin(w.record()); // the PATCH, unanswered
    await w.answered(w.onWire(1, 10), { value: 13 });
    expect(w.said.remote).toEqual([]);
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 1, outcome: 'applied' }]);
  });

  it('judges the notifications held while it was on the wire once it lands', async () => {
    const w = world();
    const change = w.onWire(1, 10);
    // Held while ours is on the wire: our own echo (11), then someone's +5.
    for (const value of [11, 16]) w.table.noteUpdated(w.record(), { value, name: ID, type: 'UpDown' });
    await w.answered(change, { value: 11 });
    expect(w.said.remote).toEqual([{ counterId: ID, name: ID, from: 11, to: 16 }]);
  });

  it('with no readable value (a 2xx without a number) is applied, and the value read again at user priority', async () => {
    const w = world();
    let answer: (counter: CounterV2) => void = () => undefined;
    w.refetchWith(() => new Promise<CounterV2>((resolve) => (answer = resolve)));
    const judging = w.wire.judge({ record: w.record(), change: w.onWire(2, 10), answer: { value: undefined } });
    await settle();
    // While the value is read again, a step of our size is taken as ours.
    expect([w.ledger.inflight(ID), w.record().maybeOurs, w.ledger.acceptsBoth(ID)]).toEqual([undefined, [2], false]);
    expect(w.said.reads).toEqual([{ priority: 'user', id: ID, timezone: 'Europe/Berlin' }]);
    expect(w.said.outcomes).toEqual([]);
    answer(counterV2(ID, 30));
    await judging;
    expect([w.record().confirmed, w.record().streamValue, w.record().maybeOurs, w.wire.active(ID), w.said.resyncs]).toEqual([30, 30, [], false, 0]);
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 2, outcome: 'applied' }]);
  });

  it('with no readable value and no refetch either: still applied, and a resync finds the value; a refused token is reported', async () => {
    const w = world();
    w.refetchWith(() => Promise.reject(refusal('unauthorized', 'Invalid token', 401)));
    await w.answered(w.onWire(2, 10), { value: undefined });
    expect([w.said.unauthorized, w.said.resyncs, w.record().confirmed]).toEqual([['Invalid token'], 1, 10]);
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 2, outcome: 'applied' }]);
    const other = world();
    other.refetchWith(() => Promise.reject(refusal('server', 'busy', 503)));
    await other.answered(other.onWire(2, 10), { value: undefined });
    expect([other.said.unauthorized, other.said.resyncs]).toEqual([[], 1]);
  });

  it('is not judged at all once the core stopped, even when its refetch comes back after', async () => {
    const w = world();
    w.status.phase = 'stopped';
    await w.answered(w.onWire(1, 10), { value: 11 });
    expect([w.said.outcomes, w.ledger.inflight(ID), w.said.changed]).toEqual([[], { delta: 1, before: 10 }, 0]);
    const late = world();
    let answer: (counter: CounterV2) => void = () => undefined;
    late.refetchWith(() => new Promise<CounterV2>((resolve) => (answer = resolve)));
    const judging = late.wire.judge({ record: late.record(), change: late.onWire(1, 10), answer: { value: undefined } });
    await settle();
    late.status.phase = 'stopped';
    answer(counterV2(ID, 11));
    await judging;
    expect([late.said.outcomes, late.wire.active(ID), late.record().confirmed]).toEqual([[], true, 10]);
  });
});

describe('a refused change', () => {
  it('a refused token sends it again with the next one: restored first, nothing reported, the core told', async () => {
    const w = world();
    const change = w.onWire(2, 10);
    w.ledger.add(ID, 1);
    await w.answered(change, { error: refusal('unauthorized', 'Invalid token', 401) });
    expect([w.said.outcomes, w.said.unauthorized, w.wire.active(ID)]).toEqual([[], ['Invalid token'], false]);
    expect(w.ledger.takePending(ID, 10)).toEqual({ delta: 3, before: 10 });
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [3] } } });
  });

  it.each([
    ['increment', 2, [1, -1, 4], 'Only down', 5, -1],
    ['decrement', -2, [-1, 1, -4], 'Only up', -5, 1],
  ] as const)('a refused %s is reported as one, refuses that direction, and drops the unsent clicks that way only', async (direction, delta, unsent, message, dropped, kept) => {
    const w = world();
    const change = w.onWire(delta, 10);
    for (const click of unsent) w.ledger.add(ID, click);
    await w.answered(change, { error: refusal('invalidOperation', message) });
    expect(w.record().refused).toEqual({ [direction]: message });
    expect(w.said.outcomes).toEqual([
      { counterId: ID, amount: delta, outcome: 'refused' },
      { counterId: ID, amount: dropped, outcome: 'refused' },
    ]);
    expect([w.ledger.pending(ID), w.ledger.inflight(ID), w.wire.active(ID), w.said.changed]).toEqual([kept, undefined, false, 1]);
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [kept] } } });
  });

  it('a refused direction with no unsent clicks that way reports the refused change alone', async () => {
    const w = world();
    const change = w.onWire(2, 10);
    w.ledger.add(ID, -1);
    await w.answered(change, { error: refusal('invalidOperation', 'Only down') });
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 2, outcome: 'refused' }]);
  });

  it.each(['forbidden', 'notFound'] as const)('%s: the counter is gone for us; every unsent click is dropped and reported, the sync told', async (kind) => {
    const w = world();
    const change = w.onWire(2, 10);
    for (const click of [-1, 4]) w.ledger.add(ID, click);
    await w.answered(change, { error: refusal(kind, 'No such counter', kind === 'forbidden' ? 403 : 404) });
    expect(w.said.outcomes).toEqual([
      { counterId: ID, amount: 2, outcome: 'refused' },
      { counterId: ID, amount: 3, outcome: 'refused' },
    ]);
    expect([w.said.gone, w.ledger.hasUnsent(ID), w.wire.active(ID), w.record().error]).toEqual([[[ID, 'No such counter']], false, false, undefined]);
    expect(w.store.current()).toEqual({ version: 3, counters: {} });
  });

  it.each(['badRequest', 'invalidAmount'] as const)('%s: flagged with the server’s words, reported refused, the clicks after it kept', async (kind) => {
    const w = world();
    const change = w.onWire(2, 10);
    w.ledger.add(ID, 1);
    await w.answered(change, { error: refusal(kind, 'Amount too large') });
    expect(w.record().error).toEqual({ kind: 'rejected', message: 'Amount too large' });
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 2, outcome: 'refused' }]);
    expect([w.ledger.pending(ID), w.record().refused, w.said.gone, w.said.changed]).toEqual([1, {}, [], 1]);
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [1] } } });
  });
});

describe('a change whose answer was lost', () => {
  it.each([
    ['a dropped connection', new CoreError('network', 'socket hang up')],
    ['the long deadline', new CoreError('timeout', 'No answer within 60000 ms')],
    ['a 5xx', new CoreError('server', 'Bad gateway', 502)],
    ['something that is no CoreError', new TypeError('boom')],
  ])('after %s it is flagged "could not confirm" with its amount, kept for the user, and the sync reads the value again', async (_what, error) => {
    const w = world();
    await w.answered(w.onWire(-4, 10), { error });
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: -4, outcome: 'unconfirmed' }]);
    expect([w.ledger.unconfirmed(ID), w.ledger.isBusy(ID), w.record().maybeOurs, w.wire.active(ID), w.said.resyncs, w.said.changed]).toEqual([[-4], false, [-4], false, 1, 1]);
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [], unconfirmed: [-4] } } });
  });
});

describe('the user’s answer to "could not confirm"', () => {
  async function lostTwice() {
    const w = world();
    await w.answered(w.onWire(2, 10), { error: new CoreError('network', 'lost') });
    await w.answered(w.onWire(3, 10), { error: new CoreError('network', 'lost') });
    w.said.outcomes.length = 0;
    w.said.changed = 0;
    return w;
  }

  it('"send again" queues every lost change again and wakes the sender', async () => {
    const w = await lostTwice();
    w.engine.resolveUnconfirmed(ID, 'resend');
    await settle();
    expect(w.said.outcomes).toEqual([
      { counterId: ID, amount: 2, outcome: 'resent' },
      { counterId: ID, amount: 3, outcome: 'resent' },
    ]);
    expect([w.ledger.pending(ID), w.ledger.unconfirmed(ID), w.record().maybeOurs, w.said.pumped, w.said.changed]).toEqual([5, [], [], [ID], 1]);
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [5] } } });
  });

  it('"keep the server’s value" sends nothing again', async () => {
    const w = await lostTwice();
    w.engine.resolveUnconfirmed(ID, 'keep');
    await settle();
    expect(w.said.outcomes).toEqual([
      { counterId: ID, amount: 2, outcome: 'kept' },
      { counterId: ID, amount: 3, outcome: 'kept' },
    ]);
    expect([w.ledger.pending(ID), w.ledger.isBusy(ID), w.ledger.unconfirmed(ID), w.record().maybeOurs, w.said.pumped, w.said.changed]).toEqual([0, false, [], [], [], 1]);
    expect(w.store.current()).toEqual({ version: 3, counters: {} });
  });

  it('an answer with nothing to answer for changes nothing', async () => {
    const w = world();
    for (const choice of ['resend', 'keep'] as const) w.engine.resolveUnconfirmed(ID, choice);
    expect([w.said.outcomes, w.said.changed, w.said.pumped, w.ledger.ids()]).toEqual([[], 0, [], []]);
  });
});

describe('undo and edits', () => {
  it('an undo of unsent clicks withdraws them: reported, nothing to send', async () => {
    const w = world();
    w.ledger.add(ID, 3);
    expect(w.engine.undo(ID, 2)).toEqual({ withdrawn: 2, opposite: 0 });
    await settle();
    expect([w.said.outcomes, w.said.pumped, w.said.changed, w.ledger.pending(ID)]).toEqual([[{ counterId: ID, amount: 2, outcome: 'withdrawn' }], [], 1, 1]);
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [1] } } });
  });

  it('an undo of a change already sent queues the opposite one and wakes the sender; nothing withdrawn is reported', async () => {
    const w = world();
    await w.answered(w.onWire(2, 10), { value: 12 });
    w.said.outcomes.length = 0;
    expect(w.engine.undo(ID, 2)).toEqual({ withdrawn: 0, opposite: -2 });
    await settle();
    expect([w.said.outcomes, w.said.pumped, w.ledger.pending(ID)]).toEqual([[], [ID], -2]);
    expect(w.store.current()).toEqual({ version: 3, counters: { [ID]: { runs: [-2], accepted: ['increment'] } } });
  });

  it('an edit of the value is reported with the amount it moved the counter (to − from), once its echo places it; of other fields with none', async () => {
    const w = world();
    /** Our PATCH answered with `answer`, then its echo arrives. */
    async function edit(body: { name?: string; value?: number }, answer: CounterV2) {
      w.patchAnswers(async () => answer);
      await w.patch(ID, body);
      w.wire.merge(w.record(), { value: answer.value, name: answer.name });
      await settle();
    }
    await edit({ name: 'Espresso', value: 14 }, counterV2(ID, 14, 'Espresso'));
    await edit({ name: 'Ristretto' }, counterV2(ID, 14, 'Ristretto'));
    expect(w.said.outcomes).toEqual([
      { counterId: ID, amount: 4, outcome: 'edited', edit: { fields: ['name', 'value'], from: 10, to: 14 } },
      { counterId: ID, amount: 0, outcome: 'edited', edit: { fields: ['name'], from: 14, to: 14 } },
    ]);
    // Placed after the core stopped: not reported.
    w.patchAnswers(async () => counterV2(ID, 20, 'Ristretto'));
    await w.patch(ID, { value: 20 });
    w.status.phase = 'stopped';
    w.wire.merge(w.record(), { value: 20, name: 'Ristretto' });
    await settle();
    expect(w.said.outcomes).toHaveLength(2);
  });
});

describe('a new socket', () => {
  it('forgets the echoes the old one would have carried: an edit waiting for its echo is reported from the last value seen', async () => {
    const w = world();
    w.patchAnswers(async () => counterV2(ID, 14));
    await w.patch(ID, { value: 14 });
    expect(w.record().expectedEchoes).toHaveLength(1);
    w.wire.forgetEchoes(w.record());
    await settle();
    expect(w.record().expectedEchoes).toEqual([]);
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 0, outcome: 'edited', edit: { fields: ['value'], from: 14, to: 14 } }]);
    expect(w.clock.pending).toBe(0);
  });

  it("forgets only that counter's echoes: another counter's edit still waits for its own", async () => {
    const w = world();
    w.patchAnswers(async () => counterV2(ID, 14));
    await w.patch(ID, { value: 14 });
    w.patchAnswers(async () => counterV2(OTHER, 8, OTHER));
    await w.patch(OTHER, { value: 8 });
    w.wire.forgetEchoes(w.record());
    await settle();
    expect(w.said.outcomes.map((o) => o.counterId)).toEqual([ID]);
    w.wire.merge(w.record(OTHER), { value: 8, name: OTHER });
    await settle();
    expect(w.said.outcomes.at(-1)).toEqual({ counterId: OTHER, amount: 3, outcome: 'edited', edit: { fields: ['value'], from: 5, to: 8 } });
  });
});

describe('an edit whose echo never comes', () => {
  it('is reported from the last value seen once the echo wait is over, and its timer is gone', async () => {
    const w = world();
    w.patchAnswers(async () => counterV2(ID, 14));
    await w.patch(ID, { value: 14 });
    await settle();
    expect(w.said.outcomes).toEqual([]);
    await w.clock.advance(ECHO_WAIT_MS);
    await settle();
    expect(w.said.outcomes).toEqual([{ counterId: ID, amount: 4, outcome: 'edited', edit: { fields: ['value'], from: 10, to: 14 } }]);
    expect(w.clock.pending).toBe(0);
  });
});

describe('the first sync after a restart', () => {
  it('flags a change the last run left on the wire, leaves one that is on the wire now, and drops the clicks of a counter no longer listed', async () => {
    const w = world({
      version: 3,
      counters: {
        [ID]: { runs: [], inflight: { delta: 4, before: 10 }, unconfirmed: [-1] },
        [OTHER]: { runs: [1], inflight: { delta: 2, before: 5 } },
        gone: { runs: [2, 1], inflight: { delta: -3, before: 0 } },
      },
    });
    await w.ledger.load();
    w.live.recoverFromLastRun((id) => id === OTHER);
    await settle();
    expect(w.said.outcomes).toEqual([
      { counterId: ID, amount: 4, outcome: 'unconfirmed' },
      { counterId: 'gone', amount: 3, outcome: 'dropped' },
    ]);
    expect([w.ledger.unconfirmed(ID), w.ledger.inflight(ID), w.record().maybeOurs]).toEqual([[-1, 4], undefined, [-1, 4]]);
    expect([w.ledger.inflight(OTHER), w.record(OTHER).maybeOurs]).toEqual([{ delta: 2, before: 5 }, []]);
    expect(w.said.log).toEqual(['counter gone: it is no longer shared with this account; unsent clicks (net +3) dropped, nothing of them was sent; a change of -3 left on the wire by the last run is forgotten']);
    expect(w.ledger.ids()).toEqual([ID, OTHER]);
    expect(w.store.current()).toEqual(w.ledger.serialize());
  });

  it.each([
    ['unsent clicks netting below zero', { runs: [-2] }, 'unsent clicks (net -2) dropped, nothing of them was sent', [{ counterId: 'gone', amount: -2, outcome: 'dropped' }]],
    ['unsent clicks netting to zero', { runs: [1, -1] }, 'unsent clicks (net 0) dropped, nothing of them was sent', [{ counterId: 'gone', amount: 0, outcome: 'dropped' }]],
    ['only a change on the wire', { runs: [], inflight: { delta: 5, before: 0 } }, 'unsent clicks (net 0) dropped, nothing of them was sent; a change of 5 left on the wire by the last run is forgotten', []],
  ])('a counter no longer listed with %s: logged by id, reported only for unsent clicks', async (_what, entry, logged, outcomes) => {
    const w = world({ version: 3, counters: { gone: entry } });
    await w.ledger.load();
    w.live.drop('gone', 'it was deleted');
    expect(w.said.log).toEqual([`counter gone: it was deleted; ${logged}`]);
    expect(w.said.outcomes).toEqual(outcomes);
    expect(w.ledger.ids()).toEqual([]);
  });

  it('a counter no longer listed with nothing of ours is forgotten without a word', async () => {
    const w = world();
    w.ledger.accept(OTHER, 'increment');
    w.live.drop(OTHER, 'it was deleted');
    await settle();
    expect([w.said.log, w.said.outcomes, w.ledger.ids(), w.store.current()]).toEqual([[], [], [], { version: 3, counters: {} }]);
  });
});
