// @vitest-environment happy-dom
// A counter's activity view: today split, a chart with its text alternative, the events; Esc goes back.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import type { ActivityDetail, UndoOffer } from '../../../src-shared/domain/activity';
import type { ActivityHistory } from '../../../src-shared/domain/history';
import { computeHistory } from '../../../src-main/app/activity/history';
import { AppState } from '../../../src-shared/ipc/contract';
import { chooseRowAction, IDS, appState, fakeApi } from '../fixtures';

afterEach(cleanup);

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name}`) });
const withActivity = (today: Record<string, number>, undo: UndoOffer | null) => AppState.parse({ ...appState(), activity: { today, undo } });

function detail(): ActivityDetail {
  const days = Array.from({ length: 14 }, (_, i) => ({ date: `2026-11-${String(10 + i).padStart(2, '0')}`, you: i % 3, others: i % 2, value: 10 + i }));
  return {
    counterId: IDS.coffee,
    today: { you: 3, others: 1 },
    days,
    events: [
      { kind: 'others', at: Date.now() - 60_000, from: 6, to: 7 },
      { kind: 'own', at: Date.now() - 120_000, amount: 3, outcome: 'applied', sources: { shortcut: 3 } },
    ],
  };
}

/** What main answers for 14 days of detail(): its days as the record's totals, recorded from the first. */
function history(): ActivityHistory {
  const days = detail().days;
  return computeHistory({
    counterId: IDS.coffee,
    range: 'twoWeeks',
    today: days.at(-1)?.date ?? '',
    firstDayOfWeek: 7,
    firstRecorded: days[0]?.date ?? '',
    currentValue: days.at(-1)?.value ?? 0,
    totalsBetween: () => new Map(days.map((d) => [d.date, { you: d.you, others: d.others }])),
    streak: { refused: { increment: false, decrement: false }, goal: null },
  });
}

async function renderApp(state: AppState) {
  const fake = fakeApi(state, { 'activity:detail': () => ({ ok: true, value: detail() }), 'activity:history': () => ({ ok: true, value: history() }) });
  render(<App api={fake.api} />);
  await screen.findByRole('list', { name: 'Counters' });
  return fake;
}

describe('counter detail view', () => {
  it('opens from the row, shows today split, a chart with a text alternative, and the events', async () => {
    await renderApp(withActivity({ [IDS.coffee]: 4 }, null));
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
    await renderApp(withActivity({}, null));
    await chooseRowAction('Coffees today', 'Activity');
    await screen.findByRole('heading', { name: 'Coffees today' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(row('Coffees today').getAttribute('aria-current')).toBe('true'));
  });
});
