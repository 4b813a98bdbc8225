// The tray as the OS shows it, driven from the popup and from its menu (Linux: the
// AppIndicator delivers no icon clicks, so the menu is how the user opens the popup).
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, valueOf } from '../e2e/support/test';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { signIn, stepsOn } from '../../dev-tools/electron-double/flows';
import type { NativeImageDouble } from '../../dev-tools/electron-double/double/tray';
import { freeOfBadgeAndDot, markAgreement, pixelAt, tileInteriorClear } from '../support/tray-pixels';

/** The tray's current image as the pixels the panel gets. */
const bitmapOf = (image: NativeImageDouble | undefined) => ({ width: image?.size.width ?? 0, height: image?.size.height ?? 0, bgra: new Uint8Array(image?.bitmap ?? []) });

test('a click on + in the popup moves the value on the server, in the popup and in the tray', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const tray = launch.electron.tray;
  await chooseRowAction(popup, 'Coffees today', 'Pin to the top');
  await expect.poll(() => tray.tooltip).toBe('Counter Tray — Coffees today: 3');
  const iconBefore = tray.image?.digest();
  const logFrom = service.requestLog.length;

  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();

  await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(4);
  // Today's change from the activity record, as the popup's row says it.
  await expect.poll(() => tray.tooltip).toBe('Counter Tray — Coffees today: 4 (+1 today)');
  expect(tray.image?.digest(), 'the number in the badge changed').not.toBe(iconBefore);
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toHaveLength(1);
  // Linux: a colour image (nothing tints a template there), the app's mark beside the badge.
  const image = tray.image;
  expect(image?.isTemplateImage()).toBe(false);
  const bitmap = bitmapOf(image);
  expect(markAgreement(bitmap, false, freeOfBadgeAndDot(bitmap.width))).toBeGreaterThanOrEqual(0.88);
});

test('the tray says offline with a hollow mark while the server is away, and a rejected token with a dot', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const { tray } = launch.electron;
  await chooseRowAction(popup, 'Push-ups this week', 'Pin to the top');
  await expect.poll(() => tray.tooltip).toBe('Counter Tray — Push-ups this week: 40');
  const live = bitmapOf(tray.image);
  expect(tileInteriorClear(live, freeOfBadgeAndDot(live.width)), 'solid while live').toBeLessThan(0.2);

  await service.suspend();
  await expect.poll(() => tray.tooltip).toMatch(/^Counter Tray — Push-ups this week: 40 · (offline|connecting…)$/);
  const away = bitmapOf(tray.image);
  expect(tileInteriorClear(away, freeOfBadgeAndDot(away.width)), 'hollow while away').toBeGreaterThanOrEqual(0.8);
  await service.resume();
  await expect.poll(() => tray.tooltip, { timeout: 30_000 }).toBe('Counter Tray — Push-ups this week: 40');

  // The token is revoked: nothing syncs until the user signs in again, which the icon says with a red dot.
  service.revokeToken(ADA.token);
  await expect.poll(() => tray.tooltip, { timeout: 30_000 }).toBe('Counter Tray — Push-ups this week: 40 · token rejected');
  const rejected = bitmapOf(tray.image);
  const corner = Array.from({ length: 4 }, (_, k) => pixelAt(rejected, rejected.width - 3 - (k % 2), 2 + Math.floor(k / 2)));
  expect(corner.every((p) => p.a > 200 && p.r > 180 && p.g < 100), 'a red dot in the top-right corner').toBe(true);
  expect(tileInteriorClear(rejected, freeOfBadgeAndDot(rejected.width)), 'hollow: nothing syncs').toBeGreaterThanOrEqual(0.8);
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
