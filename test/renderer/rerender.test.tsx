// @vitest-environment happy-dom
// One counter changing must re-render one row: the pushed state arrives as fresh
// objects, the popup keeps the unchanged ones (structural sharing), and the memoized
// rows skip. Row renders are counted through formatCounterValue, which every row render
// calls once for its own counter (and the list once for the active counter's phrase).
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src-renderer/App';
import * as days from '../../src-renderer/format/days';
import { COUNTERS, IDS, appState, counter, fakeApi } from './fixtures';

vi.mock('../../src-renderer/format/days', async (importOriginal) => {
  const actual = await importOriginal<typeof days>();
  return { ...actual, formatCounterValue: vi.fn(actual.formatCounterValue) };
});

afterEach(cleanup);

const formatted = () => vi.mocked(days.formatCounterValue).mock.calls.map(([, value]) => value);
const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });

describe('re-render after a push', () => {
  it('renders only the row whose counter changed', async () => {
    const state = appState({ settings: { pinned: [IDS.trip] } });
    const fake = fakeApi(state);
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    vi.mocked(days.formatCounterValue).mockClear();

    const next = structuredClone(state);
    next.core!.counters = next.core!.counters.map((c) => (c.id === IDS.pushUps ? { ...c, value: 41 } : c));
    act(() => fake.emit('state:changed', next));

    expect(within(row('Push-ups')).getByTestId('value').textContent).toBe('41');
    // Push-ups' row, plus the list's phrase for the active row (Until the trip, pinned first).
    expect(formatted().sort()).toEqual([41, COUNTERS.trip.value].sort());
  });

  it('renders no row when a push changes nothing the rows show', async () => {
    const state = appState();
    const fake = fakeApi(state);
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    vi.mocked(days.formatCounterValue).mockClear();

    act(() => fake.emit('state:changed', structuredClone({ ...state, core: { ...state.core!, stats: { ...state.core!.stats, notifications: 9 } } })));
    expect(formatted().filter((value) => value !== COUNTERS.coffee.value)).toEqual([]);
  });

  it('applies an added and a removed counter', async () => {
    const fake = fakeApi(appState({ counters: [COUNTERS.coffee, COUNTERS.trip] }));
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    const added = counter({ id: IDS.pushUps, name: 'Push-ups', type: 'UpDown', value: 7 });
    act(() => fake.emit('state:changed', structuredClone(appState({ counters: [added, COUNTERS.coffee] }))));
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.counter-name')?.textContent)).toEqual(['Push-ups', 'Coffees today']);
    expect(screen.queryByText('Until the trip')).toBeNull();
  });
});
