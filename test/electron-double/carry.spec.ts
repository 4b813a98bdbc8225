// Settings you can carry through the shipped build under the Electron double: arranged on one computer
// (groups, order, hidden, goals, a step, dark), exported through main's save dialog, imported on a
// fresh profile through main's open dialog: the list comes back as arranged; no path and no token
// crosses IPC or lands in the file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { DesktopMachine } from '../../dev-tools/electron-double/boot';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { ask, signIn } from '../../dev-tools/electron-double/flows';


/** What the list shows, in order: group headings and rows, and what this computer keeps about them. */
async function asArranged(popup: Page) {
  const state = (await ask(popup, 'state:get', {})).value as { organise: { groups: { name: string; counters: string[] }[]; order: string[]; hidden: string[]; sort: string }; extras: { goals: Record<string, { target: number; period: string; count: string }> }; settings: { steps: object; theme: string } };
  const shown = await popup.locator('.group-name, [id^="counter-0"]').evaluateAll((nodes) => nodes.map((n) => (n.id ? n.id : `group ${n.textContent ?? ''}`)));
  const { groups, order, hidden, sort } = state.organise;
  const goals = Object.fromEntries(Object.entries(state.extras.goals).map(([id, { target, period, count }]) => [id, { target, period, count }]));
  return { shown, groups: groups.map((g) => [g.name, g.counters]), order, hidden, sort, goals, steps: state.settings.steps, theme: state.settings.theme };
}

async function openBackup(popup: Page) {
  await popup.getByRole('button', { name: 'Settings' }).click();
  await popup.getByRole('heading', { name: 'Backup' }).click();
}

test('an export from one data folder, imported into a fresh one, reproduces the list as arranged', async ({ machine, service, browser }) => {
  const folder = mkdtempSync(join(tmpdir(), 'counter-tray-carry-'));
  const file = join(folder, 'my-settings.json');
  const fresh = new DesktopMachine(browser);
  try {
    const first = await machine.launch();
    const popup = await signIn(first, service);
    const group = (await ask(popup, 'group:create', { name: 'Morning' })).value as string;
    for (const request of [
      { id: COUNTER.pushUps, group, before: null },
      { id: COUNTER.coffees, group, before: COUNTER.pushUps },
      { id: COUNTER.movedIn, group: null, before: COUNTER.trip },
    ]) expect((await ask(popup, 'counter:place', request)).ok).toBe(true);
    expect((await ask(popup, 'counter:hide', { id: COUNTER.trip, hidden: true })).ok).toBe(true);
    expect((await ask(popup, 'goal:set', { id: COUNTER.coffees, goal: { target: 4, period: 'day', count: 'mine' } })).ok).toBe(true);
    expect((await ask(popup, 'settings:update', { steps: { [COUNTER.pushUps]: 10 }, theme: 'dark' })).ok).toBe(true);
    const arranged = await asArranged(popup);
    expect(arranged.shown).toEqual(['group Morning', `counter-${COUNTER.coffees}`, `counter-${COUNTER.pushUps}`, 'group Ungrouped', `counter-${COUNTER.movedIn}`]);

    await openBackup(popup);
    first.electron.dialog.expectSave({ match: /^Export Counter Tray settings$/, filePath: file });
    await popup.getByRole('button', { name: 'Export settings…' }).click();
    await expect(popup.getByTestId('carry-result')).toHaveText('Saved as my-settings.json.');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(ADA.token);
    expect(JSON.parse(text)).not.toHaveProperty('settings.allowLinks');
    expect(await first.quit()).toBe(0);

    const second = await fresh.launch();
    const other = await signIn(second, service);
    expect((await asArranged(other)).groups).toEqual([]);
    await openBackup(other);
    second.electron.dialog.expectOpen({ match: /^Import Counter Tray settings$/, filePaths: [file] });
    await other.getByRole('button', { name: 'Import settings…' }).click();
    const preview = other.getByRole('region', { name: 'Importing this file changes:' });
    await expect(preview.getByRole('listitem')).toHaveText(['1 group', 'the order', '1 hidden counter', '1 goal', '1 step', 'theme: Dark']);
    await preview.getByRole('button', { name: 'Apply' }).click();
    await expect(other.getByTestId('carry-result')).toContainText('Settings imported.');
    await other.getByRole('button', { name: 'Back' }).click();
    await expect(other.locator('.group-name')).toHaveText(['Morning', 'Ungrouped']);
    expect(await asArranged(other)).toEqual(arranged);

    expect(second.electron.dialog.opensShown).toEqual([expect.objectContaining({ title: 'Import Counter Tray settings', properties: ['openFile'], parent: false })]);
    for (const launch of [first, second]) for (const message of launch.electron.ipcMain.traffic) expect(message.json, 'the folder never crosses IPC').not.toContain(folder);
    expect(fresh.launches.flatMap((launch) => launch.electron.dialog.unexpected)).toEqual([]);
  } finally {
    await fresh.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
