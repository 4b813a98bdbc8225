import { describe, expect, it } from 'vitest';
import { sameData, shareUnchanged } from '../../src-shared/ipc/structural-sharing';
import { COUNTERS, appState } from './fixtures';

describe('sameData', () => {
  it('compares plain data deeply, treating an undefined key as absent', () => {
    expect(sameData({ a: [1, { b: 'x' }], c: undefined }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameData({ a: 1, c: undefined }, { a: 1, b: 2 })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
  });
});

describe('shareUnchanged', () => {
  it('returns the previous state itself when nothing changed', () => {
    const previous = appState();
    expect(shareUnchanged(previous, structuredClone(previous))).toBe(previous);
  });

  it('keeps every unchanged part and replaces only the changed counter', () => {
    const previous = appState();
    const next = structuredClone(previous);
    next.core!.counters[1] = { ...next.core!.counters[1]!, value: 413 };
    const shared = shareUnchanged(previous, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(previous);
    expect(shared.settings).toBe(previous.settings);
    expect(shared.session).toBe(previous.session);
    const [a, b, c, d] = shared.core!.counters;
    const [pa, pb, pc, pd] = previous.core!.counters;
    expect([a === pa, b === pb, c === pc, d === pd]).toEqual([true, false, true, true]);
  });

  it('matches counters by id when one is inserted or removed', () => {
    const previous = appState({ counters: [COUNTERS.coffee, COUNTERS.trip] });
    const inserted = shareUnchanged(previous, structuredClone(appState({ counters: [COUNTERS.pushUps, COUNTERS.coffee, COUNTERS.trip] })));
    expect(inserted.core!.counters[1]).toBe(previous.core!.counters[0]);
    expect(inserted.core!.counters[2]).toBe(previous.core!.counters[1]);
    const removed = shareUnchanged(previous, structuredClone(appState({ counters: [COUNTERS.trip] })));
    expect(removed.core!.counters).toEqual([COUNTERS.trip]);
    expect(removed.core!.counters[0]).toBe(previous.core!.counters[1]);
  });

  it('notices a key that appears or disappears', () => {
    const previous = appState({ counters: [COUNTERS.coffee] });
    const withError = structuredClone(previous);
    withError.core!.counters[0]!.error = { kind: 'gone', message: 'gone' };
    const shared = shareUnchanged(previous, withError);
    expect(shared.core!.counters[0]!.error).toEqual({ kind: 'gone', message: 'gone' });
    expect(shareUnchanged(shared, structuredClone(previous)).core!.counters[0]).not.toHaveProperty('error');
  });
});

describe('a list after an empty one', () => {
  it('is the new list as it came, and an empty list after an empty one is the previous', () => {
    const empty: { id: string }[] = [];
    const next = [{ id: 'a' }, { id: 'b' }];
    expect(shareUnchanged({ list: empty }, { list: next }).list).toBe(next);
    const before = { list: empty };
    expect(shareUnchanged(before, { list: [] as { id: string }[] })).toBe(before);
  });
});
