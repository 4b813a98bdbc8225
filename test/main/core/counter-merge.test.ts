// The rules of one counter's server state (src-main/core/counter-merge.ts), on records built by
// hand: how long an echo of ours is waited for, what a notification, an answer or a list says
// about someone else's change, which lost changes of ours a step may be, and echoes by request.
import { describe, expect, it } from 'vitest';
import type { CounterV2 } from '../../../src-shared/api/schemas';
import { ECHO_WAIT_MS, expectEcho, mergeList, mergeListedCounter, mergeNotified, recordFrom, revealedBefore, takeMaybeOurs, type CounterRecord } from '../../../src-main/core/counter-merge';

const ID = 'coffees';
const counter = (value: number, extra: Partial<CounterV2> = {}): CounterV2 => ({ id: ID, name: 'Coffees', type: 'UpDown', value, created: '2026-01-05T09:00:00Z', startDate: undefined, endDate: undefined, ...extra });
const record = (value = 10): CounterRecord => recordFrom(counter(value));
const remote = (from: number, to: number) => ({ counterId: ID, name: 'Coffees', from, to });
/** The remote change a counterUpdated carrying `value` (and the counter's own name) reports. */
const mergeNotifiedValue = (r: CounterRecord, value: number, now: number) => mergeNotified(r, { value, name: r.name }, now).remote;

describe('recordFrom', () => {
  it('takes everything the server said and starts with nothing of ours', () => {
    expect(recordFrom(counter(7, { type: 'FromDate', startDate: '2026-01-01', endDate: '2026-12-31' }))).toEqual({
      id: ID,
      name: 'Coffees',
      type: 'FromDate',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      confirmed: 7,
      streamValue: 7,
      expectedEchoes: [],
      refused: {},
      maybeOurs: [],
    });
  });
});

describe('how long an echo of ours is waited for', () => {
  it('a new echo drops the ones expected ECHO_WAIT_MS or more before it', () => {
    const r = record();
    expectEcho(r, { value: 11, at: 5_000 });
    expectEcho(r, { value: 12, at: 5_000 + ECHO_WAIT_MS - 1 });
    expect(r.expectedEchoes.map((echo) => echo.value)).toEqual([11, 12]);
    expectEcho(r, { value: 13, at: 5_000 + ECHO_WAIT_MS });
    expect(r.expectedEchoes.map((echo) => echo.value)).toEqual([12, 13]);
  });

  it('a notification ECHO_WAIT_MS or more after an echo was expected no longer counts as that echo', () => {
    const waited = record();
    expectEcho(waited, { value: 11, at: 5_000 });
    expect(mergeNotified(waited, { value: 11, name: 'Coffees' }, 5_000 + ECHO_WAIT_MS - 1).echo?.from).toBe(10);
    const tooLate = record();
    expectEcho(tooLate, { value: 11, at: 5_000 });
    expect(mergeNotified(tooLate, { value: 11, name: 'Coffees' }, 5_000 + ECHO_WAIT_MS)).toEqual({ remote: remote(10, 11) });
  });
});

describe('a notification', () => {
  it('our echo while another of ours is still due leaves the value our latest answer gave', () => {
    const r = record();
    r.confirmed = 50; // our PATCH to 50 answered last
    expectEcho(r, { value: 50, at: 0 });
    expectEcho(r, { value: 11, at: 0 });
    expect(mergeNotified(r, { value: 11, name: 'Coffees' }, 1).echo?.from).toBe(10);
    expect([r.confirmed, r.streamValue]).toEqual([50, 11]);
  });

  it('our lost change landing late while an echo of ours is due leaves the value our answer gave', () => {
    const r = record();
    r.confirmed = 20;
    expectEcho(r, { value: 20, at: 0 });
    r.maybeOurs.push(5);
    expect(mergeNotified(r, { value: 15, name: 'Coffees' }, 1)).toEqual({});
    expect([r.confirmed, r.streamValue, r.maybeOurs]).toEqual([20, 15, []]);
  });

  it('with no step is no news: not while an echo of ours is due, not when nothing of ours is', () => {
    const due = record();
    expectEcho(due, { value: 12, at: 0 });
    expect(mergeNotified(due, { value: 10, name: 'Renamed by Alan' }, 1)).toEqual({});
    const idle = record();
    expect(mergeNotified(idle, { value: 10, name: 'Renamed by Alan' }, 1)).toEqual({});
    expect(idle.confirmed).toBe(10);
  });
});

