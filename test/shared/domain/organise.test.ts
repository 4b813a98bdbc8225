// Groups, hiding and the manual order as pure steps, and the list's rows arranged from them.
import { describe, expect, it } from 'vitest';
import { arrangeList, stepInOrder, type ArrangeInput } from '../../../src-shared/domain/arrange';
import {
  cleanGroupName,
  createGroup,
  deleteGroup,
  emptyOrganisation,
  foldGroup,
  manualOrder,
  placeCounter,
  pruneMissing,
  renameGroup,
  setHidden,
  type Organisation,
} from '../../../src-shared/domain/organise';
import { counter } from '../../support/app-fakes';

const ids = ['a', 'b', 'c', 'd', 'e'];
const counters = [counter('a', 'Apples', 5), counter('b', 'bananas', 50), counter('c', 'Cherries', 1), counter('d', 'dates', 9), counter('e', 'Eggs', 20)];
const compareNames = new Intl.Collator('en', { sensitivity: 'base' }).compare;
const arrange = (organisation: Organisation | undefined, more: Partial<ArrangeInput> = {}) => arrangeList({ counters, organisation, pinned: [], query: '', showHidden: false, compareNames, ...more });
const rows = (organisation: Organisation | undefined, more: Partial<ArrangeInput> = {}) =>
  arrange(organisation, more).items.map((item) => (item.kind === 'header' ? `[${item.header.name ?? '—'}${item.header.folded ? ` +${item.header.count}` : ''}]` : item.groupName ? `${item.counter.id}(${item.groupName})` : item.counter.id));

/** Work holds b and d; Home holds e. */
function organised(): Organisation {
  let o = createGroup(createGroup(emptyOrganisation(), 'g1', 'Work'), 'g2', 'Home');
  o = placeCounter(o, 'b', 'g1', null, ids);
  o = placeCounter(o, 'd', 'g1', null, ids);
  return placeCounter(o, 'e', 'g2', null, ids);
}

