// Activity in Chromium, against the real controller, core and reference service: today's
// change on rows, the counter detail view (chart, events, keyboard, dark, 200 % zoom),
// undo from the popup button, Ctrl+Z, the tray menu and after a global shortcut, and the
// history of a year the record kept (ranges, numbers, streak, the heatmap by mouse and by
// keyboard, in English and German, light, dark and forced colours, axe, 200 % zoom).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { createActions } from '../../src-main/electron/actions';
import { yearOfActivity } from '../../dev-tools/support/activity-year';
import { clockRunningFrom } from '../../dev-tools/support/fake-clock';
import type { AppHarnessOptions } from '../../dev-tools/web/app-harness';
import { e2eFixtures } from '../../dev-tools/web/e2e-fixtures';
import { memoryFile } from '../../dev-tools/support/memory-file';
import { buildTrayMenu } from '../../src-main/desktop/tray-menu';
import { en } from '../../dev-tools/support/i18n';
import type { AppHarness } from '../../dev-tools/web/app-harness';
import { ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, SCREENSHOT_DIR, expect, rowOf, test, valueOf } from './support/test';
import { animationsSettled } from './support/settled';

const trayActions = (harness: AppHarness) =>
  createActions({ controller: harness.app.controller, openPopup: () => undefined, togglePopup: () => undefined, alert: () => undefined, quit: () => undefined });