describe('what an answer reveals', () => {
  it('nothing when the notifications already reached the value before ours; no echo is expected for it', () => {
    const r = record();
    expect(revealedBefore(r, 10, 0)).toBeUndefined();
    expect(r.expectedEchoes).toEqual([]);
  });

  it('a step that lost changes of ours make exactly is not someone else’s; the rest of a larger one is', () => {
    const exact = record();
    exact.maybeOurs.push(2, 20);
    expect(revealedBefore(exact, 12, 0)).toBeUndefined();
    expect(exact.maybeOurs).toEqual([20]);
    const larger = record();
    larger.maybeOurs.push(2);
    expect(revealedBefore(larger, 15, 0)).toEqual(remote(12, 15));
    expect([larger.streamValue, larger.expectedEchoes]).toEqual([15, [{ value: 15, foreign: true, at: 0 }]]);
  });
});

describe('a counter in a full list', () => {
  it('takes the name, type and dates; clears a "gone" or "unreadable" flag, never a refusal the user has not seen', () => {
    for (const kind of ['gone', 'unreadable'] as const) {
      const r = record();
      r.error = { kind, message: 'x' };
      mergeListedCounter(r, counter(10, { name: 'Coffee', startDate: '2026-02-01' }), false);
      expect([r.name, r.startDate, r.error]).toEqual(['Coffee', '2026-02-01', undefined]);
    }
    const rejected = record();
    rejected.error = { kind: 'rejected', message: 'Amount too large' };
    mergeListedCounter(rejected, counter(10), false);
    expect(rejected.error).toEqual({ kind: 'rejected', message: 'Amount too large' });
  });

  it('does not take the value while a change of ours is on the wire or its echo is due: the answer and the echo settle it', () => {
    const onWire = record();
    expect(mergeListedCounter(onWire, counter(15), true)).toBeUndefined();
    expect(onWire.confirmed).toBe(10);
    const echoDue = record();
    expectEcho(echoDue, { value: 11, at: 0 });
    expect(mergeListedCounter(echoDue, counter(15), false)).toBeUndefined();
    expect([echoDue.confirmed, echoDue.streamValue]).toEqual([10, 10]);
  });

  it('a day counter moves with the calendar: its new value is taken, and nobody changed it', () => {
    const r = recordFrom(counter(30, { type: 'FromDate', startDate: '2026-01-01' }));
    expect(mergeListedCounter(r, counter(31, { type: 'FromDate', startDate: '2026-01-01' }), false)).toBeUndefined();
    expect([r.confirmed, r.streamValue]).toEqual([31, 31]);
  });

  it('a jump that lost changes of ours make exactly is not someone else’s', () => {
    const r = record();
    r.maybeOurs.push(2, 20);
    expect(mergeListedCounter(r, counter(12), false)).toBeUndefined();
    expect(r.maybeOurs).toEqual([20]);
    expect(mergeListedCounter(r, counter(13), false)).toEqual(remote(12, 13));
  });
});

describe('takeMaybeOurs', () => {
  it('takes nothing for no step, even where amounts would add up to it', () => {
    const amounts = [2, -2];
    expect(takeMaybeOurs(amounts, 0)).toBe(0);
    expect(amounts).toEqual([2, -2]);
  });

  it('prefers a set that makes the step exactly over the oldest that fit, and takes exactly those', () => {
    const amounts = [1, 3];
    expect(takeMaybeOurs(amounts, 3)).toBe(3);
    expect(amounts).toEqual([1]);
    const several = [5, 2, 3];
    expect(takeMaybeOurs(several, 8)).toBe(8); // 5 and 3: both taken, 2 left
    expect(several).toEqual([2]);
  });

  it('looks for an exact set among the first 12 only (2^12 tries at most); beyond, the oldest that fit', () => {
    const ones = [...Array<number>(12).fill(1), 100];
    expect(takeMaybeOurs(ones, 100)).toBe(12);
    expect(ones).toEqual([100]);
    const sevens = [...Array<number>(12).fill(7), 1];
    expect(takeMaybeOurs(sevens, 15)).toBe(15); // 7 + 7 + 1: fits exactly, found by fitting
    expect(sevens).toHaveLength(10);
  });
});

