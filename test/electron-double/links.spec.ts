// counter-tray:// links delivered as the OS delivers them on Linux and Windows (a second
// launch's argv): refused while links are off, one increment of 5 once the user allowed them in
// main's own dialog, and the notice's click opening the counter where the undo chip is.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { en } from '../../dev-tools/support/i18n';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { ask, signIn, stepsOn } from '../../dev-tools/electron-double/flows';

const LINK = 'counter-tray://increment?counter=Coffees%20today&by=5';
/**
 * The switch shows at once; main has said yes once its own state has it (the file is written first,
 * so a link sent when only the file had it was refused under load) and its settings file keeps it.
 */
async function linksAllowed(machine: { userData: string }, popup: Page): Promise<void> {
  await expect.poll(async () => (await ask<{ settings: { allowLinks: boolean } }>(popup, 'state:get', {})).value?.settings.allowLinks).toBe(true);
  expect(JSON.parse(await readFile(join(machine.userData, 'settings.json'), 'utf8')).allowLinks).toBe(true);
}
const notices = (launch: { electron: { notifications: { title: string; body: string }[] } }) => launch.electron.notifications.map((n) => `${n.title}: ${n.body}`);

test('a link while links are off changes nothing and says why; allowed in Settings, the same link sends one increment of 5', async ({ machine, service }) => {
  const launch = await machine.launch();
  // Linux: the package's desktop entry declares the scheme (electron-builder.yml); no xdg-settings run at launch.
  expect(launch.app.protocolClients).toEqual(process.platform === 'linux' ? [] : [{ protocol: 'counter-tray', path: process.execPath, args: [], registered: true }]);
  const popup = await signIn(launch, service);
  const logFrom = service.requestLog.length;

  const refused = await machine.launch([LINK]);
  expect(await refused.exited, 'the second instance quits').toBe(0);
  await expect.poll(() => notices(launch)).toEqual([`${en.t('link.notFollowed')}: ${en.t('link.off')}`]);
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toEqual([]);
  expect(service.getCounter(COUNTER.coffees)?.value).toBe(3);
  // A command-line flag smuggled in beside the link is not a command line: it does not reach the
  // running app's channel (which would move Cookies left with links off).
  const smuggled = await machine.launch(['--increment', 'Cookies left', LINK]);
  expect(await smuggled.exited, 'handed over as a link, not asked as a command line').toBe(0);
  await expect.poll(() => notices(launch)).toHaveLength(2);
  expect(notices(launch).at(-1)).toBe(`${en.t('link.notFollowed')}: ${en.t('link.off')}`);
  expect(service.requestLog.slice(logFrom).filter((entry) => entry.method === 'POST')).toEqual([]);

  // The popup's toggle only asks: main's own dialog decides.
  await popup.getByRole('button', { name: 'Settings' }).click();
  await popup.locator('summary', { hasText: en.t('settings.shortcuts') }).click();
  launch.electron.dialog.expect({ match: /^Allow links to change your counters\?\n/, click: en.t('dialog.allowLinksConfirm') });
  await popup.getByRole('switch', { name: en.t('settings.allowLinks') }).click();
  await expect(popup.getByRole('switch', { name: en.t('settings.allowLinks') })).toBeChecked();
  expect(launch.electron.dialog.pendingExpectations()).toEqual([]);
  await linksAllowed(machine, popup);
  launch.electron.window.blur();

  await machine.launch([LINK]);
  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(8);
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom).map((entry) => entry.path)).toEqual([`/v2/counters/${COUNTER.coffees}/increment/5`]);
  await expect.poll(() => notices(launch).at(-1)).toBe('Coffees today: +5 by a link');

  // Linux shows no notification buttons: the click opens the counter, where the undo chip is.
  launch.electron.notifications.at(-1)?.click();
  const detail = popup.getByRole('main', { name: 'Coffees today' });
  await expect(detail.getByRole('button', { name: /Undo/ })).toBeVisible();
});

test('a link that starts the app is followed once the counters are known', async ({ machine, service }) => {
  const setup = await machine.launch();
  const popup = await signIn(setup, service);
  await popup.getByRole('button', { name: 'Settings' }).click();
  await popup.locator('summary', { hasText: en.t('settings.shortcuts') }).click();
  setup.electron.dialog.expect({ match: /^Allow links to change your counters\?\n/, click: en.t('dialog.allowLinksConfirm') });
  await popup.getByRole('switch', { name: en.t('settings.allowLinks') }).click();
  await linksAllowed(machine, popup);
  await setup.quit();
  const logFrom = service.requestLog.length;

  const launch = await machine.launch(['--increment', 'Cookies left', LINK]);

  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value, { timeout: 10_000 }).toBe(8);
  await expect.poll(() => notices(launch)).toEqual(['Coffees today: +5 by a link']);
  // The flag beside the link was not followed: a web page must not smuggle one in.
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toHaveLength(1);
  expect(service.requestLog.slice(logFrom).filter((entry) => entry.method === 'POST')).toHaveLength(1);
});

test('declining main’s dialog leaves links off, whatever the popup asked', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  await popup.getByRole('button', { name: 'Settings' }).click();
  await popup.locator('summary', { hasText: en.t('settings.shortcuts') }).click();
  launch.electron.dialog.expect({ match: /^Allow links to change your counters\?\n/, click: 'cancel' });
  await popup.getByRole('switch', { name: en.t('settings.allowLinks') }).click();
  await expect(popup.getByRole('alert')).toHaveText(en.t('error.declinedLinks'));
  await expect(popup.getByRole('switch', { name: en.t('settings.allowLinks') })).not.toBeChecked();
  const logFrom = service.requestLog.length;
  await machine.launch([LINK]);
  await expect.poll(() => notices(launch)).toEqual([`${en.t('link.notFollowed')}: ${en.t('link.off')}`]);
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toEqual([]);
});
