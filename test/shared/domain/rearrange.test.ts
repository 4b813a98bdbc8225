// A push that changes a counter or two keeps the arrangement and swaps their objects, instead of
// arranging every counter again. Whatever it keeps must be exactly what arranging anew would give:
// a value under the sort by value, a name under a search or the sort by name, a hidden counter,
// a folded group. Checked by examples and against arrangeList on random organisations and pushes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrangeList, rearranged, type ArrangeInput, type Arranged } from '../../../src-shared/domain/arrange';
import type { Organisation, SortMode } from '../../../src-shared/domain/organise';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { counter } from '../../support/app-fakes';

const compareNames = new Intl.Collator('en', { sensitivity: 'base' }).compare;
const idOf = (c: CounterState) => c.id;
const base = [counter('a', 'Apples', 5), counter('b', 'bananas', 50), counter('c', 'Cherries', 1), counter('d', 'dates', 9), counter('e', 'Eggs', 20)];
const organisation = (more: Partial<Organisation> = {}): Organisation => ({ groups: [{ id: 'g1', name: 'Work', folded: false, counters: ['b', 'd'] }], order: [], hidden: [], sort: 'manual', changedAt: {}, ...more });
const input = (more: Partial<ArrangeInput> = {}): ArrangeInput => ({ counters: base, organisation: organisation(), pinned: [], query: '', showHidden: false, compareNames, ...more });
/** The counters after a push that replaced the counter with this id (as applyDelta does: every other one the same object). */
const pushed = (counters: readonly CounterState[], id: string, change: Partial<CounterState>) => counters.map((c) => (c.id === id ? { ...c, ...change } : c));
const rowIds = (arranged: Arranged) => arranged.items.map((item) => (item.kind === 'row' ? item.counter.id : item.key));

describe('rearranged', () => {
  it('keeps every row in its place and gives the changed counter’s row its new object', () => {
    const was = input();
    const arranged = arrangeList(was);
    const now = { ...was, counters: pushed(was.counters, 'd', { value: 90 }) };
    const next = rearranged(was, arranged, now)!;
    expect(next).toEqual(arrangeList(now));
    expect(rowIds(next)).toEqual(rowIds(arranged));
    const row = next.items.find((item) => item.kind === 'row' && item.counter.id === 'd');
    expect(row?.kind === 'row' && row.counter.value).toBe(90);
    expect(next.counters.find((c) => c.id === 'd')?.value).toBe(90);
    // The other rows are the same objects: their memoized rows skip.
    expect(next.items.filter((item, i) => item !== arranged.items[i])).toHaveLength(1);
  });

  it('arranges anew for a value under the sort by value, a rename, or any other input changed', () => {
    const byValue = input({ organisation: organisation({ sort: 'value' }) });
    expect(rearranged(byValue, arrangeList(byValue), { ...byValue, counters: pushed(base, 'c', { value: 99 }) })).toBeNull();
    for (const sort of ['manual', 'name', 'value', 'changed'] satisfies SortMode[]) {
      const was = input({ organisation: organisation({ sort }) });
      expect(rearranged(was, arrangeList(was), { ...was, counters: pushed(base, 'c', { name: 'Zucchini' }) })).toBeNull();
    }
    const was = input();
    const arranged = arrangeList(was);
    const counters = pushed(base, 'a', { value: 6 });
    expect(rearranged(was, arranged, { ...was, counters, query: 'a' })).toBeNull();
    expect(rearranged(was, arranged, { ...was, counters, pinned: ['e'] })).toBeNull();
    expect(rearranged(was, arranged, { ...was, counters, showHidden: true })).toBeNull();
    expect(rearranged(was, arranged, { ...was, counters, organisation: organisation() })).toBeNull();
    // Ids in another order or a list of another length (a state:get answer after a gap): arranged anew.
    expect(rearranged(was, arranged, { ...was, counters: [...counters].reverse() })).toBeNull();
    expect(rearranged(was, arranged, { ...was, counters: counters.slice(1) })).toBeNull();
  });

  it('keeps the very arrangement when the changed counter is not shown: hidden, folded away, not a match', () => {
    const hidden = input({ organisation: organisation({ hidden: ['a'] }) });
    const arranged = arrangeList(hidden);
    const next = rearranged(hidden, arranged, { ...hidden, counters: pushed(base, 'a', { value: 7 }) });
    expect(next).toBe(arranged);
    expect(next!.hiddenCount).toBe(1);
    const folded = input({ organisation: organisation({ groups: [{ id: 'g1', name: 'Work', folded: true, counters: ['b', 'd'] }] }) });
    const foldedArranged = arrangeList(folded);
    expect(rearranged(folded, foldedArranged, { ...folded, counters: pushed(base, 'b', { value: 51 }) })).toBe(foldedArranged);
    const searching = input({ query: 'egg' });
    const found = arrangeList(searching);
    expect(rearranged(searching, found, { ...searching, counters: pushed(base, 'a', { value: 8 }) })).toBe(found);
  });

  it('gives what arranging anew gives, push after push, on random organisations', () => {
    const ids = base.map(idOf);
    const anOrganisation = fc.record({
      groups: fc.array(fc.record({ folded: fc.boolean(), members: fc.subarray(ids) }), { maxLength: 2 }),
      order: fc.shuffledSubarray(ids),
      hidden: fc.subarray(ids),
      sort: fc.constantFrom<SortMode>('manual', 'name', 'value', 'changed'),
    });
    const aPush = fc.record({ id: fc.constantFrom(...ids), value: fc.integer({ min: -5, max: 60 }), rename: fc.option(fc.constantFrom('Apples', 'Avocado', 'eggs', 'Zest'), { nil: undefined }) });
    fc.assert(
      fc.property(anOrganisation, fc.subarray(ids), fc.constantFrom('', 'a', 'es'), fc.boolean(), fc.array(aPush, { minLength: 1, maxLength: 6 }), (o, pinned, query, showHidden, pushes) => {
        // A counter in one group at most, as main keeps it.
        const placed = new Set<string>();
        const groups = o.groups.map((g, i) => ({ id: `g${i}`, name: `Group ${i}`, folded: g.folded, counters: g.members.filter((id) => !placed.has(id) && placed.add(id)) }));
        let was = input({ organisation: { groups, order: o.order, hidden: o.hidden, sort: o.sort, changedAt: { a: 3, c: 1 } }, pinned, query, showHidden });
        let arranged = arrangeList(was);
        for (const push of pushes) {
          const now = { ...was, counters: pushed(was.counters, push.id, { value: push.value, ...(push.rename ? { name: push.rename } : {}) }) };
          const next = rearranged(was, arranged, now) ?? arrangeList(now);
          expect(next).toEqual(arrangeList(now));
          [was, arranged] = [now, next];
        }
      }),
      { seed: 38, numRuns: 300 },
    );
  });
});
