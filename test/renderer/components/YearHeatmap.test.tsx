// @vitest-environment happy-dom
// The year's heatmap as a keyboard grid, on answers main's own computeHistory gave for a record on
// a fixed day (Wednesday 25 November 2026, Berlin), in English and German.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { nextDay, weeksPerBand } from '../../../src-renderer/components/YearHeatmap';
import type { HistoryRange } from '../../../src-shared/domain/history';
import { isoWeekday } from '../../../src-shared/time/week-start';
import { appState, IDS, openHistory, SLOW } from '../fixtures';

afterEach(cleanup);

describe('the year’s heatmap', () => {
  it('is a grid of 52 weeks from Sunday (en-US), one day in the tab order, each day saying its date and change', async () => {
    await openHistory();
    await screen.findByTestId('activity-chart', {}, SLOW);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Year' }));
    const grid = await screen.findByRole('grid', { name: 'Daily change of Coffees today, last 52 weeks' }, SLOW);
    const cells = within(grid).getAllByRole('gridcell');
    expect(cells).toHaveLength(51 * 7 + 4);
    expect(within(grid).getAllByRole('row')).toHaveLength(52);
    expect(isoWeekday(cells[0]?.getAttribute('data-date') ?? '')).toBe(7);
    expect(cells.filter((cell) => cell.tabIndex === 0).map((cell) => cell.getAttribute('aria-label'))).toEqual(['Wed, Nov 25, 2026: +3 (you +2, others +1)']);
    expect(cells.find((c) => c.getAttribute('data-date') === '2026-11-05')?.getAttribute('aria-label')).toBe('Thu, Nov 5, 2026: −4 (you −4, others ±0)');
    expect(cells.find((c) => c.getAttribute('data-date') === '2026-11-20')?.getAttribute('aria-label')).toBe('Fri, Nov 20, 2026: no change');
    expect(cells.find((c) => c.getAttribute('data-date') === '2026-10-01')?.getAttribute('aria-label')).toBe('Thu, Oct 1, 2026: not recorded');
    expect(cells.find((c) => c.getAttribute('data-date') === '2026-11-05')?.className).toBe('heat-cell lvl-down-4');
    expect(document.getElementById(grid.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^Coffees today, last 52 weeks: 41 days recorded, 10 with a change; you \+6, others \+1\./);
    expect(within(screen.getAllByRole('table').at(-1) as HTMLElement).getAllByRole('row')).toHaveLength(1 + 13);
    // The legend names what the shades mean, decreases and unrecorded days included (there are both).
    expect(document.querySelector('.heat-legend')?.textContent).toBe('LessMoreNo changeDecreaseNot recorded');
  });

  it('moves by keyboard (a day, a week, the week’s ends, four weeks, the year’s ends) and shows the focused day in the tooltip', async () => {
    await openHistory();
    await screen.findByTestId('activity-chart', {}, SLOW);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Year' }));
    const grid = await screen.findByRole('grid', {}, SLOW);
    const focused = () => document.activeElement?.getAttribute('data-date');
    const today = within(grid).getAllByRole('gridcell').find((c) => c.tabIndex === 0) as HTMLElement;
    act(() => today.focus());
    const press = (key: string, ctrlKey = false) => fireEvent.keyDown(document.activeElement as Element, { key, ctrlKey });
    expect(screen.getByTestId('heat-tooltip').textContent).toBe('Wed, Nov 25, 2026: +3 (you +2, others +1)');
    press('ArrowRight'); // no week after this one: stays
    expect(focused()).toBe('2026-11-25');
    press('ArrowLeft');
    expect(focused()).toBe('2026-11-18');
    press('ArrowUp');
    expect(focused()).toBe('2026-11-17');
    expect(screen.getByTestId('heat-tooltip').textContent).toBe('Tue, Nov 17, 2026: no change');
    press('Home');
    expect(focused()).toBe('2026-11-15'); // Sunday, the week's first day in en-US
    press('End');
    expect(focused()).toBe('2026-11-21');
    press('PageUp');
    expect(focused()).toBe('2026-10-24');
    press('ArrowDown');
    expect(focused()).toBe('2026-10-25');
    press('Home', true);
    expect(focused()).toBe('2025-11-30');
    press('End', true);
    expect(focused()).toBe('2026-11-25');
    // One day in the tab order, the one last focused.
    expect(within(grid).getAllByRole('gridcell').filter((c) => c.tabIndex === 0).map((c) => c.getAttribute('data-date'))).toEqual(['2026-11-25']);
    fireEvent.mouseEnter(within(grid).getAllByRole('gridcell')[0] as Element);
    expect(screen.getByTestId('heat-tooltip').textContent).toBe('Sun, Nov 30, 2025: not recorded');
  });

  it('answers the pointer and clicks on any day through the grid, and nothing but a day', async () => {
    await openHistory();
    await screen.findByTestId('activity-chart', {}, SLOW);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Year' }));
    const grid = await screen.findByRole('grid', {}, SLOW);
    const tooltip = screen.getByTestId('heat-tooltip');
    const hint = tooltip.textContent;
    const day = (date: string) => grid.querySelector(`[data-date="${date}"]`) as HTMLElement;
    // Labels beside the days (weekdays, months) are not days: the tooltip keeps its hint.
    fireEvent.mouseOver(grid.querySelector('.heat-weekdays span:last-child') as Element);
    fireEvent.mouseOver(grid.querySelector('.heat-week .heat-month') as Element);
    expect(tooltip.textContent).toBe(hint);
    fireEvent.mouseOver(day('2026-11-05'));
    expect(tooltip.textContent).toBe('Thu, Nov 5, 2026: −4 (you −4, others ±0)');
    fireEvent.mouseOver(day('2026-11-20'));
    expect(tooltip.textContent).toBe('Fri, Nov 20, 2026: no change');
    fireEvent.mouseLeave(grid);
    expect(tooltip.textContent).toBe(hint);
    // A click makes that day the focused one and the grid's one tab stop.
    fireEvent.click(day('2026-10-01'));
    expect(document.activeElement).toBe(day('2026-10-01'));
    expect(within(grid).getAllByRole('gridcell').filter((c) => c.tabIndex === 0).map((c) => c.getAttribute('data-date'))).toEqual(['2026-10-01']);
    expect(tooltip.textContent).toBe('Thu, Oct 1, 2026: not recorded');
    // Focus arriving by other means (a screen reader's cursor) moves the tab stop as well.
    act(() => day('2026-11-18').focus());
    expect(within(grid).getAllByRole('gridcell').filter((c) => c.tabIndex === 0).map((c) => c.getAttribute('data-date'))).toEqual(['2026-11-18']);
    expect(tooltip.textContent).toMatch(/^Wed, Nov 18, 2026: /);
  });

  it('in German: weeks from Monday, German words, numbers and dates', async () => {
    await openHistory(appState({ locale: { language: 'de', formats: 'de-DE', system: 'de' }, activity: { today: { [IDS.coffee]: 3 }, undo: null } }));
    await screen.findByTestId('activity-chart', {}, SLOW);
    const numbers = Object.fromEntries([...document.querySelectorAll('.history-numbers div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
    expect(numbers['Pro Tag']).toBe('+0,7');
    expect(numbers['Bester Tag']).toBe('+3 am 25. Nov. 2026');
    expect(screen.getByTestId('streak').textContent).toBe('4 Tage in Folge gestiegen · Längste Serie: 5 Tage, bis 15. Nov. 2026');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Jahr' }));
    const grid = await screen.findByRole('grid', { name: 'Tägliche Änderung von Coffees today, letzte 52 Wochen' }, SLOW);
    const cells = within(grid).getAllByRole('gridcell');
    expect(isoWeekday(cells[0]?.getAttribute('data-date') ?? '')).toBe(1);
    expect(cells.at(-1)?.getAttribute('aria-label')).toBe('Mi., 25. Nov. 2026: +3 (du +2, andere +1)');
    expect([...document.querySelectorAll('.heat-weekdays')][0]?.textContent).toBe('MoDiMiDoFrSaSo');
  });

  it('is drawn in the turn main’s answer arrives, not in a scheduler task after a frame of the old range', async () => {
    const held: { range: HistoryRange; release?: () => void } = { range: 'year' };
    await openHistory(undefined, held);
    await screen.findByTestId('activity-chart', {}, SLOW);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Year' }));
    await waitFor(() => expect(held.release).toBeDefined());
    held.release?.();
    // Microtasks only (the preload's check, the bridge's await, the effect's then): no task, so no frame, in between.
    for (let hop = 0; hop < 50; hop += 1) await Promise.resolve();
    expect(document.querySelectorAll('[role="grid"] [role="gridcell"]')).toHaveLength(51 * 7 + 4);
    expect(screen.queryByTestId('activity-chart')).toBeNull();
  });

  it('lays weeks out in bands as wide as the popup, and keys it does not know pass through', () => {
    expect(weeksPerBand(336, 52)).toBe(13);
    expect(weeksPerBand(320, 52)).toBe(11);
    expect(weeksPerBand(156, 52)).toBe(5);
    expect(nextDay('Escape', false, 10, 300)).toBeNull();
    expect(nextDay('a', false, 10, 300)).toBeNull();
  });
});
