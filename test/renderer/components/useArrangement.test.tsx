// @vitest-environment happy-dom
// The list's order without groups, through the hook the list reads it from: pins first in pin
// order, then the server's order, filtered by the search.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useArrangement } from '../../../src-renderer/components/useArrangement';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { COUNTERS, IDS } from '../fixtures';

const compareNames = (a: string, b: string) => a.localeCompare(b);
const order = (counters: readonly CounterState[], pinned: string[], query: string) =>
  renderHook(() => useArrangement({ counters, organisation: undefined, pinned, query, showHidden: false, compareNames })).result.current.counters.map((c) => c.id);

describe('list order', () => {
  const all = Object.values(COUNTERS);
  it('puts pinned counters first in pin order, the rest in server order', () => {
    expect(order(all, [IDS.pushUps, IDS.trip], '')).toEqual([IDS.pushUps, IDS.trip, IDS.coffee, IDS.movedIn]);
  });
  it('filters case-insensitively', () => {
    expect(order(all, [], '  COFF ')).toEqual([IDS.coffee]);
  });
});

describe('the list order is the order a stable sort by pin rank gives', () => {
  const make = (id: string, name: string) => ({ id, name }) as unknown as CounterState;
  const sortOrder = (counters: CounterState[], pinned: string[], query: string) => {
    const needle = query.trim().toLocaleLowerCase();
    const rank = (id: string) => (pinned.includes(id) ? pinned.indexOf(id) : pinned.length);
    return counters.filter((c) => !needle || c.name.toLocaleLowerCase().includes(needle)).sort((a, b) => rank(a.id) - rank(b.id)).map((c) => c.id);
  };
  it('for pins in any order, pins of counters that are gone, duplicates of a name, and a search', () => {
    const counters = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, index) => make(id, index % 2 ? `Tea ${id}` : `Coffee ${id}`));
    const cases: [string[], string][] = [[[], ''], [['e', 'a'], ''], [['zz', 'c'], ''], [['f', 'b', 'd'], 'tea'], [['a', 'c'], 'tea'], [['b'], '  COFFEE ']];
    for (const [pinned, query] of cases) {
      expect(order(counters, pinned, query), `${pinned.join(',')} / ${query}`).toEqual(sortOrder([...counters], pinned, query));
    }
  });
});