describe('mergeList', () => {
  const OTHER = 'teas';
  const table = () => new Map<string, CounterRecord>([[ID, record(10)], [OTHER, recordFrom(counter(5, { id: OTHER, name: 'Teas' }))]]);

  it('merges known counters (reporting what changed), adds new ones, drops the missing ones, in the server’s order', () => {
    const records = table();
    const kept = records.get(ID);
    const result = mergeList(records, { counters: [counter(5, { id: 'new', name: 'New' }), counter(12)], unreadable: [] }, () => false);
    expect(result).toEqual({ remote: [remote(10, 12)], removed: [OTHER], unreadable: [] });
    expect([...records.keys()]).toEqual(['new', ID]);
    expect(records.get(ID)).toBe(kept);
    expect(records.get('new')?.confirmed).toBe(5);
  });

  it('reports nothing when nothing changed', () => {
    const records = table();
    expect(mergeList(records, { counters: [counter(10), counter(5, { id: OTHER, name: 'Teas' })], unreadable: [] }, () => false)).toEqual({ remote: [], removed: [], unreadable: [] });
  });

  it('an unreadable item keeps a counter it may be, flagged unreadable with why, but a counter known gone stays gone', () => {
    const records = table();
    records.get(OTHER)!.error = { kind: 'gone', message: 'Not shared with you any more' };
    const result = mergeList(records, { counters: [], unreadable: [{ reason: 'no id' }] }, () => false);
    expect(result).toEqual({ remote: [], removed: [], unreadable: [ID, OTHER] });
    expect(records.get(ID)?.error).toEqual({ kind: 'unreadable', message: 'The server sent this counter in a form the app cannot read; showing its last known state.' });
    expect(records.get(OTHER)?.error).toEqual({ kind: 'gone', message: 'Not shared with you any more' });
  });
});

describe('a notification of a value alone (the name unchanged)', () => {
  it('reports a change nobody here made', () => {
    const r = record();
    expect(mergeNotifiedValue(r, 12, 0)).toEqual({ counterId: ID, name: 'Coffees', from: 10, to: 12 });
    expect(r.confirmed).toBe(12);
  });

  it('recognises our own echo and stays quiet', () => {
    const r = record();
    r.confirmed = 13;
    r.expectedEchoes.push({ value: 13, at: 0 });
    expect(mergeNotifiedValue(r, 13, 5)).toBeUndefined();
    expect(r.expectedEchoes).toEqual([]);
  });

  it('a remote change before our echo is reported but does not roll our newer value back', () => {
    const r = record();
    r.confirmed = 14; // our +3 landed after someone's +1: 10 → 11 → 14
    r.expectedEchoes.push({ value: 14, at: 0 });
    expect(mergeNotifiedValue(r, 11, 1)).toEqual({ counterId: ID, name: 'Coffees', from: 10, to: 11 });
    expect(r.confirmed).toBe(14);
    expect(mergeNotifiedValue(r, 14, 2)).toBeUndefined();
    expect(r.confirmed).toBe(14);
  });

  it('forgets an echo that never came', () => {
    const r = record();
    r.confirmed = 13;
    r.expectedEchoes.push({ value: 13, at: 0 });
    expect(mergeNotifiedValue(r, 20, ECHO_WAIT_MS + 1)).toEqual({ counterId: ID, name: 'Coffees', from: 13, to: 20 });
    expect(r.confirmed).toBe(20);
  });
});

describe('a lost change landing late (issue 11 case 1)', () => {
  type Merge = typeof mergeNotifiedValue;

  /** What a merge announces for two +5 steps after a lost +5: the first may be ours landing late, the second is someone's. */
  function announcedAfterALostFive(merge: Merge) {
    const r = record();
    r.maybeOurs.push(5);
    return [merge(r, 15, 0), merge(r, 20, 1)];
  }

  it('a step of the lost amount is not announced as someone else\'s, once; other steps are', () => {
    const r = record();
    r.maybeOurs.push(5);
    expect(mergeNotifiedValue(r, 15, 0)).toBeUndefined(); // perhaps ours landing late: the flag already asks
    expect(r.confirmed).toBe(15);
    expect(r.maybeOurs).toEqual([]);
    expect(mergeNotifiedValue(r, 20, 1)).toEqual({ counterId: ID, name: 'Coffees', from: 15, to: 20 }); // a second +5 is someone's
    expect(announcedAfterALostFive(mergeNotifiedValue)).toEqual([undefined, { counterId: ID, name: 'Coffees', from: 15, to: 20 }]);
  });

  it('negative control: a merge that forgets the open "could not confirm" announces our own late change as someone else\'s', () => {
    const forgetful: Merge = (r, value, now) => {
      r.maybeOurs.length = 0;
      return mergeNotifiedValue(r, value, now);
    };
    expect(announcedAfterALostFive(forgetful)[0]).toEqual({ counterId: ID, name: 'Coffees', from: 10, to: 15 });
  });
});

