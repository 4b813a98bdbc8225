// @vitest-environment happy-dom
// Rows say their own news after a push though their counter did not change: today's change, a
// goal's progress, an undo offer, a new day's milestone.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import type { AppState } from '../../../src-shared/ipc/contract';
import { IDS, appState, fakeApi } from '../fixtures';

afterEach(cleanup);

const TODAY = '2025-04-15'; // 412 days after 2024-02-29: the next milestone is 2 years on 2026-02-28
const extras = (goals: NonNullable<AppState['extras']>['goals'] = {}, milestonesMuted: string[] = []) => ({ goals, milestonesMuted, today: TODAY });
const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name},`) });

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