test.describe('activity', () => {
  test("rows show today's change, yours and others' together", async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(rowOf(popup, 'Coffees today').getByTestId('today')).toHaveText('+2 today');
    await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment/1`);
    await expect(rowOf(popup, 'Coffees today').getByTestId('today')).toHaveText('+3 today');
    await expect(rowOf(popup, 'Since we moved in').getByTestId('today')).toHaveCount(0);
  });

  test('the detail view: reached by keyboard, chart and events, dark, 200 % zoom', async ({ popup, harness, shoot }) => {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(rowOf(popup, 'Coffees today').getByTestId('today')).toHaveText('+1 today');
    await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment/2`);
    await expect(rowOf(popup, 'Coffees today').getByTestId('today')).toHaveText('+3 today');
    // Keyboard only: the first row is selected; Enter opens its activity.
    await popup.getByLabel('Search counters').focus();
    await popup.keyboard.press('Enter');
    await expect(popup.getByRole('heading', { name: 'Coffees today' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Back' })).toBeFocused();
    await expect(popup.getByTestId('detail-today')).toHaveText('Today +3: you +1, others +2');
    // The record began with this run: the 13 days before today were not recorded, and the chart says so.
    const chart = popup.getByRole('img', { name: /^Daily change of Coffees today over the last 14 days: you \+1, others \+2; the value went from 3 to 6\. Days before .+ were not recorded\.$/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect.bar-you')).toHaveCount(1);
    await expect(chart.locator('rect.bar-others')).toHaveCount(1);
    const events = popup.getByRole('list', { name: 'Latest changes of Coffees today' }).getByRole('listitem');
    // en-US (the harness's OS language): the time of day on a 12-hour clock, as Intl says it.
    await expect(events).toHaveText([/^\d{1,2}:\d\d [AP]M others \+2$/, /^\d{1,2}:\d\d [AP]M you \+1 · popup$/]);
    // The chart's colours come from the theme: the bars change with it.
    const fill = () => chart.locator('rect.bar-you').evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).fill);
    const light = await fill();
    harness.app.setSystemDark(true);
    await expect(popup.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await fill()).not.toBe(light);
    harness.app.setSystemDark(false);
    await expect(popup.locator('html')).toHaveAttribute('data-theme', 'light');
    await shoot('detail');
    // 200 % zoom: the 360 px popup is 180 CSS px wide; nothing may scroll sideways.
    await popup.locator('html').evaluate((el) => void (el.style.zoom = '2'));
    await expect(popup.getByRole('button', { name: 'Edit Coffees today' })).toBeInViewport();
    for (const part of ['.detail-screen', '.detail-body']) {
      expect(await popup.locator(part).evaluate((el) => el.scrollWidth - el.clientWidth), part).toBeLessThanOrEqual(0);
    }
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeInViewport();
    await popup.screenshot({ path: join(SCREENSHOT_DIR, 'detail-zoom200.png'), animations: 'disabled', caret: 'hide' });
    await popup.locator('html').evaluate((el) => void (el.style.zoom = ''));
    await popup.keyboard.press('Escape');
    await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('undo', () => {
  test('from the popup button: the value and the server go back', async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect.poll(() => harness.service.getCounter(COUNTER.coffees)?.value).toBe(4);
    await popup.getByRole('button', { name: 'Undo +1 on Coffees today' }).click();
    await expect(valueOf(popup, 'Coffees today')).toHaveText('3');
    await expect.poll(() => harness.service.getCounter(COUNTER.coffees)?.value).toBe(3);
    await expect(popup.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  });

  test('with Ctrl+Z while the popup has focus', async ({ popup, harness }) => {
    await expect(popup.getByLabel('Search counters')).toBeFocused();
    await expect(valueOf(popup, 'Coffees today')).toHaveText('3');
    await popup.keyboard.press('+');
    await popup.keyboard.press('+');
    await expect(rowOf(popup, 'Coffees today').getByText('+2 ·')).toBeVisible();
    await popup.keyboard.press('Control+z');
    await expect(valueOf(popup, 'Coffees today')).toHaveText('3');
    await expect.poll(() => harness.service.getCounter(COUNTER.coffees)?.value).toBe(3);
  });

  test('from the tray menu item, after a click in the popup', async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
    const item = buildTrayMenu(harness.app.controller.getState(), en).find((i) => i.type === 'normal' && i.label === 'Undo +1 on Coffees today');
    expect(item?.type === 'normal' && item.action).toEqual({ kind: 'undo', counterId: COUNTER.coffees });
    if (item?.type === 'normal' && item.action) await trayActions(harness).tray(item.action);
    await expect(valueOf(popup, 'Coffees today')).toHaveText('3');
    await expect.poll(() => harness.service.getCounter(COUNTER.coffees)?.value).toBe(3);
  });

  test('after a global shortcut: offered in the popup and in the tray menu', async ({ popup, harness }) => {
    await trayActions(harness).shortcut({ kind: 'increment', counterId: COUNTER.coffees });
    await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
    expect(buildTrayMenu(harness.app.controller.getState(), en).some((i) => i.type === 'normal' && i.label === 'Undo +1 on Coffees today')).toBe(true);
    await popup.getByRole('button', { name: 'Undo +1 on Coffees today' }).click();
    await expect(valueOf(popup, 'Coffees today')).toHaveText('3');
    await expect.poll(() => harness.service.getCounter(COUNTER.coffees)?.value).toBe(3);
    await chooseRowAction(popup, 'Coffees today', 'Activity');
    const events = popup.getByRole('list', { name: 'Latest changes of Coffees today' }).getByRole('listitem');
    await expect(events.first()).toHaveText(/you (−1 · undo|\+1 · shortcut, undone before it was sent)$/);
  });

  test('refused on an OnlyUp counter, with the reason on hover and focus', async ({ popup, harness }) => {
    // The app learns "only up" from the server's refusal of a decrement.
    await harness.app.controller.dispatch('counter:decrement', { id: COUNTER.pushUps });
    await expect(popup.getByRole('button', { name: 'Decrease Push-ups this week' })).toHaveAttribute('aria-disabled', 'true');
    await popup.getByRole('button', { name: 'Increase Push-ups this week' }).click();
    const chip = rowOf(popup, 'Push-ups this week').getByText('+1 · can’t undo');
    await expect(chip).toBeVisible();
    // In the app's words (translated, and the same for every server), never the server's.
    await expect(chip).toHaveAttribute('title', 'Can’t undo: Push-ups this week only counts up.');
    await chip.focus();
    await expect(chip).toBeFocused();
    await expect(chip).toHaveAccessibleName('+1, can’t undo');
    await expect(chip).toHaveAccessibleDescription('Push-ups this week only counts up.');
    await popup.keyboard.press('Control+z');
    await expect(popup.locator('.notice')).toHaveText('Push-ups this week only counts up.');
    await expect.poll(() => harness.service.getCounter(COUNTER.pushUps)?.value).toBe(41);
  });
});

// ---- History: a year the record kept before this run, on a fixed day (main's clock and the page's). ----

/** Wednesday 25 November 2026, 10:00 UTC: "today" for main (a clock that runs from there) and for the page. */
const FIXED = Date.UTC(2026, 10, 25, 10, 0, 0);
const fixedClock = clockRunningFrom(FIXED);
/** The record began 300 days ago: the year's first weeks are not recorded. */
const RECORD = JSON.stringify(yearOfActivity({ counterIds: [COUNTER.coffees], now: FIXED, zone: 'UTC', since: 300 }).toFile());
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

function yearHarness(languages: string[], dark = false): AppHarnessOptions {
  const fixtures = e2eFixtures();
  return {
    fixtures: { ...fixtures, counters: fixtures.counters.map((c) => (c.id === COUNTER.coffees ? { ...c, name: 'Coffees', value: 812 } : c)) },
    dark,
    app: { clock: fixedClock, systemLanguages: languages, activityFiles: { forOwner: () => memoryFile(RECORD) } },
  };
}

async function axeClean(popup: Page, harness: AppHarness, label: string) {
  for (const dark of [false, true]) {
    harness.app.setSystemDark(dark);
    await expect(popup.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
    // At rest: mid-fade the range's selected segment is neither theme's colour (axe read it so once).
    await animationsSettled(popup);
    const { violations } = await new AxeBuilder({ page: popup }).withTags(AXE_TAGS).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label} (${dark ? 'dark' : 'light'})`).toEqual([]);
  }
}

test.describe('history in English', () => {
  test.use({ harnessOptions: yearHarness(['en-US']) });
  test.describe.configure({ timeout: 90_000 });

  test('ranges, numbers and streak follow the range; the year’s heatmap by mouse; axe clean in light and dark', async ({ popup, harness, shoot }) => {
    await popup.clock.setFixedTime(FIXED);
    await chooseRowAction(popup, 'Coffees', 'Activity');
    await expect(popup.getByText(/^All of this is what this computer saw: the service keeps no history\./)).toBeVisible();
    const chart = popup.getByRole('img', { name: /^Daily change of Coffees over the last 14 days: you \+\d+, others \+\d+; the value went from \d+ to 812\.$/ });
    await expect(chart).toBeVisible();
    const perDay = popup.locator('.history-numbers div').filter({ hasText: 'Per day' }).locator('dd');
    const fortnight = await perDay.textContent();
    await expect(popup.getByTestId('streak')).toHaveText(/^(Up \d+ days? in a row|No streak right now)( · Longest: \d+ days, to [A-Z][a-z]{2} \d+, 20\d\d)?$/);
    await shoot('history-14-days');
    await axeClean(popup, harness, '14 days');

    await popup.getByRole('radio', { name: '3 months' }).click();
    await expect(popup.getByRole('img', { name: /over the last 91 days/ })).toBeVisible();
    await expect(perDay).not.toHaveText(fortnight ?? '');

    await popup.getByRole('radio', { name: 'Year' }).click();
    const grid = popup.getByRole('grid', { name: 'Daily change of Coffees, last 52 weeks' });
    await expect(grid).toBeVisible();
    await expect(popup.getByText(/^Recorded since Jan 29, 2026\.$/)).toBeVisible();
    // en-US weeks start on Sunday: 51 whole weeks and Sunday to Wednesday of this one.
    await expect(grid.getByRole('gridcell')).toHaveCount(51 * 7 + 4);
    await expect(grid.locator('[data-date="2025-11-30"]')).toHaveAccessibleName('Sun, Nov 30, 2025: not recorded');
    const day = grid.locator('[data-date="2026-11-10"]');
    await day.hover();
    await expect(popup.getByTestId('heat-tooltip')).toHaveText(/^Tue, Nov 10, 2026: (no change|[+−]\d+ \(you [+−±]\d+, others [+−±]\d+\))$/);
    const hovered = await popup.getByTestId('heat-tooltip').textContent();
    await expect(day).toHaveAccessibleName(hovered ?? '');
    await day.click();
    await expect(day).toBeFocused();
    await expect(day).toHaveAttribute('tabindex', '0');
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await day.scrollIntoViewIfNeeded();
    await shoot('history-year');
    await axeClean(popup, harness, 'the year');
  });

  test('each shade has 3:1 against the page in light, dark and forced colours', async ({ popup, harness }) => {
    await popup.clock.setFixedTime(FIXED);
    await chooseRowAction(popup, 'Coffees', 'Activity');
    await popup.getByRole('radio', { name: 'Year' }).click();
    await expect(popup.getByRole('grid')).toBeVisible();
    const contrasts = () =>
      popup.locator('.heat-legend').evaluate((legend) => {
        const view = legend.ownerDocument.defaultView;
        const found: Record<string, { ratio: number; color: string }> = {};
        if (!view) return found;
        const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const luminance = (color: string) => {
          const [r = 0, g = 0, b = 0] = rgb(color).map((c) => c / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const ratio = (a: string, b: string) => (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);
        const page = view.getComputedStyle(legend.ownerDocument.body).backgroundColor;
        for (const cell of legend.querySelectorAll('.heat-cell')) {
          const style = view.getComputedStyle(cell);
          // A filled day shows its fill; a hollow one (no change, a decrease in forced colours) its inner outline.
          const filled = style.backgroundColor !== page && style.backgroundColor !== 'rgba(0, 0, 0, 0)';
          const color = filled ? style.backgroundColor : (style.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? '');
          found[cell.className.replace('heat-cell ', '')] = { ratio: Math.round(ratio(color, page) * 100) / 100, color };
        }
        return found;
      });
    for (const dark of [false, true]) {
      harness.app.setSystemDark(dark);
      await expect(popup.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
      const found = await contrasts();
      expect(Object.keys(found).sort()).toEqual(['lvl-0', 'lvl-down-3', 'lvl-none', 'lvl-up-1', 'lvl-up-2', 'lvl-up-3', 'lvl-up-4']);
      for (const [level, { ratio }] of Object.entries(found)) expect(ratio, `${level} (${dark ? 'dark' : 'light'})`).toBeGreaterThanOrEqual(3);
      // The four shades of an increase are four colours.
      expect(new Set(['lvl-up-1', 'lvl-up-2', 'lvl-up-3', 'lvl-up-4'].map((level) => found[level]?.color)).size).toBe(4);
    }
    await popup.emulateMedia({ forcedColors: 'active' });
    const forced = await contrasts();
    for (const [level, { ratio }] of Object.entries(forced)) expect(ratio, `${level} (forced colours)`).toBeGreaterThanOrEqual(3);
    // With two colours only, the size of a day tells its change.
    const sizes = await popup.locator('.heat-legend .heat-cell').evaluateAll((cells) => cells.map((cell) => cell.clientWidth));
    expect(sizes.slice(0, 4)).toEqual([...sizes.slice(0, 4)].sort((a, b) => a - b));
    expect(new Set(sizes.slice(0, 4)).size).toBe(4);
    await popup.screenshot({ path: join(SCREENSHOT_DIR, 'history-year-forced-colors.png'), animations: 'disabled', caret: 'hide' });
  });

  test('at 200 % zoom the year wraps into narrower bands: nothing scrolls sideways, every day a 24 px target', async ({ popup }) => {
    await popup.clock.setFixedTime(FIXED);
    await chooseRowAction(popup, 'Coffees', 'Activity');
    await popup.getByRole('radio', { name: 'Year' }).click();
    await expect(popup.getByRole('grid')).toBeVisible();
    await popup.setViewportSize({ width: 180, height: 240 });
    await expect.poll(() => popup.locator('.heat-band').first().locator('.heat-week').count()).toBeLessThanOrEqual(6);
    for (const part of ['html', '.detail-screen', '.detail-body']) {
      expect(await popup.locator(part).evaluate((el) => el.scrollWidth - el.clientWidth), part).toBeLessThanOrEqual(0);
    }
    const boxes = await popup.locator('[data-date="2026-11-17"], [data-date="2026-11-18"], [data-date="2026-11-24"]').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
    for (const box of boxes) expect([box.w, box.h]).toEqual([24, 24]);
    await popup.screenshot({ path: join(SCREENSHOT_DIR, 'history-year-zoom200.png'), animations: 'disabled', caret: 'hide' });
  });
});

test.describe('history in German', () => {
  test.use({ harnessOptions: yearHarness(['de-DE'], true) });
  test.describe.configure({ timeout: 90_000 });

  test('by keyboard alone: the range, then the heatmap day by day, each day read out; weeks from Monday; axe clean', async ({ popup, harness, shoot }) => {
    await popup.clock.setFixedTime(FIXED);
    await popup.getByLabel('Zähler suchen').focus();
    await popup.keyboard.press('Enter');
    await expect(popup.getByRole('heading', { name: 'Coffees' })).toBeVisible();
    const fortnight = popup.getByRole('radio', { name: '14 Tage' });
    for (let tab = 0; tab < 8 && !(await fortnight.evaluate((el) => el === el.ownerDocument.activeElement)); tab += 1) await popup.keyboard.press('Tab');
    await expect(fortnight).toBeFocused();
    await popup.keyboard.press('ArrowRight');
    await popup.keyboard.press('ArrowRight');
    await expect(popup.getByRole('radio', { name: 'Jahr' })).toBeChecked();
    const grid = popup.getByRole('grid', { name: 'Tägliche Änderung von Coffees, letzte 52 Wochen' });
    await expect(grid).toBeVisible();
    await expect(popup.getByText('Aufgezeichnet seit 29. Jan. 2026.')).toBeVisible();
    await popup.keyboard.press('Tab');
    const focused = popup.locator(':focus');
    await expect(focused).toHaveAccessibleName(/^Mi\., 25\. Nov\. 2026: /);
    const tooltip = popup.getByTestId('heat-tooltip');
    await expect(tooltip).toHaveText(/^Mi\., 25\. Nov\. 2026: /);
    const steps: [string, RegExp][] = [
      ['ArrowRight', /^Mi\., 25\. Nov\. 2026: /],
      ['ArrowLeft', /^Mi\., 18\. Nov\. 2026: /],
      ['ArrowUp', /^Di\., 17\. Nov\. 2026: /],
      ['Home', /^Mo\., 16\. Nov\. 2026: /],
      ['End', /^So\., 22\. Nov\. 2026: /],
      ['PageUp', /^So\., 25\. Okt\. 2026: /],
      ['ArrowDown', /^Mo\., 26\. Okt\. 2026: /],
      ['Control+Home', /^Mo\., 1\. Dez\. 2025: nicht aufgezeichnet$/],
      ['Control+End', /^Mi\., 25\. Nov\. 2026: /],
    ];
    for (const [key, name] of steps) {
      await popup.keyboard.press(key);
      await expect(focused, key).toHaveAccessibleName(name);
      await expect(tooltip, key).toHaveText(name);
    }
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await expect(grid.getByRole('gridcell').first()).toHaveAttribute('data-date', '2025-12-01');
    await shoot('history-year-de');
    await axeClean(popup, harness, 'das Jahr');
    // Escape leaves the grid and the screen, back to the counter's row.
    await popup.keyboard.press('Escape');
    await expect(rowOf(popup, 'Coffees')).toHaveAttribute('aria-current', 'true');
  });
});
