// @vitest-environment happy-dom
// A counter's activity view: today split, a chart with its text alternative, the events; Esc goes back.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UndoOffer } from '../../../src-shared/domain/activity';
import { AppState } from '../../../src-shared/ipc/contract';
import { appState, chooseRowAction, IDS, renderWithActivity } from '../fixtures';

afterEach(cleanup);

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });
const withActivity = (today: Record<string, number>, undo: UndoOffer | null) => AppState.parse({ ...appState(), activity: { today, undo } });

describe('counter detail view', () => {
  it('opens from the row, shows today split, a chart with a text alternative, and the events', async () => {
    await renderWithActivity(withActivity({ [IDS.coffee]: 4 }, null));
    await chooseRowAction('Coffees today', 'Activity');
    expect(await screen.findByRole('heading', { name: 'Coffees today' })).toBeTruthy();
    expect((await screen.findByTestId('detail-today')).textContent).toBe('Today +4: you +3, others +1');
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(/^Daily change of Coffees today over the last 14 days: you \+13, others \+7/);
    expect(chart.querySelectorAll('rect').length).toBeGreaterThan(0);
    expect(chart.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(14);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(15);
    const events = within(screen.getByRole('list', { name: 'Latest changes of Coffees today' })).getAllByRole('listitem');
    expect(events.map((e) => e.textContent?.replace(/^\d{1,2}:\d\d(\s[AP]M)? /, ''))).toEqual(['others +1', 'you +3 · shortcut']);
  });

  it('goes back to the list with Esc', async () => {
    await renderWithActivity(withActivity({}, null));
    await chooseRowAction('Coffees today', 'Activity');
    await screen.findByRole('heading', { name: 'Coffees today' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(row('Coffees today').getAttribute('aria-current')).toBe('true'));
  });
});
