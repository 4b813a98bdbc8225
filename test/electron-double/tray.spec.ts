// The tray as the OS shows it, driven from the popup and from its menu (Linux: the
// AppIndicator delivers no icon clicks, so the menu is how the user opens the popup).
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, valueOf } from '../e2e/support/test';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { signIn, stepsOn } from '../../dev-tools/electron-double/flows';

test('a click on + in the popup moves the value on the server, in the popup and in the tray', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const tray = launch.electron.tray;
  await chooseRowAction(popup, 'Coffees today', 'Pin to the top');
  await expect.poll(() => tray.tooltip).toBe('Coffees today: 3');
  const iconBefore = tray.image?.digest();
  const logFrom = service.requestLog.length;

  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();

  await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(4);
  await expect.poll(() => tray.tooltip).toBe('Coffees today: 4');
  expect(tray.image?.digest(), 'the number drawn into the icon changed').not.toBe(iconBefore);
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toHaveLength(1);
});

test('the tray menu opens the popup; blurring hides it; Quit ends the app', async ({ machine, service }) => {
  const launch = await machine.launch();
  await signIn(launch, service);
  const { tray, window } = launch.electron;
  window.blur();
  expect(window.isVisible()).toBe(false);
  expect(tray.click(), 'a Linux tray with a menu shows the menu on activation and emits no click (electron/electron#37112)').toEqual({ clickEmitted: false, menuShown: true });
  expect(window.isVisible()).toBe(false);

  tray.clickMenuItem('Open Counter Tray');
  await expect.poll(() => window.isVisible()).toBe(true);

  tray.clickMenuItem('Quit Counter Tray');
  expect(await launch.exited).toBe(0);
  expect(tray.destroyed).toBe(true);
  expect(launch.electron.globalShortcut.registered.size).toBe(0);
});
