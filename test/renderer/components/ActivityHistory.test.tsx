// @vitest-environment happy-dom
// A counter's history in the activity view, on answers main's own computeHistory gave for a
// record on a fixed day (Wednesday 25 November 2026, Berlin), through the preload's checks:
// the ranges, the numbers and streak in words, "not recorded" before the record began.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import { appState, chooseRowAction, fakeApi, IDS, openHistory, SLOW } from '../fixtures';

afterEach(cleanup);

describe('ranges and numbers', () => {
  it('opens on 14 days with the numbers, the streak and where it all comes from; the chart shows what was recorded', async () => {
    const fake = await openHistory();
    await screen.findByTestId('activity-chart', {}, SLOW);
    expect(fake.calls('activity:history')).toEqual([{ id: IDS.coffee, range: 'twoWeeks' }]);
    expect(screen.getByRole('radio', { name: '14 days' })).toHaveProperty('checked', true);
    expect(screen.getByText(/^All of this is what this computer saw: the service keeps no history\./)).toBeTruthy();
    const numbers = Object.fromEntries([...document.querySelectorAll('.history-numbers div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
    // 14 recorded days (12–25 Nov): +4, +3 and today's +3 → +10, +0.7 a day; this week from Sunday 22 Nov: +6.
    expect(numbers).toEqual({
      'Per day': '+0.7',
      'Per week': '+5',
      'This week': '+6',
      'Last week': '+1',
      'Best day': '+3 on Nov 25, 2026',
      'You and others': 'you +9 · others +1',
    });
    expect(screen.getByTestId('streak').textContent).toBe('Up 4 days in a row · Longest: 5 days, to Nov 15, 2026');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Daily change of Coffees today over the last 14 days: you +9, others +1; the value went from -5 to 5.');
  });

  it('3 months: days before the record began are "not recorded", in words, in the chart and in its table', async () => {
    const fake = await openHistory();
    await screen.findByTestId('activity-chart', {}, SLOW);
    await userEvent.setup().click(screen.getByRole('radio', { name: '3 months' }));
    await waitFor(() => expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/over the last 91 days: you \+6, others \+1; the value went from -2 to 5\. Days before Oct 16, 2026 were not recorded\.$/), SLOW);
    expect(fake.calls('activity:history')).toEqual([
      { id: IDS.coffee, range: 'twoWeeks' },
      { id: IDS.coffee, range: 'threeMonths' },
    ]);
    expect(screen.getByText('Recorded since Oct 16, 2026.')).toBeTruthy();
    expect(screen.getByRole('img').querySelector('rect.not-recorded')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(92);
    expect(rows[1]?.textContent).toMatch(/not recorded$/);
    expect(rows.at(-1)?.textContent).toBe('Wed, Nov 25+2+15');
  });

  it('issue 49: is asked again when main’s day turns, though the counter did not move', async () => {
    const before = appState({ extras: { goals: {}, milestonesMuted: [], today: '2026-11-25' } });
    const fake = await openHistory(before);
    await screen.findByTestId('activity-chart', {}, SLOW);
    expect(fake.calls('activity:history')).toHaveLength(1);
    expect(fake.calls('activity:detail')).toHaveLength(1);
    act(() => fake.push({ ...before, extras: { goals: {}, milestonesMuted: [], today: '2026-11-26' } }));
    await waitFor(() => expect(fake.calls('activity:history')).toEqual([{ id: IDS.coffee, range: 'twoWeeks' }, { id: IDS.coffee, range: 'twoWeeks' }]));
    expect(fake.calls('activity:detail')).toHaveLength(2);
  });
});

describe('day counters', () => {
  it('get no ranges, numbers or streak: they move with the calendar', async () => {
    const fake = fakeApi(appState(), { 'activity:detail': () => ({ ok: true, value: { counterId: IDS.movedIn, today: { you: 2, others: 1 }, days: [], events: [] } }) });
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    await chooseRowAction('Since we moved in', 'Activity');
    await screen.findByText('It moves with the calendar; changes to its date show here.');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(fake.calls('activity:history')).toEqual([]);
  });
});
