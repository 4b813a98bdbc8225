// The ledger alone (src-main/core/pending-ledger.ts) over a store the test controls: what it
// remembers for each counter, what an undo takes back, what goes on the wire, and what reaches
// the store — every change once saved() says so, nothing when nothing changed, nothing after
// close(), clicks made while the saved file was still loading kept. The ledger's use by the
// core, over the reference service: pending-ledger.doors.test.ts; the app's file: test/main/app/offline.
import { describe, expect, it } from 'vitest';
import type { PendingStore } from '../../../src-main/core/contract';
import { createMemoryStore } from '../../../src-main/core/memory-store';
import { directionOf, PendingLedger } from '../../../src-main/core/pending-ledger';

const A = 'counter-a';
const B = 'counter-b';

/** A store that records each write, fails while told to, and can hold its first load back. */
function recordingStore(initial?: unknown) {
  const memory = createMemoryStore(initial);
  const writes: unknown[] = [];
  let failing: Error | undefined;
  let releaseLoad: (() => void) | undefined;
  let loadHeld: Promise<void> | undefined;
  const store: PendingStore = {
    load: async () => {
      await loadHeld;
      return memory.load();
    },
    save: async (value) => {
      if (failing) throw failing;
      writes.push(structuredClone(value));
      await memory.save(value);
    },
  };
  return {
    store,
    writes,
    current: () => memory.current(),
    fail: (error: Error | undefined) => void (failing = error),
    holdLoad: () => void (loadHeld = new Promise<void>((resolve) => (releaseLoad = resolve))),
    releaseLoad: () => releaseLoad?.(),
  };
}

/** A ledger over a recording store that has been read and has nothing unwritten. */
async function loaded(initial?: unknown) {
  const recording = recordingStore(initial);
  const log: string[] = [];
  const ledger = new PendingLedger(recording.store, (line) => log.push(line));
  await ledger.load();
  return { ledger, log, ...recording };
}

/** What a ledger reloaded from `store` holds: the state a crash right now would leave. */
async function afterCrash(store: PendingStore) {
  const reloaded = new PendingLedger(store);
  await reloaded.load();
  return reloaded.serialize();
}

describe('pending ledger: what it says about a counter', () => {
  it('knows nothing of a counter it never saw, and says so without failing', async () => {
    const { ledger } = await loaded();
    expect([ledger.pending(A), ledger.hasUnsent(A), ledger.inflight(A), ledger.unconfirmed(A), ledger.localDelta(A), ledger.isBusy(A), ledger.acceptsBoth(A)]).toEqual([0, false, undefined, [], 0, false, false]);
    // Operations on it change nothing and throw nothing.
    ledger.settle(A);
    ledger.restore(A);
    ledger.markUnconfirmed(A);
    expect(ledger.resolveUnconfirmed(A, true)).toEqual([]);
    expect(ledger.dropPending(A)).toBe(0);
    expect(ledger.takePending(A, 0)).toBeUndefined();
    expect(ledger.ids()).toEqual([]);
  });

  it('is busy while clicks are unsent or on the wire, not for a lost change that waits for the user', async () => {
    const { ledger } = await loaded();
    ledger.add(A, 1);
    expect([ledger.isBusy(A), ledger.isEmpty()]).toEqual([true, false]);
    ledger.takePending(A, 0);
    expect([ledger.hasUnsent(A), ledger.isBusy(A), ledger.isEmpty()]).toEqual([false, true, false]);
    ledger.markUnconfirmed(A);
    expect([ledger.isBusy(A), ledger.isEmpty(), ledger.unconfirmed(A)]).toEqual([false, true, [1]]);
    expect(ledger.takePending(A, 0)).toBeUndefined(); // nothing unsent: nothing goes on the wire
    expect(ledger.inflight(A)).toBeUndefined();
    ledger.accept(B, 'increment'); // remembered, but nothing to send
    expect([ledger.isBusy(B), ledger.isEmpty()]).toEqual([false, true]);
  });

  it('nets opposite clicks only once the server accepted both directions', async () => {
    const { ledger } = await loaded();
    ledger.accept(A, 'increment');
    expect(ledger.acceptsBoth(A)).toBe(false);
    ledger.add(A, 2);
    ledger.add(A, -1);
    expect(ledger.takePending(A, 10)).toEqual({ delta: 2, before: 10 }); // one sign at a time
    ledger.settle(A);
    ledger.accept(A, 'decrement');
    expect(ledger.acceptsBoth(A)).toBe(true);
    ledger.add(A, 3);
    expect(ledger.takePending(A, 12)).toEqual({ delta: 2, before: 12 }); // −1 and +3 netted
  });

  it('sends nothing for clicks that net to zero, and is not busy after', async () => {
    const { ledger } = await loaded();
    ledger.accept(A, 'increment');
    ledger.accept(A, 'decrement');
    ledger.add(A, 1);
    ledger.add(A, -1);
    expect(ledger.hasUnsent(A)).toBe(true);
    expect(ledger.takePending(A, 5)).toBeUndefined();
    expect([ledger.inflight(A), ledger.isBusy(A), ledger.localDelta(A)]).toEqual([undefined, false, 0]);
  });

  it('counts every step waiting, one counter or all: the row\'s "N waiting", netted only when sent', async () => {
    const { ledger } = await loaded();
    ledger.add(A, 2);
    ledger.add(A, -1); // not netted: the server has not accepted both directions
    ledger.add(B, -3);
    expect([ledger.waitingClicks(A), ledger.waitingClicks(B), ledger.waitingClicks(), ledger.waitingClicks('never-seen')]).toEqual([3, 3, 6, 0]);
    ledger.takePending(A, 0); // +2 on the wire, −1 still unsent: both still wait
    expect([ledger.waitingClicks(A), ledger.waitingClicks()]).toEqual([3, 6]);
    ledger.settle(A);
    expect([ledger.waitingClicks(A), ledger.waitingClicks()]).toEqual([1, 4]);
  });

  it('names the direction of a change by its sign', () => {
    expect([directionOf(3), directionOf(-2)]).toEqual(['increment', 'decrement']);
  });
  it('names each counter whose own changes changed (what it shows may have), and only those', async () => {
    const touched: string[] = [];
    const ledger = new PendingLedger(createMemoryStore({ version: 3, counters: { [B]: { runs: [1] } } }), undefined, (id) => touched.push(id));
    await ledger.load();
    ledger.add(A, 2);
    ledger.takePending(A, 0);
    ledger.markUnconfirmed(A);
    ledger.resolveUnconfirmed(A, true);
    ledger.accept(A, 'increment');
    for (const look of [() => ledger.localDelta(A), () => ledger.waitingClicks(), () => ledger.isBusy(A), () => ledger.forget('never-seen')]) look();
    expect(touched).toEqual([B, A, A, A, A, A]);
    touched.length = 0;
    ledger.forget(B);
    expect(touched).toEqual([B]);
  });
});

