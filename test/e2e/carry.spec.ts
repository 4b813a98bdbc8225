// Settings → Backup in the built popup on the real controller, core and service: an export lands where
// main's save dialog put it; an import shows what it changes before anything does (axe-clean in light
// and dark), applies, and one Undo puts back exactly what was there; a hostile file changes nothing.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { expectAxeClean } from './support/sweep';
import { expect, test } from './support/test';

async function openBackup(popup: Page) {
  await popup.getByRole('button', { name: 'Settings' }).click();
  await popup.getByRole('heading', { name: 'Backup' }).click();
  await expect(popup.getByRole('button', { name: 'Import settings…' })).toBeVisible();
}

test('export, then an import previewed, applied and undone; a hostile file changes nothing', async ({ popup, harness }) => {
  const state = () => harness.app.controller.getState();
  const arranged = () => ({ settings: state().settings, organise: { ...state().organise, changedAt: {} }, goals: state().extras?.goals });
  await openBackup(popup);
  await popup.getByRole('button', { name: 'Export settings…' }).click();
  await expect(popup.getByTestId('carry-result')).toHaveText('Saved as counter-tray-settings.json.');
  const exported = JSON.parse(readFileSync(harness.exports.written[0]!, 'utf8')) as { settings: Record<string, unknown>; organise: Record<string, unknown>; goals: Record<string, unknown> };

  // The same file as another computer would have it: a group, a goal, dark.
  exported.organise.groups = [{ id: 'g1', name: 'Morning', folded: false, counters: [COUNTER.coffees] }];
  exported.goals = { [COUNTER.coffees]: { target: 4, period: 'day', count: 'all' } };
  exported.settings.theme = 'dark';
  const before = arranged();
  harness.imports.pickNext(JSON.stringify(exported));
  await popup.getByRole('button', { name: 'Import settings…' }).click();
  const preview = popup.getByRole('region', { name: 'Importing this file changes:' });
  await expect(preview.getByRole('listitem')).toHaveText(['1 group', '1 goal', 'theme: Dark']);
  expect(arranged(), 'a preview changes nothing').toEqual(before);
  await expectAxeClean(popup, harness, 'settings, import preview');

  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(popup.getByTestId('carry-result')).toContainText('Settings imported.');
  await expect(popup.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(state().organise?.groups.map((g) => g.name)).toEqual(['Morning']);
  expect(state().extras?.goals[COUNTER.coffees]).toMatchObject({ target: 4 });

  await popup.getByRole('button', { name: 'Undo' }).click();
  await expect(popup.getByTestId('carry-result')).toHaveText('Import undone: everything is as before.');
  await expect(popup.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(arranged()).toEqual(before);
  await expect(popup.getByRole('button', { name: 'Undo' })).toHaveCount(0);

  harness.imports.pickNext(JSON.stringify({ ...exported, token: 'ct_live_0123456789abcdef' }));
  await popup.getByRole('button', { name: 'Import settings…' }).click();
  await expect(popup.getByTestId('carry-result')).toHaveText('Not imported: the file holds “token”, which is never imported.');
  await expect(popup.getByTestId('carry-result')).toHaveAttribute('aria-live', 'assertive');
  await expect(preview).toHaveCount(0);
  expect(arranged()).toEqual(before);
});
