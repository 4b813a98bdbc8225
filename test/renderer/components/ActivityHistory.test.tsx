// @vitest-environment happy-dom
// A counter's history in the activity view, on answers main's own computeHistory gave for a
// record on a fixed day (Wednesday 25 November 2026, Berlin), through the preload's checks:
// the ranges, the numbers and streak in words, "not recorded" before the record began.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import { computeHistory } from '../../../src-main/app/activity/history';
import { ActivityRecord } from '../../../src-main/app/activity/record';
import type { ActivityDetail } from '../../../src-shared/domain/activity';
import type { HistoryRange } from '../../../src-shared/domain/history';
import { firstDayOfWeek } from '../../../src-shared/time/week-start';
import type { AppState } from '../../../src-shared/ipc/contract';
import { IDS, appState, chooseRowAction, fakeApi } from '../fixtures';

afterEach(cleanup);

/** The catalog and the activity chunk load on first use: on a busy machine that outlasts the default second. */
const SLOW = { timeout: 10_000 };

const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);
const noon = (daysAgo: number) => NOW + HOUR - daysAgo * 24 * HOUR;

/** The record: begun 40 days ago; +1 a day by you on days 1–3 and 10–14 ago, +2 you and +1 others today, a −4 twenty days ago. */
function record(): ActivityRecord {
  const r = new ActivityRecord();
  r.compact(NOW - 40 * 24 * HOUR, ZONE);
  const own = (ago: number, amount: number) => r.append(IDS.coffee, { kind: 'own', at: noon(ago), amount, outcome: 'applied', sources: { popup: amount } }, ZONE);
  for (const ago of [14, 13, 12, 11, 10, 3, 2, 1]) own(ago, 1);
  own(20, -4);
  own(0, 2);
  r.append(IDS.coffee, { kind: 'others', at: noon(0) + 60_000, from: 4, to: 5 }, ZONE);
  return r;
}

function answer(range: HistoryRange, locale: string) {
  const r = record();
  return computeHistory({
    counterId: IDS.coffee,
    range,
    today: '2026-11-25',
    firstDayOfWeek: firstDayOfWeek(locale),
    firstRecorded: r.firstDay(NOW, ZONE),
    currentValue: 5,
    totalsBetween: (from, until, stepsOnly) => r.totalsBetween(IDS.coffee, from, until, ZONE, stepsOnly),
    streak: { refused: { increment: false, decrement: false }, goal: null },
  });
}

const detail: ActivityDetail = { counterId: IDS.coffee, today: { you: 2, others: 1 }, days: [], events: [] };

/** `held`: main's answer for that range waits until the test lets it go (through `release`). */
async function openHistory(state: AppState = appState({ activity: { today: { [IDS.coffee]: 3 }, undo: null } }), held?: { range: HistoryRange; release?: () => void }) {
  const fake = fakeApi(state, {
    'activity:detail': () => ({ ok: true, value: detail }),
    'activity:history': (request) => {
      const range = (request as { range: HistoryRange }).range;
      const result = { ok: true as const, value: answer(range, state.locale.formats) };
      if (range !== held?.range) return result;
      return new Promise((resolve) => (held.release = () => resolve(result)));
    },
  });
  render(<App api={fake.api} />);
  await screen.findByRole('list', { name: state.locale.language === 'de' ? 'Zähler' : 'Counters' }, SLOW);
  if (state.locale.language === 'de') await chooseRowAction('Coffees today', 'Verlauf', 'Aktionen für Coffees today');
  else await chooseRowAction('Coffees today', 'Activity');
  return fake;
}

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
    const fake = fakeApi(appState(), { 'activity:detail': () => ({ ok: true, value: { ...detail, counterId: IDS.movedIn } }) });
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    await chooseRowAction('Since we moved in', 'Activity');
    await screen.findByText('It moves with the calendar; changes to its date show here.');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(fake.calls('activity:history')).toEqual([]);
  });
});