describe('pending ledger: undo and refusals', () => {
  it('undoing part of a merged run takes back only that part', async () => {
    const { ledger } = await loaded();
    for (let n = 0; n < 3; n += 1) ledger.add(A, 1); // one run of +3
    expect(ledger.withdraw(A, 1)).toEqual({ withdrawn: 1, opposite: 0 });
    expect([ledger.pending(A), ledger.takePending(A, 0)]).toEqual([2, { delta: 2, before: 0 }]);
  });

  it('undoing everything unsent leaves nothing behind for that counter', async () => {
    const { ledger } = await loaded();
    ledger.add(A, 2);
    expect(ledger.withdraw(A, 2)).toEqual({ withdrawn: 2, opposite: 0 });
    expect([ledger.ids(), ledger.isEmpty()]).toEqual([[], true]);
  });

  it('dropping without a sign drops every unsent click and answers their net; with a sign only those of it', async () => {
    const { ledger } = await loaded();
    for (const delta of [2, -1, 3]) ledger.add(A, delta);
    expect(ledger.dropPending(A, 1)).toBe(5);
    expect(ledger.pending(A)).toBe(-1);
    ledger.add(A, 4);
    expect(ledger.dropPending(A)).toBe(3);
    expect([ledger.hasUnsent(A), ledger.ids()]).toEqual([false, []]);
  });

  it('restores a change that never reached the server ahead of the clicks made since, and keeps a lost one for the user', async () => {
    const { ledger } = await loaded();
    ledger.add(A, -2);
    ledger.takePending(A, 0);
    ledger.add(A, 5);
    ledger.restore(A);
    expect([ledger.inflight(A), ledger.takePending(A, 0)]).toEqual([undefined, { delta: -2, before: 0 }]);
    ledger.markUnconfirmed(A);
    ledger.restore(A); // nothing on the wire any more: nothing to restore
    expect([ledger.unconfirmed(A), ledger.pending(A)]).toEqual([[-2], 5]);
    expect(ledger.resolveUnconfirmed(A, false)).toEqual([-2]);
    expect([ledger.unconfirmed(A), ledger.pending(A)]).toEqual([[], 5]);
  });

  it('forgets a counter that is gone, clicks and all', async () => {
    const { ledger } = await loaded();
    ledger.add(A, 1);
    ledger.add(B, 1);
    ledger.forget(A);
    expect(ledger.ids()).toEqual([B]);
  });
});

