// Launch modes and profile states the shipped main.ts handles: the demo, a corrupt
// settings file, and a desktop without a keyring.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rowOf } from '../e2e/support/test';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { signIn } from '../../dev-tools/electron-double/flows';

test('`--demo` starts the reference service inside main and shows its counters; no token is stored', async ({ machine }) => {
  const launch = await machine.launch(['--demo']);
  const popup = await launch.popup();
  await expect(rowOf(popup, 'Cookies left')).toBeVisible();
  await expect(popup.locator('.connection')).toContainText('demo server');
  expect(launch.electron.window.isVisible()).toBe(true);
  await launch.quit();
  expect(existsSync(join(machine.userData, 'token.json'))).toBe(false);
});

test('a settings file that is not JSON is kept as a backup, reset, and the user is told once', async ({ machine }) => {
  mkdirSync(machine.userData, { recursive: true });
  writeFileSync(join(machine.userData, 'settings.json'), '{ not json');

  const launch = await machine.launch();

  await expect.poll(() => launch.electron.notifications.map((n) => n.title)).toEqual(['Counter Tray settings were reset']);
  expect(readdirSync(machine.userData).filter((name) => /^settings\.json\.corrupt-.*\.bak$/.test(name))).toHaveLength(1);
  await expect((await launch.popup()).getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
});

test('without a keyring (basic_text) the token stays in memory: the next launch asks again', async ({ machine, service }) => {
  const first = await machine.launch([], { storageBackend: 'basic_text' });
  await signIn(first, service);
  expect(existsSync(join(machine.userData, 'token.json')), 'nothing written with a built-in key').toBe(false);
  await first.quit();

  const second = await machine.launch([], { storageBackend: 'basic_text' });
  await expect((await second.popup()).getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
});