describe('mergeList with unreadable items (issue 11 case 3)', () => {
  const counterV2 = (id: string, value: number) => ({ id, name: `Counter ${value}`, type: 'UpDown' as const, value, created: '2026-01-01T00:00:00Z', startDate: undefined, endDate: undefined });
  const OTHER = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b99';
  const table = () => new Map([ID, OTHER].map((id, n) => [id, recordFrom(counterV2(id, n))]));

  it('an unreadable item with a known id keeps that counter, flagged; a counter simply missing is removed', () => {
    const records = table();
    const result = mergeList(records, { counters: [], unreadable: [{ id: ID, reason: 'bad type' }] }, () => false);
    expect(result.unreadable).toEqual([ID]);
    expect(result.removed).toEqual([OTHER]);
    expect(records.get(ID)?.error?.kind).toBe('unreadable');
  });

  it('an unreadable item without an id could be any missing counter: all of them stay', () => {
    const records = table();
    const result = mergeList(records, { counters: [counterV2(OTHER, 7)], unreadable: [{ reason: 'no id' }] }, () => false);
    expect(result.removed).toEqual([]);
    expect(records.get(ID)?.error?.kind).toBe('unreadable');
    expect(records.get(OTHER)?.confirmed).toBe(7);
  });

  it('a later clean list reads it again and the flag goes', () => {
    const records = table();
    mergeList(records, { counters: [], unreadable: [{ id: ID, reason: 'bad type' }] }, () => false);
    mergeList(records, { counters: [counterV2(ID, 3), counterV2(OTHER, 1)], unreadable: [] }, () => false);
    expect(records.get(ID)?.error).toBeUndefined();
    expect(records.get(ID)?.confirmed).toBe(3);
  });
});

describe('echoes by request (issue 22)', () => {
  it('answers in another order than the server applied them: each echo is matched to its own request (case 6)', () => {
    const r = record(3);
    // Our +1 (3 → 4) and our PATCH (4 → 50): the PATCH answered first.
    expectEcho(r, { value: 50, at: 0 });
    expectEcho(r, { value: 4, at: 0 });
    expect(mergeNotified(r, { value: 4, name: 'Coffees' }, 1)).toEqual({ echo: { echo: expect.objectContaining({ value: 4 }), from: 3 } });
    expect(mergeNotified(r, { value: 50, name: 'Coffees' }, 2)).toEqual({ echo: { echo: expect.objectContaining({ value: 50 }), from: 4 } });
    expect(r.confirmed).toBe(50);
  });

  /** What a merge makes of another member's change to 4 while our rename to 4 ("Renamed") is due, then of our echo. */
  function renameAndSameValue(merge: typeof mergeNotified) {
    const r = record(3);
    expectEcho(r, { value: 4, name: 'Renamed', at: 0 });
    return [merge(r, { value: 4, name: 'Coffees' }, 1), merge(r, { value: 4, name: 'Renamed' }, 2)];
  }

  it("a rename's echo is told from another member's change to the same value by its name (case 5)", () => {
    const [theirs, ours] = renameAndSameValue(mergeNotified);
    expect(theirs?.remote).toEqual({ counterId: ID, name: 'Coffees', from: 3, to: 4 });
    expect(ours?.echo?.from).toBe(4);
  });

  it("negative control: matched by value alone, the other member's change is swallowed as our echo", () => {
    const byValueAlone: typeof mergeNotified = (r, notified, now) => {
      r.expectedEchoes = r.expectedEchoes.map(({ value, at }) => ({ value, at }));
      return mergeNotified(r, notified, now);
    };
    const [theirs] = renameAndSameValue(byValueAlone);
    expect(theirs?.remote).toBeUndefined();
    expect(theirs?.echo?.echo.value).toBe(4);
  });

  it("what an answer reveals: someone's change before ours is reported once, its late notification is no news", () => {
    const r = record(3);
    expectEcho(r, { value: 4, at: 0 }); // our −2 answered 4: the counter was 6 right before it
    expect(revealedBefore(r, 6, 0)).toEqual({ counterId: ID, name: 'Coffees', from: 3, to: 6 });
    expect(mergeNotified(r, { value: 6, name: 'Coffees' }, 1)).toEqual({}); // their notification, late
    expect(mergeNotified(r, { value: 4, name: 'Coffees' }, 2).echo?.from).toBe(6); // ours
    expect(r.confirmed).toBe(4);
  });
});

describe('an open "could not confirm" in a resync (issue 22 case 8)', () => {
  it('a jump the flagged amounts make exactly is not called others\'; the rest of a larger one is', () => {
    const r = recordFrom(counter(10));
    r.maybeOurs.push(2);
    expect(mergeListedCounter(r, counter(12), false)).toBeUndefined();
    expect(r.maybeOurs).toEqual([]);
    r.maybeOurs.push(2);
    expect(mergeListedCounter(r, counter(17), false)).toEqual({ counterId: ID, name: 'Coffees', from: 14, to: 17 });
  });

  it('takeMaybeOurs prefers a set that makes the step exactly, else what fits inside it', () => {
    const amounts = [5, 2, 3];
    expect(takeMaybeOurs(amounts, 5)).toBe(5);
    expect(amounts).toEqual([2, 3]);
    expect(takeMaybeOurs(amounts, -4)).toBe(0); // nothing of that sign
    expect(takeMaybeOurs(amounts, 4)).toBe(2);
    expect(amounts).toEqual([3]);
  });
});
