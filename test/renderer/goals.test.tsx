// @vitest-environment happy-dom
// Goals, milestones and resets in the popup: a goal's progress and bar on its row, a day counter's next
// milestone, the edit page's goal / milestones / reset / export, and a reset's undo that asks
// when the counter moved meanwhile.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src-renderer/App';
import type { AppState } from '../../src-shared/ipc/contract';
import { chooseRowAction, COUNTERS, IDS, appState, counter, fakeApi } from './fixtures';

afterEach(cleanup);

const TODAY = '2025-04-15'; // 412 days after 2024-02-29: the next milestone is 2 years on 2026-02-28
const extras = (goals: NonNullable<AppState['extras']>['goals'] = {}, milestonesMuted: string[] = []) => ({ goals, milestonesMuted, today: TODAY });
const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name},`) });

describe('rows', () => {
  it('show a goal’s progress and a bar that fills to it, in the row’s accessible name too', async () => {
    const fake = fakeApi(appState({ extras: extras({ [IDS.coffee]: { target: 8, period: 'day', count: 'all', done: 5 }, [IDS.pushUps]: { target: 3, period: 'week', count: 'mine', done: 4 } }) }));
    render(<App api={fake.api} />);
    const coffee = await screen.findByRole('listitem', { name: 'Coffees today, 3, goal 5 / 8 today' });
    expect(within(coffee).getByTestId('goal').textContent).toBe('5 / 8 today');
    expect((coffee.querySelector('.goal-fill') as HTMLElement).style.transform).toBe('scaleX(0.625)');
    const pushUps = row('Push-ups');
    expect(pushUps.getAttribute('aria-label')).toBe('Push-ups, 40, goal 4 / 3 this week, reached');
    expect(pushUps.querySelector('.goal-fill.reached')).not.toBeNull();
    expect((pushUps.querySelector('.goal-fill') as HTMLElement).style.transform).toBe('scaleX(1)');
  });

  it('show a day counter’s next milestone after its date', async () => {
    const fake = fakeApi(appState({ extras: extras() }));
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    expect(within(row('Since we moved in')).getByTestId('milestone').textContent).toBe('2 years on Feb 28');
    // More than eleven months ahead the year is said; nearer, a month and day are enough.
    expect(within(row('Until the trip')).getByTestId('milestone').textContent).toBe('30 days left on Jan 30, 2027');
    expect(row('Since we moved in').getAttribute('aria-label')).toMatch(/, next milestone 2 years on Feb 28$/);
  });

  it('draw a day counter whose start is 9999-12-25 (any member may set it): its date and value, and no milestone, which would fall in year 10000', async () => {
    // 0001-01-01 to 9999-12-25: 3,652,052 days; to 2025-04-15: 2024 × 365 + 491 leap days + 104 = 739,355.
    const far = counter({ ...COUNTERS.movedIn, startDate: '9999-12-25', value: -(3_652_052 - 739_355) });
    const fake = fakeApi(appState({ counters: [COUNTERS.coffee, far, COUNTERS.trip], extras: extras() }));
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    expect(row('Since we moved in').textContent).toContain('starts Dec 25, 9999');
    expect(row('Since we moved in').getAttribute('aria-label')).toBe('Since we moved in, in 2,912,697 days');
    expect(within(row('Since we moved in')).queryByTestId('milestone')).toBeNull();
    expect(within(row('Until the trip')).getByTestId('milestone').textContent).toBe('30 days left on Jan 30, 2027');
  });
});

describe('rows after a push', () => {
  it('say their own news when their counter did not change: today’s change, a goal’s progress, an undo offer, a new day’s milestone', async () => {
    const goal = (done: number) => extras({ [IDS.coffee]: { target: 8, period: 'day', count: 'mine', done } });
    let state: AppState = { ...appState({ extras: goal(5) }), activity: { today: { [IDS.coffee]: 2 }, undo: null } };
    const fake = fakeApi(state);
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    const coffee = () => within(row('Coffees today'));
    expect(coffee().getByTestId('today').textContent).toBe('+2 today');
    // One part moves on at a time; every counter object stays the same.
    const push = (next: Partial<AppState>) => act(() => fake.push((state = { ...state, ...next })));
    push({ activity: { today: { [IDS.coffee]: 3 }, undo: null } });
    expect(coffee().getByTestId('today').textContent).toBe('+3 today');
    push({ extras: goal(6) });
    expect(coffee().getByTestId('goal').textContent).toBe('6 / 8 today');
    push({ activity: { today: { [IDS.coffee]: 3 }, undo: { counterId: IDS.coffee, name: 'Coffees today', amount: 1, source: 'shortcut', expiresAt: Date.now() + 10_000 } } });
    expect(await coffee().findByRole('button', { name: 'Undo +1 on Coffees today' })).toBeTruthy();
    expect(within(row('Since we moved in')).getByTestId('milestone').textContent).toBe('2 years on Feb 28');
    push({ extras: { ...goal(6), today: '2026-03-01' } });
    expect(within(row('Since we moved in')).getByTestId('milestone').textContent).toBe('3 years on Feb 28, 2027');
  });
});

describe('the edit page', () => {
  async function openEdit(name: string, state: AppState, handlers: Parameters<typeof fakeApi>[1] = {}) {
    const fake = fakeApi(state, handlers);
    render(<App api={fake.api} />);
    await chooseRowAction(name, 'Edit…');
    await screen.findByRole('heading', { name: /^Edit “/ });
    return fake;
  }

  it('saves a goal with the page, and refuses one that is no whole number', async () => {
    const fake = await openEdit('Coffees today', appState({ extras: extras() }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Goal: how many'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A goal is a whole number from 1 to 1,000,000.');
    expect(fake.calls('goal:set')).toEqual([]);
    await user.clear(screen.getByLabelText('Goal: how many'));
    await user.type(screen.getByLabelText('Goal: how many'), '8');
    await user.selectOptions(screen.getByLabelText('Goal: which changes count'), 'mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('goal:set')).toEqual([{ id: IDS.coffee, goal: { target: 8, period: 'day', count: 'mine' } }]));
  });

  it('removes a goal when its number is cleared', async () => {
    const fake = await openEdit('Coffees today', appState({ extras: extras({ [IDS.coffee]: { target: 8, period: 'day', count: 'all', done: 2 } }) }));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Goal: how many'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('goal:set')).toEqual([{ id: IDS.coffee, goal: null }]));
  });

  it('mutes a day counter’s milestones', async () => {
    const fake = await openEdit('Since we moved in', appState({ extras: extras() }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Notify me on milestones' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('milestones:mute')).toEqual([{ id: IDS.movedIn, muted: true }]));
  });

  it('resets only after a confirmation that says every member sees it', async () => {
    const fake = await openEdit('Coffees today', appState({ extras: extras() }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset to 0…' }));
    const question = screen.getByRole('alertdialog', { name: 'Reset “Coffees today” to 0?' });
    expect(question.textContent).toContain('Every member of this counter sees it.');
    expect(fake.calls('counter:reset')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Reset to 0' }));
    await waitFor(() => expect(fake.calls('counter:reset')).toEqual([{ id: IDS.coffee }]));
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
  });

  it('offers start again for a FromDate counter, nothing for a ToDate, and export for both', async () => {
    await openEdit('Since we moved in', appState({ extras: extras() }));
    expect(screen.getByRole('button', { name: 'Start again today…' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export activity…' }));
    expect(await screen.findByRole('heading', { name: 'Export activity' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Only “Since we moved in”' })).toHaveProperty('checked', true);
    cleanup();
    await openEdit('Until the trip', appState({ extras: extras() }));
    expect(screen.queryByRole('button', { name: /Reset|Start again/ })).toBeNull();
  });
});

describe('export', () => {
  it('asks main to export and shows the file name it answers, never a path', async () => {
    const fake = fakeApi(appState({ extras: extras() }), { 'activity:export': () => ({ ok: true, value: { status: 'saved', fileName: 'counter-tray-activity-2025-04-15.csv', rows: 12 } }) });
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Export activity…' }));
    await user.click(await screen.findByRole('button', { name: 'Save as CSV…' }));
    expect((await screen.findByText(/^Saved 12 lines/)).textContent).toBe('Saved 12 lines as counter-tray-activity-2025-04-15.csv.');
    expect(fake.calls('activity:export')).toEqual([{ scope: 'all' }]);
  });
});

describe('undo of a reset', () => {
  const offer = { counterId: IDS.coffee, name: 'Coffees today', kind: 'reset' as const, earlier: 42, expiresAt: Date.now() + 60_000 };

  it('puts the earlier value back when nothing changed since', async () => {
    const fake = fakeApi(appState({ extras: extras(), resetUndo: offer, counters: [{ ...COUNTERS.coffee, value: 0 }] }), { 'counter:undoReset': () => ({ ok: true, value: { status: 'restored' } }) });
    render(<App api={fake.api} />);
    const chip = await screen.findByTestId('reset-chip');
    expect(chip.textContent).toBe('reset to 0 · Undo');
    await userEvent.setup().click(within(chip).getByRole('button', { name: 'Undo the reset of Coffees today' }));
    expect(fake.calls('counter:undoReset')).toEqual([{ id: IDS.coffee, choice: 'undo' }]);
    expect(await screen.findByText('Put “Coffees today” back to 42.')).toBeTruthy();
  });

  it('asks, and overwrites only when the user says so, when another member changed it meanwhile', async () => {
    const fake = fakeApi(appState({ extras: extras(), resetUndo: offer, counters: [{ ...COUNTERS.coffee, value: 2 }] }), {
      'counter:undoReset': (request) => ({ ok: true, value: (request as { choice: string }).choice === 'undo' ? { status: 'changed', current: 2, earlier: 42 } : { status: 'restored' } }),
    });
    render(<App api={fake.api} />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('reset-chip')).getByRole('button', { name: /^Undo/ }));
    const question = await screen.findByRole('alertdialog', { name: '“Coffees today” changed since the reset: it is 2 now.' });
    expect(question.textContent).toContain('Put back 42 anyway? Every member sees it.');
    expect(document.activeElement?.textContent).toBe('Keep 2'); // the safe answer has focus
    expect(fake.calls('counter:undoReset')).toEqual([{ id: IDS.coffee, choice: 'undo' }]);
    await user.click(within(question).getByRole('button', { name: 'Put back 42' }));
    await waitFor(() => expect(fake.calls('counter:undoReset')).toEqual([{ id: IDS.coffee, choice: 'undo' }, { id: IDS.coffee, choice: 'overwrite' }]));
  });
});
