// Activity in Chromium, against the real controller, core and reference service: today's
// change on rows, the counter detail view (chart, events, keyboard, dark, 200 % zoom),
// and undo from the popup button, Ctrl+Z, the tray menu and after a global shortcut.
import { join } from 'node:path';
import { createActions } from '../../src-main/electron/actions';
import { buildTrayMenu } from '../../src-main/desktop/tray-menu';
import { en } from '../../dev-tools/support/i18n';
import type { AppHarness } from '../../dev-tools/web/app-harness';
import { ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, SCREENSHOT_DIR, expect, rowOf, test, valueOf } from './support/test';

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
    const chart = popup.getByRole('img', { name: /^Daily change of Coffees today over the last 14 days: you \+1, others \+2; the value went from 3 to 6\.$/ });
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
