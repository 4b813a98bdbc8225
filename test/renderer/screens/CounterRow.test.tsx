// @vitest-environment happy-dom
// One counter's row: one line unless there is more to say, its height for the window, a day
// counter's unit, "2 waiting", a goal's progress and bar, a day counter's next milestone.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src-renderer/App';
import type { AppState } from '../../../src-shared/ipc/contract';
import { appState, counter, COUNTERS, fakeApi, IDS, renderList } from '../fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TODAY = '2025-04-15'; // 412 days after 2024-02-29: the next milestone is 2 years on 2026-02-28
const extras = (goals: NonNullable<AppState['extras']>['goals'] = {}, milestonesMuted: string[] = []) => ({ goals, milestonesMuted, today: TODAY });
const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name},`) });


describe('rows', () => {
  it('have one line when there is nothing more to say, and a second when there is', async () => {
    await renderList(appState({ activity: { today: { [IDS.pushUps]: 2 }, undo: null } }));
    expect(row('Coffees today').classList.contains('two-line')).toBe(false);
    expect(row('Coffees today').querySelector('.counter-sub')).toBeNull();
    // Today's change, and a day counter's date (since or until), are something to say.
    expect(row('Push-ups').classList.contains('two-line')).toBe(true);
    expect(within(row('Push-ups')).getByTestId('today').textContent).toBe('+2 today');
    expect(row('Since we moved in').querySelector('.counter-sub')?.textContent).toBe('since Feb 29, 2024');
  });

  it('put a day counter’s unit outside the number, where − / + sit on the other rows', async () => {
    await renderList();
    const movedIn = row('Since we moved in');
    expect(movedIn.querySelector('.counter-value')?.textContent).toBe('412');
    expect(movedIn.querySelector('.counter-trail.value-unit')?.textContent).toBe('days');
    expect(row('Coffees today').querySelector('.counter-trail.steppers')?.querySelectorAll('button')).toHaveLength(2);
  });

  it('say "2 waiting" on a pending row when the clicks are held, only the dot while they are on their way', async () => {
    const pending = { ...COUNTERS.coffee, value: 5, pending: true, waiting: 2 };
    const fake = await renderList(appState({ counters: [pending, COUNTERS.pushUps] }));
    expect(row('Coffees today').getAttribute('aria-label')).toBe('Coffees today, 5, not confirmed yet');
    expect(row('Coffees today').classList.contains('two-line')).toBe(false);
    expect(row('Coffees today').querySelector('.pending-mark.on')).not.toBeNull();
    fake.push(appState({ counters: [pending, COUNTERS.pushUps], outbox: { clicks: 2, held: { reason: 'rateLimited', until: Date.now() + 6000 } } }));
    await waitFor(() => expect(within(row('Coffees today')).getByTestId('waiting').textContent).toBe('2 waiting'));
    expect(row('Coffees today').getAttribute('aria-label')).toBe('Coffees today, 5, 2 waiting');
    fake.push(appState({ counters: [{ ...pending, waiting: 1 }, COUNTERS.pushUps], connection: { status: 'offline' }, outbox: { clicks: 1 } }));
    await waitFor(() => expect(within(row('Coffees today')).getByTestId('waiting').textContent).toBe('1 waiting'));
    // Offline: the list is drawn as not live.
    expect(document.querySelector('main.list-screen.stale')).not.toBeNull();
  });

  it('place windowed rows by their own heights: 36 px for one line, 48 for two', async () => {
    const many = Array.from({ length: 200 }, (_, i) => counter({ id: `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`, name: `Counter number ${i}`, type: 'UpDown', value: i }));
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const today = { [many[0]!.id]: 1, [many[1]!.id]: -1 };
    await renderList(appState({ counters: many, activity: { today, undo: null } }));
    const list = screen.getByRole('list', { name: 'Counters' });
    expect(list.style.height).toBe(`${2 * 48 + 198 * 36}px`);
    expect(list.style.paddingTop).toBe('0px');
    expect(row('Counter number 1').classList.contains('two-line')).toBe(true);
    expect(row('Counter number 2').classList.contains('two-line')).toBe(false);
    // Far down, the window still finds the row the arrows walk to, and the rows above it are padding as tall as they are.
    for (let i = 0; i < 60; i += 1) fireEvent.keyDown(screen.getByLabelText('Search counters'), { key: 'ArrowDown' });
    expect(row('Counter number 60').getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('listitem', { name: /^Counter number 0,/ })).toBeNull();
    const first = Number(screen.getAllByRole('listitem')[0]!.getAttribute('data-counter-id')!.slice(-12));
    expect(first).toBeGreaterThan(2);
    expect(list.style.paddingTop).toBe(`${2 * 48 + (first - 2) * 36}px`);
  });
});

describe('rows: goals and milestones', () => {
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
