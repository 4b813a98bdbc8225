// The mini window's view (the popup's page at #mini, as main opens it) and the list's two window buttons:
// the pinned counters only, − and + by keyboard, today's change, Esc closes, axe in light and dark.
import type { Page } from '@playwright/test';
import { ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { expectAxeClean } from './support/sweep';
import { expect, rowOf, test, valueOf } from './support/test';

/** As main opens it: the same page, at #mini, at the mini window's size. */
export async function openMini(popup: Page): Promise<void> {
  const url = popup.url().replace(/#.*$/, '');
  await popup.goto('about:blank');
  await popup.setViewportSize({ width: 328, height: 184 });
  await popup.goto(`${url}#mini`);
}

test('the mini view shows the pinned counters only, in pinned order, and steps them by keyboard; Esc asks main to close it', async ({ popup, harness, bridge }) => {
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  expect((await harness.app.dispatch('settings:update', { pinned: [COUNTER.pushUps, COUNTER.coffees] })).ok).toBe(true);
  await openMini(popup);

  const list = popup.getByRole('list', { name: 'Pinned counters' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-label', /^Push-ups this week/);
  await expect(rowOf(popup, 'Until the trip')).toHaveCount(0);
  await expect(popup.getByRole('button', { name: /^Actions for/ })).toBeHidden();

  // Tab reaches the first row's − and +; ↓ takes focus to the next row, + there moves Coffees.
  await popup.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Decrease Push-ups this week' })).toBeFocused();
  await popup.keyboard.press('ArrowDown');
  await expect(popup.getByRole('button', { name: 'Decrease Coffees today' })).toBeFocused();
  await popup.keyboard.press('Tab');
  await popup.keyboard.press('Enter');
  await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
  await expect(rowOf(popup, 'Coffees today').getByTestId('today')).toHaveText('+1 today');
  // Another member's change reaches it as it reaches the popup.
  const response = await fetch(new URL(`/v2/counters/${COUNTER.coffees}/increment/2`, harness.service.url), { method: 'POST', headers: { Authorization: `Bearer ${ALAN.token}` } });
  expect(response.status).toBe(200);
  await expect(valueOf(popup, 'Coffees today')).toHaveText('6');

  expect(bridge.invokes).not.toContain('window:mini');
  await popup.keyboard.press('Escape');
  await expect.poll(() => bridge.invokes.filter((channel) => channel === 'window:mini')).toEqual(['window:mini']);
});

test('with nothing pinned it says how to fill it; axe is clean in light and dark, with rows and without', async ({ popup, harness }) => {
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  await openMini(popup);
  await expect(popup.getByText('Pin counters in the list to keep them here.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Close the small window' })).toBeVisible();
  await expectAxeClean(popup, harness, 'mini window, nothing pinned');
  expect((await harness.app.dispatch('settings:update', { pinned: [COUNTER.coffees, COUNTER.trip] })).ok).toBe(true);
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  await expectAxeClean(popup, harness, 'mini window');
});

test("the list's pin keeps the popup open (pressed while main holds it), and Keep on top asks main for the mini window", async ({ popup, harness, bridge }) => {
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  const pin = popup.getByRole('button', { name: 'Keep open' });
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  expect(harness.app.controller.getState().keepOpen).toBe(true);
  // Main's state, not the button's: Settings and back, still pressed.
  await popup.getByRole('button', { name: 'Settings' }).click();
  await popup.getByRole('button', { name: 'Back' }).click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'false');

  await popup.getByRole('button', { name: 'Keep on top' }).click();
  await expect.poll(() => bridge.invokes.includes('window:mini')).toBe(true);
});