describe('organising counters', () => {
  it('with nothing organised the list is the server order, pinned first, no headers', () => {
    expect(rows(undefined)).toEqual(ids);
    expect(rows(emptyOrganisation(), { pinned: ['d'] })).toEqual(['d', 'a', 'b', 'c', 'e']);
    expect(arrange(emptyOrganisation()).headers).toBe(false);
  });

  it('groups come under their headers, Ungrouped last; pinned counters stay first whatever their group', () => {
    expect(rows(organised())).toEqual(['[Work]', 'b', 'd', '[Home]', 'e', '[—]', 'a', 'c']);
    expect(rows(organised(), { pinned: ['e'] })).toEqual(['e', '[Work]', 'b', 'd', '[Home]', '[—]', 'a', 'c']);
  });

  it('a folded group shows only its header with its count', () => {
    expect(rows(foldGroup(organised(), 'g1', true))).toEqual(['[Work +2]', '[Home]', 'e', '[—]', 'a', 'c']);
    expect(arrange(foldGroup(organised(), 'g1', true)).counters.map((c) => c.id)).toEqual(['e', 'a', 'c']);
  });

  it('deleting a group sends its counters back to Ungrouped in their manual place; renaming keeps them', () => {
    expect(rows(renameGroup(organised(), 'g1', 'Office'))).toEqual(['[Office]', 'b', 'd', '[Home]', 'e', '[—]', 'a', 'c']);
    expect(rows(deleteGroup(organised(), 'g1'))).toEqual(['[Home]', 'e', '[—]', 'a', 'c', 'b', 'd']);
  });

  it('hidden counters leave the list and are counted; shown again on request, marked', () => {
    const o = setHidden(setHidden(organised(), 'c', true), 'd', true);
    expect(rows(o)).toEqual(['[Work]', 'b', '[Home]', 'e', '[—]', 'a']);
    expect(arrange(o).hiddenCount).toBe(2);
    const shown = arrange(o, { showHidden: true }).items.filter((i) => i.kind === 'row' && i.hidden);
    expect(shown.map((i) => i.key)).toEqual(['d', 'c']);
    expect(rows(setHidden(o, 'c', false))).toContain('c');
  });

  it('the manual order is ids: placing a counter before another moves it there, and a rename keeps its place', () => {
    let o = placeCounter(organised(), 'd', 'g1', 'b', ids);
    expect(rows(o)).toEqual(['[Work]', 'd', 'b', '[Home]', 'e', '[—]', 'a', 'c']);
    o = placeCounter(o, 'c', null, 'a', ids);
    expect(rows(o).slice(-2)).toEqual(['c', 'a']);
    const renamed = counters.map((c) => (c.id === 'c' ? { ...c, name: 'Zucchini' } : c));
    expect(rows(o, { counters: renamed }).slice(-2)).toEqual(['c', 'a']);
  });

  it('sorts within each group by name, value or recently changed', () => {
    const o = { ...organised(), changedAt: { c: 300, a: 100, d: 200 } };
    expect(rows({ ...o, sort: 'name' })).toEqual(['[Work]', 'b', 'd', '[Home]', 'e', '[—]', 'a', 'c']);
    expect(rows({ ...placeCounter(o, 'd', 'g1', 'b', ids), sort: 'name' }).slice(0, 3)).toEqual(['[Work]', 'b', 'd']);
    expect(rows({ ...o, sort: 'value' })).toEqual(['[Work]', 'b', 'd', '[Home]', 'e', '[—]', 'a', 'c']);
    expect(rows({ ...o, sort: 'value' }, { counters: counters.map((c) => (c.id === 'c' ? { ...c, value: 99 } : c)) }).slice(-2)).toEqual(['c', 'a']);
    expect(rows({ ...o, sort: 'changed' })).toEqual(['[Work]', 'd', 'b', '[Home]', 'e', '[—]', 'c', 'a']);
  });

  it('counters the sort cannot tell apart keep the manual order: never changed, the same value, the same name', () => {
    const o = placeCounter(placeCounter(emptyOrganisation(), 'c', null, 'a', ids), 'e', null, 'b', ids); // c a e b d
    const same = counters.map((c) => ({ ...c, value: 7, name: 'Same' }));
    expect(rows({ ...o, sort: 'changed' })).toEqual(['c', 'a', 'e', 'b', 'd']);
    expect(rows({ ...o, sort: 'changed', changedAt: { d: 5 } })).toEqual(['d', 'c', 'a', 'e', 'b']);
    expect(rows({ ...o, sort: 'value' }, { counters: same })).toEqual(['c', 'a', 'e', 'b', 'd']);
    expect(rows({ ...o, sort: 'name' }, { counters: same })).toEqual(['c', 'a', 'e', 'b', 'd']);
  });

  it('a search is flat across groups, folded ones too, each match with its group name', () => {
    const o = foldGroup(organised(), 'g1', true);
    expect(rows(o, { query: 'a' })).toEqual(['b(Work)', 'd(Work)', 'a']);
    expect(rows(o, { query: 'GG' })).toEqual(['e(Home)']);
    expect(rows(o, { query: 'ES', pinned: ['d'] })).toEqual(['d(Work)', 'a', 'c']);
  });

  it('ids no longer listed are dropped; nothing dropped is the same object', () => {
    const o = setHidden({ ...organised(), changedAt: { a: 1, e: 2 } }, 'e', true);
    expect(pruneMissing(o, new Set(ids))).toBe(o);
    const pruned = pruneMissing(o, new Set(['a', 'b', 'c', 'd']));
    expect(pruned.groups.find((g) => g.id === 'g2')?.counters).toEqual([]);
    expect(pruned.hidden).toEqual([]);
    expect(pruned.changedAt).toEqual({ a: 1 });
    expect(pruned.order).not.toContain('e');
  });

  it('the manual order keeps known ids first and adds new counters as the server lists them', () => {
    expect(manualOrder(['c', 'gone', 'a'], ids)).toEqual(['c', 'a', 'b', 'd', 'e']);
  });

  it('a group name is cleaned of control characters and spaces, cut to its length, empty refused', () => {
    expect(cleanGroupName('  Work\u0000 \u202e stuff\n ')).toBe('Work stuff');
    expect(cleanGroupName(' \t ')).toBeNull();
    expect(cleanGroupName('x'.repeat(500))).toHaveLength(60);
  });
});

describe('Alt+↑/↓ in the user order', () => {
  const o = organised(); // [Work] b d [Home] e [—] a c
  const step = (id: string, delta: -1 | 1, pinned: string[] = []) => stepInOrder(arrange(o, { pinned }), pinned, id, delta);

  it('moves past its neighbour within its group', () => {
    expect(step('d', -1)).toEqual({ group: 'g1', before: 'b' });
    expect(step('b', 1)).toEqual({ group: 'g1', before: null });
    expect(step('a', 1)).toEqual({ group: null, before: null });
  });

  it('over a group’s edge into the next group: the end of the one above, the start of the one below', () => {
    expect(step('e', -1)).toEqual({ group: 'g1', before: null });
    expect(step('d', 1)).toEqual({ group: 'g2', before: 'e' });
    expect(step('e', 1)).toEqual({ group: null, before: 'a' });
    // Applied, the rows say so.
    const moved = placeCounter(o, 'd', 'g2', 'e', ids);
    expect(rows(moved)).toEqual(['[Work]', 'b', '[Home]', 'd', 'e', '[—]', 'a', 'c']);
  });

  it('stays at the very top and bottom, and a pinned counter stays where its pin puts it', () => {
    expect(step('b', -1)).toBeNull();
    expect(step('c', 1)).toBeNull();
    expect(step('e', -1, ['e'])).toBeNull();
  });
});
