// The shipped build (dist/main/main.js + preload.cjs + dist/renderer) under the Electron
// double, against the reference service: first launch to the list, and a click.
import { rowOf } from '../e2e/support/test';
import { ADA } from '../../dev-tools/web/e2e-fixtures';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { expectChangeServer, fillServer } from '../../dev-tools/electron-double/flows';

test('first launch shows onboarding; connecting shows the list', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await launch.popup();
  await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  expect(launch.electron.window.isVisible()).toBe(true);
  await expect(popup.getByLabel('Server'), 'the default server waits under Advanced').toBeHidden();
  await fillServer(popup, service.url);
  await popup.getByLabel('API token').fill(ADA.token);
  expectChangeServer(launch, service);
  await popup.getByRole('button', { name: 'Connect' }).click();
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  expect(launch.electron.dialog.shown.map((box) => box.message), 'main asked once before sending the token to a new server').toEqual([`Send your API token to ${new URL(service.url).origin}?`]);
});

test("the popup follows the OS's dark mode through nativeTheme", async ({ machine }) => {
  const launch = await machine.launch();
  const popup = await launch.popup();
  const html = popup.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  launch.electron.nativeTheme.setSystemDark(true);
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(launch.electron.nativeTheme.themeSource, "main set the user's choice: follow the system").toBe('system');
});

test('the popup opens at 360×480, the size the README and its screenshots show', async ({ machine }) => {
  const launch = await machine.launch();
  const popup = await launch.popup();
  await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  expect(launch.electron.window.getSize(), 'the window main asked for').toEqual([360, 480]);
  // The page lays out in the window's size (a frameless window: content = window).
  expect(await popup.evaluate('[innerWidth, innerHeight]')).toEqual([360, 480]);
});
