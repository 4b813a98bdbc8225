// @vitest-environment happy-dom
// The list's order through the hook the list reads it from: without groups, pins first in pin
// order, then the server's order, filtered by the search. A push that changes a counter keeps the
// arranged list and swaps that counter's row (domain/arrange.ts `rearranged`): each test below
// pushes the way main does (its own diff, one state:delta) and checks what arranging anew would
// show: the sort by value and by name, a search, hidden counters, folded groups, the current row.
import { cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useArrangement } from '../../../src-renderer/components/useArrangement';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { appState, COUNTERS, IDS, organisation, renderPushable, work } from '../fixtures';

afterEach(cleanup);

const compareNames = (a: string, b: string) => a.localeCompare(b);
const order = (counters: readonly CounterState[], pinned: string[], query: string) =>
  renderHook(() => useArrangement({ counters, organisation: undefined, pinned, query, showHidden: false, compareNames })).result.current.counters.map((c) => c.id);

/** Header names and counter names, in the order shown. */
const shown = () => [...document.querySelectorAll('#counter-list > li')].map((li) => (li.classList.contains('group-header') ? `[${li.querySelector('.group-name')?.textContent}]` : li.getAttribute('aria-label')?.split(',')[0]));
const valueOf = (name: string) => within(screen.getByRole('listitem', { name: new RegExp(`^${name},`) })).getByTestId('value').textContent;

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

describe('a pushed change in an organised list', () => {
  it('sorted by value: a new value moves its row to its place', async () => {
    const { pushCounter } = await renderPushable({ ...appState(), organise: organisation({ sort: 'value' }) });
    expect(shown()).toEqual(['Since we moved in', 'Until the trip', 'Push-ups', 'Coffees today']);
    pushCounter(IDS.coffee, { value: 500 });
    expect(shown()).toEqual(['Coffees today', 'Since we moved in', 'Until the trip', 'Push-ups']);
    expect(valueOf('Coffees today')).toBe('500');
    pushCounter(IDS.pushUps, { value: 41 });
    expect(shown()).toEqual(['Coffees today', 'Since we moved in', 'Until the trip', 'Push-ups']);
    expect(valueOf('Push-ups')).toBe('41');
  });

  it('sorted by name: a renamed counter moves to its place; a new value leaves the order', async () => {
    const { pushCounter } = await renderPushable({ ...appState(), organise: organisation({ sort: 'name' }) });
    expect(shown()).toEqual(['Coffees today', 'Push-ups', 'Since we moved in', 'Until the trip']);
    pushCounter(IDS.coffee, { value: 4 });
    expect(valueOf('Coffees today')).toBe('4');
    pushCounter(IDS.coffee, { name: 'Zesty coffees' });
    expect(shown()).toEqual(['Push-ups', 'Since we moved in', 'Until the trip', 'Zesty coffees']);
    expect(valueOf('Zesty coffees')).toBe('4');
  });

  it('in the user’s order under a search: a rename leaves or joins the matches, a new value shows', async () => {
    const { pushCounter } = await renderPushable({ ...appState(), organise: organisation({ groups: work(false) }) });
    await userEvent.type(screen.getByLabelText('Search counters'), 'cof');
    await waitFor(() => expect(shown()).toEqual(['Coffees today']));
    pushCounter(IDS.coffee, { value: 8 });
    expect(valueOf('Coffees today')).toBe('8');
    pushCounter(IDS.pushUps, { name: 'Coffee push-ups' });
    expect(shown()).toEqual(['Coffees today', 'Coffee push-ups']);
    pushCounter(IDS.coffee, { name: 'Tea' });
    expect(shown()).toEqual(['Coffee push-ups']);
  });

  it('a change to a hidden counter does not show it, and it shows its new value once shown', async () => {
    const { pushCounter } = await renderPushable({ ...appState(), organise: organisation({ hidden: [IDS.pushUps] }) });
    pushCounter(IDS.pushUps, { value: 77 });
    expect(shown()).toEqual(['Coffees today', 'Since we moved in', 'Until the trip']);
    expect(document.querySelector('.hidden-line')?.textContent).toContain('1 hidden counter');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(valueOf('Push-ups')).toBe('77');
  });

  it('a change in a folded group keeps it folded with its count; unfolded, its row has the new value', async () => {
    const { push, pushCounter } = await renderPushable({ ...appState(), organise: organisation({ groups: work(true) }) });
    pushCounter(IDS.pushUps, { value: 12 });
    expect(shown()).toEqual(['[Work]', '[Ungrouped]', 'Since we moved in', 'Until the trip']);
    expect(screen.getByRole('button', { name: 'Work 2 counters' })).toBeTruthy();
    push((s) => ({ ...s, organise: organisation({ groups: work(false) }) }));
    expect(shown()).toEqual(['[Work]', 'Coffees today', 'Push-ups', '[Ungrouped]', 'Since we moved in', 'Until the trip']);
    expect(valueOf('Push-ups')).toBe('12');
  });

  it('push after push in a grouped list: every changed row shows its value, every row stays', async () => {
    const { pushCounter } = await renderPushable({ ...appState(), organise: organisation({ groups: work(false) }) });
    pushCounter(IDS.coffee, { value: 4 });
    pushCounter(IDS.trip, { value: 98 });
    pushCounter(IDS.coffee, { value: 5 });
    pushCounter(IDS.pushUps, { value: 39 });
    expect(shown()).toEqual(['[Work]', 'Coffees today', 'Push-ups', '[Ungrouped]', 'Since we moved in', 'Until the trip']);
    expect([valueOf('Coffees today'), valueOf('Push-ups')]).toEqual(['5', '39']);
    expect(screen.getByRole('listitem', { name: /^Until the trip,/ }).getAttribute('aria-label')).toContain('98');
  });

  it('the current row stays the same counter when a push moves it', async () => {
    const { pushCounter } = await renderPushable({ ...appState(), organise: organisation({ sort: 'value' }) });
    const search = screen.getByLabelText('Search counters');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    const current = () => document.querySelector('#counter-list > li[aria-current="true"]')?.getAttribute('aria-label')?.split(',')[0];
    expect(current()).toBe('Push-ups');
    pushCounter(IDS.coffee, { value: 500 }); // Push-ups moves down a place
    expect(current()).toBe('Push-ups');
    pushCounter(IDS.pushUps, { value: 41 }); // in place
    expect(current()).toBe('Push-ups');
  });
});
