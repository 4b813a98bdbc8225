// The list's screens under axe with the WCAG 2.2 AA tags (target-size among them) and best
// practice, light and dark, and at 200 % zoom (axe there too, not only the reach check): a
// 300-counter list, clicks held by a 429, the row menu open, an update ready, German.
import type { Page } from '@playwright/test';
import { translator } from '../../dev-tools/support/i18n';
import type { AppHarness } from '../../dev-tools/web/app-harness';
import { updatesStandIn } from '../../dev-tools/web/updates-stand-in';
import { expectAxeClean, sweep, POPUP, ZOOMED } from './support/sweep';
import { expect, rowOf, test } from './support/test';
import { manyCounters } from './support/many';

test.describe.configure({ timeout: 120_000 });

/** axe and reach as sweep() does, and axe once more at 200 % zoom. */
async function sweepBothSizes(popup: Page, harness: AppHarness, screen: string) {
  await sweep(popup, harness, screen);
  await popup.setViewportSize(ZOOMED);
  try {
    await expectAxeClean(popup, harness, `${screen} at 200 %`);
  } finally {
    await popup.setViewportSize(POPUP);
  }
}

test.describe('300 counters', () => {
  test.use({ harnessOptions: { fixtures: manyCounters(300) } });
  test('the list, a row selected by the keyboard, its menu open', async ({ popup, harness }) => {
    await expect(rowOf(popup, 'Counter number 0')).toBeVisible();
    await sweepBothSizes(popup, harness, 'list, 300 counters');
    await popup.keyboard.press('ArrowDown');
    // The sweep scrolled the list to its end: the row the arrow chose is scrolled back and rendered a
    // moment later, and Shift+F10 opens the menu of a row that is on screen (a loaded CI machine pressed it first).
    await expect(popup.locator('li.counter.active')).toBeInViewport();
    await popup.keyboard.press('Shift+F10');
    await expect(popup.getByRole('menu')).toBeVisible();
    await expectAxeClean(popup, harness, 'list, row menu open');
  });
});

test.describe('clicks held by a 429', () => {
  test.use({ harnessOptions: { front: true } });
  test('the slowed-down status and the waiting row', async ({ popup, harness }) => {
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    // Long enough for both sweeps: the held state must last while axe runs.
    harness.front!.add({ method: 'POST', path: /\/increment\//, action: { kind: 'answerInstead', status: 429, headers: { 'Retry-After': '30' }, body: '{"message":"Too many requests","code":-1}' } });
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(popup.locator('.status-line')).toHaveAttribute('data-state', 'slowed');
    await expect(rowOf(popup, 'Coffees today').getByTestId('waiting')).toBeVisible();
    await sweepBothSizes(popup, harness, 'list, 429');
    harness.front!.clear();
  });
});

test.describe('an update is ready', () => {
  const ready = updatesStandIn(Date.now(), { source: 'self', status: { kind: 'ready', version: '0.3.0' }, nextCheckAt: null, whatsNew: null });
  test.use({ harnessOptions: { app: { updates: ready } } });
  test('the update line', async ({ popup, harness }) => {
    await expect(popup.getByTestId('update-line')).toBeVisible();
    await sweepBothSizes(popup, harness, 'list, update ready');
  });
});

test.describe('in German', () => {
  const de = translator('de', 'de-DE');
  test.use({ harnessOptions: { app: { systemLanguages: ['de-DE'] } } });
  test('the list with a row menu open, at both sizes', async ({ popup, harness }) => {
    await expect(rowOf(popup, 'Coffees today')).toBeVisible();
    await expect(popup.locator('html')).toHaveAttribute('lang', 'de');
    await sweepBothSizes(popup, harness, 'de: list');
    await popup.getByRole('button', { name: de.t('row.actions', { name: 'Coffees today' }) }).click();
    await expect(popup.getByRole('menu', { name: de.t('row.actions', { name: 'Coffees today' }) })).toBeVisible();
    await expectAxeClean(popup, harness, 'de: row menu open');
  });
});
