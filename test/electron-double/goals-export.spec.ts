// Goals and export through the shipped build under the Electron double: a goal set on the edit page
// is announced once as an OS notification (main.ts wires the controller's announcements into
// the notifier), and an export goes through main's own save dialog (dialog.showSaveDialog):
// the popup's request names no path, main writes the file where the user chose.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, rowOf } from '../e2e/support/test';
import { readCsv } from '../main/app/export/csv-reader';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { signIn } from '../../dev-tools/electron-double/flows';

test('a goal reached from the popup is one OS notification; a click opens the counter', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  await chooseRowAction(popup, 'Coffees today', 'Edit…');
  await popup.getByLabel('Goal: how many').fill('2');
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(rowOf(popup, 'Coffees today').getByTestId('goal')).toHaveText('0 / 2 today');
  for (const expected of ['1 / 2 today', '2 / 2 today']) {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(rowOf(popup, 'Coffees today').getByTestId('goal')).toHaveText(expected);
  }
  await expect.poll(() => launch.electron.notifications.map((n) => `${n.title}|${n.body}`)).toEqual(['Coffees today|Goal reached: 2 / 2 today']);
  // One more step this period: no second notification.
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  await expect(rowOf(popup, 'Coffees today').getByTestId('goal')).toHaveText('3 / 2 today');
  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(6);
  expect(launch.electron.notifications).toHaveLength(1);
  await expect(popup.locator('#counter-' + COUNTER.coffees)).toHaveAttribute('aria-label', /goal 3 \/ 2 today, reached/);
  launch.electron.window.blur();
  await expect.poll(() => launch.electron.window.isVisible()).toBe(false);
  launch.electron.notifications[0]?.click();
  await expect.poll(() => launch.electron.window.isVisible()).toBe(true);
  await expect(popup.getByRole('main', { name: 'Coffees today' }).getByRole('heading', { name: 'Coffees today' })).toBeVisible();
});

test('export: the popup asks, main shows its save dialog and writes the CSV where the user chose; no path crosses IPC', async ({ machine, service }) => {
  const folder = mkdtempSync(join(tmpdir(), 'counter-tray-export-'));
  try {
    const launch = await machine.launch();
    const popup = await signIn(launch, service);
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(rowOf(popup, 'Coffees today').getByTestId('today')).toHaveText('+1 today');
    await popup.getByRole('button', { name: 'Settings' }).click();
    await popup.getByRole('button', { name: 'Export activity…' }).click();
    const target = join(folder, 'my-coffees.csv');
    launch.electron.dialog.expectSave({ match: /^Export the activity of all counters$/, filePath: target });
    await popup.getByRole('button', { name: 'Save as CSV…' }).click();
    await expect(popup.getByTestId('export-result')).toHaveText('Saved 1 line as my-coffees.csv.');

    expect(launch.electron.dialog.savesShown).toEqual([
      expect.objectContaining({ title: 'Export the activity of all counters', defaultPath: expect.stringMatching(/^counter-tray-activity-\d{4}-\d{2}-\d{2}\.csv$/), properties: ['createDirectory', 'showOverwriteConfirmation'], parent: false }),
    ]);
    const rows = readCsv(readFileSync(target, 'utf8'));
    expect(rows.map((r) => r.slice(2, 8))).toEqual([
      ['counter', 'counter_type', 'event', 'by', 'change', 'from'],
      ['Coffees today', 'UpDown', 'change', 'you', '1', ''],
    ]);
    const exportTraffic = launch.electron.ipcMain.traffic.filter((m) => m.json.includes('activity:export') || m.json.includes('my-coffees'));
    expect(exportTraffic.length).toBeGreaterThan(0);
    for (const message of exportTraffic) expect(message.json, 'the folder never crosses IPC').not.toContain(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
