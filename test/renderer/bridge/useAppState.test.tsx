// @vitest-environment happy-dom
// One counter changing must re-render one row: main sends what changed by identity, the
// popup replaces only what the delta names, and the memoized rows skip. Row renders are
// counted through formatCounterValue (each row once, and the list once for the active row's phrase).
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src-renderer/App';
import * as days from '../../../src-shared/i18n/counter-value';
import { COUNTERS, IDS, appState, counter, fakeApi } from '../fixtures';

vi.mock('../../../src-shared/i18n/counter-value', async (importOriginal) => {
  const actual = await importOriginal<typeof days>();
  return { ...actual, formatCounterValue: vi.fn(actual.formatCounterValue) };
});

afterEach(cleanup);

const formatted = () => vi.mocked(days.formatCounterValue).mock.calls.map(([, , value]) => value);
const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });

describe('re-render after a push', () => {
  it('renders only the row whose counter changed', async () => {
    const state = appState({ settings: { pinned: [IDS.trip] } });
    const fake = fakeApi(state);
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    vi.mocked(days.formatCounterValue).mockClear();

    // As main holds it: every part the same object but the counter that changed.
    act(() => fake.push({ ...state, core: { ...state.core!, counters: state.core!.counters.map((c) => (c.id === IDS.pushUps ? { ...c, value: 41 } : c)) } }));

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

    act(() => fake.push({ ...state, core: { ...state.core!, stats: { ...state.core!.stats, notifications: 9 } } }));
    expect(formatted().filter((value) => value !== COUNTERS.coffee.value)).toEqual([]);
  });

  it('leaves the search box and the toolbar alone: a push changes nothing in them', async () => {
    const state = { ...appState(), organise: { groups: [], order: [], hidden: [], sort: 'manual' as const, changedAt: {} } };
    const fake = fakeApi(state);
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    const toolbar = document.querySelector('.toolbar')!;
    const touched: string[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => touched.push(`${r.type} ${r.attributeName ?? ''} ${(r.target as Element).className ?? ''}`)));
    observer.observe(toolbar, { subtree: true, attributes: true, childList: true, characterData: true });
    act(() => fake.push({ ...state, core: { ...state.core!, counters: state.core!.counters.map((c) => (c.id === IDS.pushUps ? { ...c, value: 41 } : c)) } }));
    await act(async () => undefined); // mutation records are delivered in a microtask
    observer.disconnect();
    expect(within(row('Push-ups')).getByTestId('value').textContent).toBe('41');
    expect(touched).toEqual([]);
  });

  it('applies an added and a removed counter', async () => {
    const fake = fakeApi(appState({ counters: [COUNTERS.coffee, COUNTERS.trip] }));
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    const added = counter({ id: IDS.pushUps, name: 'Push-ups', type: 'UpDown', value: 7 });
    act(() => fake.push(structuredClone(appState({ counters: [added, COUNTERS.coffee] }))));
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.counter-name')?.textContent)).toEqual(['Push-ups', 'Coffees today']);
    expect(screen.queryByText('Until the trip')).toBeNull();
  });
});

describe('state:delta', () => {
  const stats = { requests: 1, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 };
  const bump = (from: number, value: number) => ({
    from,
    to: from + 1,
    changed: {},
    core: { connection: { status: 'live' }, stats, outbox: { clicks: 0 }, upserted: [{ ...COUNTERS.coffee, value }], removed: [] },
  });
  const coffeeValue = () => within(row('Coffees today')).getByTestId('value').textContent;

  it('applies deltas that follow the state:get answer, and renders only the changed row', async () => {
    const fake = fakeApi({ ...appState(), revision: 3 });
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    vi.mocked(days.formatCounterValue).mockClear();
    act(() => fake.emit('state:delta', bump(3, 4)));
    expect(coffeeValue()).toBe('4');
    expect(formatted().filter((v) => v !== 4 && v !== COUNTERS.coffee.value)).toEqual([]);
    expect(fake.calls('state:get')).toHaveLength(1);
  });

  it('asks state:get again after a gap, then follows the deltas after its answer', async () => {
    let revision = 3;
    let value = 3;
    const fake = fakeApi(appState(), {
      'state:get': () => ({ ok: true, value: { ...appState({ counters: [{ ...COUNTERS.coffee, value }] }), revision } }),
    });
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    revision = 9;
    value = 50;
    act(() => fake.emit('state:delta', bump(8, 50))); // 4..8 were missed
    await waitFor(() => expect(coffeeValue()).toBe('50'));
    expect(fake.calls('state:get')).toHaveLength(2);
    act(() => fake.emit('state:delta', bump(9, 51)));
    expect(coffeeValue()).toBe('51');
  });

  it('keeps deltas that arrive before the first answer and applies those newer than it', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const fake = fakeApi(appState(), {
      'state:get': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    render(<App api={fake.api} />);
    act(() => fake.emit('state:delta', bump(5, 6)));
    act(() => fake.emit('state:delta', bump(6, 7)));
    await act(async () => answer({ ok: true, value: { ...appState({ counters: [{ ...COUNTERS.coffee, value: 6 }] }), revision: 6 } }));
    await screen.findByRole('list', { name: 'Counters' });
    expect(coffeeValue()).toBe('7');
  });
});

