// A reminder under the Electron double: set on an earlier day for 00:00 UTC (so due at any hour of today), its daily goal
// not met, it shows once the counters are known, with Add, Snooze and Done; Linux shows no buttons, so its click opens the
// counter; the next launch does not show it again. Add itself reaches the service in test/main/desktop/reminders.test.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { en } from '../../dev-tools/support/i18n';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { ask, signIn } from '../../dev-tools/electron-double/flows';

const notices = (launch: { electron: { notifications: { title: string; body: string }[] } }) => launch.electron.notifications.map((n) => `${n.title}: ${n.body}`);
/** Set on an earlier day (as the edit page saves them) for 00:00 UTC every day: due at any hour of today. */
async function setReminders(machine: { userData: string }, ids: string[]): Promise<void> {
  const path = join(machine.userData, 'settings.json');
  const settings = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  const reminders = Object.fromEntries(ids.map((id) => [id, { time: '00:00', days: [1, 2, 3, 4, 5, 6, 7] }]));
  await writeFile(path, JSON.stringify({ ...settings, timezone: 'UTC', reminders }));
}
/** Main has the counters live and the goals read: a reminder due now has been judged. */
const judged = async (popup: Page) => {
  await expect.poll(async () => (await ask(popup, 'state:get', {})).value).toMatchObject({ extras: expect.anything(), core: { connection: { status: 'live' } } });
};

test('a reminder whose goal is not met shows once, its click opens the counter, and a relaunch does not show it again', async ({ machine, service }) => {
  const setup = await machine.launch();
  const popup = await signIn(setup, service);
  expect(await ask(popup, 'goal:set', { id: COUNTER.coffees, goal: { target: 5, period: 'day', count: 'all' } })).toMatchObject({ ok: true });
  await setup.quit();
  await setReminders(machine, [COUNTER.coffees]);

  const launch = await machine.launch(['--hidden']);
  await expect.poll(() => notices(launch)).toEqual([`Coffees today: ${en.t('goal.progress', { done: '0', target: '5', period: 'day' })}`]);
  const shown = launch.electron.notifications[0]!;
  expect(shown.options.actions?.map((a) => a.text)).toEqual(['Add 1', 'Snooze 15 min', 'Done for today']);
  expect(() => shown.action(0), 'Linux shows no notification buttons').toThrow(/Linux shows no notification actions/);
  shown.click();
  const opened = await launch.popup();
  await expect(opened.getByRole('main', { name: 'Coffees today' })).toBeVisible();
  await judged(opened);
  expect(notices(launch)).toHaveLength(1);
  await launch.quit();

  // Push-ups' reminder, new, shows in the same pass that would show Coffees' again.
  await setReminders(machine, [COUNTER.coffees, COUNTER.pushUps]);
  const again = await machine.launch(['--hidden']);
  await expect.poll(() => notices(again)).toEqual([`Push-ups this week: ${en.t('reminder.nothingYet')}`]);
  await judged(await again.popup());
  expect(notices(again), 'Coffees’ shown once a day, whatever the launches').toHaveLength(1);
});
