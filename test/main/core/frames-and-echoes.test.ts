// Pure parts: frame parsing, the echo/remote merge, and a lost change landing late.
import { describe, expect, it } from 'vitest';
import { parseFrame } from '../../../src-main/core/notifications';
import { ECHO_WAIT_MS, expectEcho, mergeList, mergeListedCounter, mergeNotified, mergeNotifiedValue, recordFrom, revealedBefore, takeMaybeOurs } from '../../../src-main/core/counter-merge';
import { createServerTextCleaner } from '../../../src-shared/text/server-text';

const clean = createServerTextCleaner(() => []);

const ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const updated = (value: number, extra: object = {}) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: ID, name: 'Coffees', type: 'UpDown', value, ...extra } });

describe('parseFrame', () => {
  it('reads the three notifications, with or without extra fields', () => {
    expect(parseFrame(updated(4, { colour: 'red' }), false, clean)).toEqual({ kind: 'counterUpdated', params: { counterId: ID, name: 'Coffees', type: 'UpDown', value: 4 } });
    expect(parseFrame(Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: { counterId: ID } })), false, clean)).toEqual({ kind: 'counterDeleted', counterId: ID });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: { id: ID } }), false, clean)).toEqual({ kind: 'counterDeleted', counterId: ID });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: {} }), false, clean)).toEqual({ kind: 'counterDeleted', counterId: undefined });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterMemberlistChanged' }), false, clean)).toEqual({ kind: 'counterMemberlistChanged' });
  });

  it.each([
    ['not JSON', '{nope', 'notJson'],
    ['a JSON array', '[]', 'notNotification'],
    ['wrong jsonrpc', JSON.stringify({ jsonrpc: '1.0', method: 'counterUpdated' }), 'notNotification'],
    ['a request with an id', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'counterUpdated', params: {} }), 'notNotification'],
    ['an unknown method', JSON.stringify({ jsonrpc: '2.0', method: 'serverAnnouncement', params: {} }), 'unknownMethod'],
    ['counterUpdated without a value', JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: ID } }), 'badParams'],
    ['counterUpdated with a bad id', updated(1).replace(ID, 'not-a-uuid'), 'badParams'],
  ])('ignores %s', (_label, text, reason) => {
    expect(parseFrame(text, false, clean)).toEqual({ kind: 'ignored', reason });
  });

  it('ignores binary frames', () => {
    expect(parseFrame(Buffer.from(updated(1)), true, clean)).toEqual({ kind: 'ignored', reason: 'binary' });
  });
});

describe('mergeNotifiedValue', () => {
  const record = () => recordFrom({ id: ID, name: 'Coffees', type: 'UpDown', value: 10, created: '2026-01-01T00:00:00Z', startDate: undefined, endDate: undefined });

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
  const record = () => recordFrom({ id: ID, name: 'Coffees', type: 'UpDown', value: 10, created: '2026-01-01T00:00:00Z', startDate: undefined, endDate: undefined });
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
    const result = mergeList(records, { counters: [], unreadable: [{ id: ID, reason: 'bad type' }], skipped: 1 }, () => false);
    expect(result.unreadable).toEqual([ID]);
    expect(result.removed).toEqual([OTHER]);
    expect(records.get(ID)?.error?.kind).toBe('unreadable');
  });

  it('an unreadable item without an id could be any missing counter: all of them stay', () => {
    const records = table();
    const result = mergeList(records, { counters: [counterV2(OTHER, 7)], unreadable: [{ reason: 'no id' }], skipped: 1 }, () => false);
    expect(result.removed).toEqual([]);
    expect(records.get(ID)?.error?.kind).toBe('unreadable');
    expect(records.get(OTHER)?.confirmed).toBe(7);
  });

  it('a later clean list reads it again and the flag goes', () => {
    const records = table();
    mergeList(records, { counters: [], unreadable: [{ id: ID, reason: 'bad type' }], skipped: 1 }, () => false);
    mergeList(records, { counters: [counterV2(ID, 3), counterV2(OTHER, 1)], unreadable: [], skipped: 0 }, () => false);
    expect(records.get(ID)?.error).toBeUndefined();
    expect(records.get(ID)?.confirmed).toBe(3);
  });
});

describe('echoes by request (issue 22)', () => {
  const record = () => recordFrom({ id: ID, name: 'Coffees', type: 'UpDown', value: 3, created: '2026-01-01T00:00:00Z', startDate: undefined, endDate: undefined });

  it('answers in another order than the server applied them: each echo is matched to its own request (case 6)', () => {
    const r = record();
    // Our +1 (3 → 4) and our PATCH (4 → 50): the PATCH answered first.
    expectEcho(r, { value: 50, at: 0 });
    expectEcho(r, { value: 4, at: 0 });
    expect(mergeNotified(r, { value: 4, name: 'Coffees' }, 1)).toEqual({ echo: { echo: expect.objectContaining({ value: 4 }), from: 3 } });
    expect(mergeNotified(r, { value: 50, name: 'Coffees' }, 2)).toEqual({ echo: { echo: expect.objectContaining({ value: 50 }), from: 4 } });
    expect(r.confirmed).toBe(50);
  });

  /** What a merge makes of another member's change to 4 while our rename to 4 ("Renamed") is due, then of our echo. */
  function renameAndSameValue(merge: typeof mergeNotified) {
    const r = record();
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
    const r = record();
    expectEcho(r, { value: 4, at: 0 }); // our −2 answered 4: the counter was 6 right before it
    expect(revealedBefore(r, 6, 0)).toEqual({ counterId: ID, name: 'Coffees', from: 3, to: 6 });
    expect(mergeNotified(r, { value: 6, name: 'Coffees' }, 1)).toEqual({}); // their notification, late
    expect(mergeNotified(r, { value: 4, name: 'Coffees' }, 2).echo?.from).toBe(6); // ours
    expect(r.confirmed).toBe(4);
  });
});

describe('an open "could not confirm" in a resync (issue 22 case 8)', () => {
  const listed = (value: number) => ({ id: ID, name: 'Coffees', type: 'UpDown' as const, value, created: '2026-01-01T00:00:00Z', startDate: undefined, endDate: undefined });

  it('a jump the flagged amounts make exactly is not called others\'; the rest of a larger one is', () => {
    const r = recordFrom(listed(10));
    r.maybeOurs.push(2);
    expect(mergeListedCounter(r, listed(12), false)).toBeUndefined();
    expect(r.maybeOurs).toEqual([]);
    r.maybeOurs.push(2);
    expect(mergeListedCounter(r, listed(17), false)).toEqual({ counterId: ID, name: 'Coffees', from: 14, to: 17 });
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