describe('pending ledger: what reaches the store', () => {
  it('every kind of change is in the store once saved() says true: a crash then loses nothing', async () => {
    const { ledger, store, writes } = await loaded({ version: 3, counters: { [A]: { runs: [], unconfirmed: [4] }, [B]: { runs: [1, -1], inflight: { delta: 2, before: 0 } } } });
    const steps: [string, () => unknown][] = [
      ['add', () => ledger.add(A, 3)],
      ['accept', () => ledger.accept(A, 'increment')],
      ['take', () => ledger.takePending(A, 7)],
      ['settle', () => ledger.settle(A)],
      ['add again', () => ledger.add(A, -2)],
      ['take again', () => ledger.takePending(A, 10)],
      ['restore', () => ledger.restore(A)],
      ['take a third time', () => ledger.takePending(A, 10)],
      ['lose', () => ledger.markUnconfirmed(A)],
      ['resolve', () => ledger.resolveUnconfirmed(A, true)],
      ['withdraw', () => ledger.withdraw(A, 1)],
      ['drop', () => ledger.dropPending(B, -1)],
      ['forget', () => ledger.forget(B)],
    ];
    for (const [step, change] of steps) {
      const before = writes.length;
      change();
      expect(await ledger.saved(), step).toBe(true);
      expect(writes.length, step).toBe(before + 1);
      expect(await afterCrash(store), step).toEqual(ledger.serialize());
    }
  });

  it('writes nothing when nothing changed', async () => {
    const fresh = await loaded();
    expect(await fresh.ledger.saved()).toBe(true);
    expect(fresh.writes).toEqual([]); // an empty store stays untouched
    const { ledger, writes } = await loaded({ version: 1, counters: { [A]: { pending: 1 } } });
    expect(await ledger.saved()).toBe(true);
    expect(writes).toEqual([{ version: 3, counters: { [A]: { runs: [1] } } }]); // what it read, written once in today's form
    ledger.accept(A, 'increment');
    expect(await ledger.saved()).toBe(true);
    expect(writes).toHaveLength(2);
    ledger.accept(A, 'increment'); // already known
    ledger.forget(B); // never known
    expect(ledger.resolveUnconfirmed(A, true)).toEqual([]); // nothing lost
    expect(await ledger.saved()).toBe(true);
    expect(writes).toHaveLength(2);
  });

  it('a failing store keeps the state in memory, says so once, and the next write that works catches up', async () => {
    const { ledger, log, fail, writes, store } = await loaded();
    fail(new Error('disk full'));
    ledger.add(A, 1);
    expect(await ledger.saved()).toBe(false);
    expect(log).toEqual(['unsent clicks could not be saved: disk full']);
    ledger.add(A, 1);
    expect(await ledger.saved()).toBe(false);
    expect(log).toHaveLength(1); // once per run of failures, not once per write
    expect(ledger.pending(A)).toBe(2);
    fail(undefined);
    ledger.add(A, 1);
    expect(await ledger.saved()).toBe(true);
    expect(writes).toHaveLength(1);
    expect(await afterCrash(store)).toEqual(ledger.serialize());
  });

  it('close() writes the last state; nothing is written after it', async () => {
    const { ledger, writes, current } = await loaded();
    ledger.add(A, 2);
    await ledger.close();
    expect(writes).toHaveLength(1);
    const closedWith = structuredClone(current());
    ledger.add(A, 5);
    await ledger.persist();
    await ledger.saved();
    await ledger.close();
    expect(writes).toHaveLength(1);
    expect(current()).toEqual(closedWith);
  });

  it('keeps clicks made while the saved file was still loading, after the saved ones, and writes only once it was read', async () => {
    const recording = recordingStore({ version: 3, counters: { [A]: { runs: [3] } } });
    recording.holdLoad();
    const ledger = new PendingLedger(recording.store);
    const loading = ledger.load();
    ledger.add(A, -1); // a click before the file was read
    ledger.add(B, 2);
    const saving = ledger.saved();
    await Promise.resolve();
    expect(recording.writes).toEqual([]); // nothing written over the file before it was read
    recording.releaseLoad();
    await loading;
    expect(await saving).toBe(true);
    expect(ledger.serialize().counters).toEqual({ [A]: { runs: [3, -1] }, [B]: { runs: [2] } });
    expect(await afterCrash(recording.store)).toEqual(ledger.serialize());
  });
});

describe('pending ledger: what it reads', () => {
  it('a store that cannot be read is logged and the ledger starts empty', async () => {
    const log: string[] = [];
    const ledger = new PendingLedger({ load: () => Promise.reject(new Error('permission denied')), save: async () => undefined }, (line) => log.push(line));
    await ledger.load();
    expect(log).toEqual(['unsent clicks could not be read: permission denied']);
    expect(ledger.ids()).toEqual([]);
  });

  it('an empty store (nothing, or null) is a fresh start, not an error', async () => {
    for (const nothing of [undefined, null]) {
      const { ledger, log } = await loaded(nothing);
      expect([ledger.ids(), log]).toEqual([[], []]);
    }
  });

  it('data in an unknown form is set aside with the reason, not trusted', async () => {
    const { ledger, log } = await loaded({ version: 3, counters: { [A]: { runs: ['lots'] } } });
    expect(ledger.ids()).toEqual([]);
    expect(log).toEqual(['unsent clicks in an unknown form were set aside: Invalid input']); // zod's reason for a union none of whose forms fit
  });
});
