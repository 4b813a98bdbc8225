// The mini window beside the popup, under the double: the popup's page and hardening, on top and
// frameless; it changes a counter and follows another member's change; the sender check takes it
// and still refuses a window main did not make; where it was dragged, its size and that it was open outlive a quit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { PRODUCTION_CSP } from '../../src-main/desktop/app-assets';
import { ADA, ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, rowOf, valueOf } from '../e2e/support/test';
import { MAIN_JS, type Launch } from '../../dev-tools/electron-double/boot';
import type { BrowserWindowDouble } from '../../dev-tools/electron-double/double/browser-window';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { ask, signIn, stepsOn } from '../../dev-tools/electron-double/flows';

const stateGet = (page: Page) => ask(page, 'state:get', {});

/** Keep on top in the popup's toolbar; the window main creates for it. */
async function openMini(launch: Launch, popup: Page): Promise<{ mini: BrowserWindowDouble; page: Page }> {
  const before = launch.electron.createdWindows.length;
  await popup.getByRole('button', { name: 'Keep on top' }).click();
  await expect.poll(() => launch.electron.createdWindows.length).toBe(before + 1);
  const mini = launch.electron.createdWindows.at(-1) as BrowserWindowDouble;
  await expect.poll(() => mini.isVisible()).toBe(true);
  return { mini, page: await mini.page() };
}

test("the mini window boots beside the popup, on top and frameless with the popup's hardening, changes a counter once and follows another member's change", async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  await chooseRowAction(popup, 'Coffees today', 'Pin to the top');
  const { mini, page } = await openMini(launch, popup);

  const popupOptions = launch.electron.window.options;
  expect(mini.options).toMatchObject({ frame: false, alwaysOnTop: true, movable: true, resizable: true, skipTaskbar: true, width: 328, height: 184, webPreferences: popupOptions.webPreferences });
  // Placed in the work area's top-right corner the first time (one 1920 × 1080 display, a 32 px panel).
  expect(mini.getBounds()).toEqual({ x: 1920 - 328 - 12, y: 32 + 12, width: 328, height: 184 });
  const host = await mini.webContents.pageHost();
  expect(host.served.find((response) => response.url === 'app://counter-tray/index.html')?.headers['content-security-policy']).toBe(PRODUCTION_CSP);
  await expect(page.getByRole('list', { name: 'Pinned counters' }).getByRole('listitem')).toHaveCount(1);

  const logFrom = service.requestLog.length;
  await page.getByRole('button', { name: 'Increase Coffees today' }).click();
  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(4);
  await expect(valueOf(page, 'Coffees today')).toHaveText('4');
  await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toHaveLength(1);

  const response = await fetch(new URL(`/v2/counters/${COUNTER.coffees}/increment/2`, service.url), { method: 'POST', headers: { Authorization: `Bearer ${ALAN.token}` } });
  expect(response.status).toBe(200);
  await expect(valueOf(page, 'Coffees today')).toHaveText('6');
  await expect(rowOf(page, 'Coffees today')).toBeVisible();

  // Its × closes it; the popup's window stays.
  await page.getByRole('button', { name: 'Close the small window' }).click();
  await expect.poll(() => mini.isDestroyed()).toBe(true);
  expect(launch.electron.window.isDestroyed()).toBe(false);
});

test('the sender check takes the popup and the mini window; a window main did not make, with the same page and preload, is refused (negative control)', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const { page } = await openMini(launch, popup);
  expect(await stateGet(popup)).toMatchObject({ ok: true });
  expect(await stateGet(page)).toMatchObject({ ok: true });

  const BrowserWindow = launch.electron.module.BrowserWindow as new (options: object) => { loadURL(url: string): Promise<void> };
  const preload = fileURLToPath(new URL('preload.cjs', MAIN_JS));
  const foreign = new BrowserWindow({ show: false, webPreferences: { preload, contextIsolation: true, sandbox: true } });
  await foreign.loadURL('app://counter-tray/index.html#mini');
  const foreignPage = await (launch.electron.createdWindows.at(-1) as BrowserWindowDouble).page();
  expect(await stateGet(foreignPage)).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
  // Still ours after the stranger: the check looks at each call.
  expect(await stateGet(page)).toMatchObject({ ok: true });
});

test('the popup pinned open stays when it loses focus; unpinned it hides again', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const pin = popup.getByRole('button', { name: 'Keep open' });
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  launch.electron.window.blur();
  expect(launch.electron.window.isVisible()).toBe(true);
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  launch.electron.window.blur();
  expect(launch.electron.window.isVisible()).toBe(false);
});

test('dragged and resized, then the app quit: the next launch opens it again by itself, where and as large as it was left; closed with Esc, it is not open next time', async ({ machine, service }) => {
  const first = await machine.launch();
  const popup = await signIn(first, service);
  await chooseRowAction(popup, 'Coffees today', 'Pin to the top');
  const { mini } = await openMini(first, popup);
  mini.moveTo(200, 700);
  await mini.resizeTo(400, 300);
  expect(await first.quit()).toBe(0);

  const second = await machine.launch();
  await expect.poll(() => second.electron.createdWindows.length).toBe(2);
  const again = second.electron.createdWindows[1] as BrowserWindowDouble;
  expect(again.getBounds()).toEqual({ x: 200, y: 700, width: 400, height: 300 });
  await expect(valueOf(await again.page(), 'Coffees today')).toHaveText('3');

  // Closed by the user: not open at the next launch; the place stays, as an offset into the display's work area.
  // Esc's keydown closes the window, so a keyup after it can find no page (a clean-clone run failed on it): keydown only.
  await (await again.page()).keyboard.down('Escape');
  await expect.poll(() => again.isDestroyed()).toBe(true);
  expect(await second.quit()).toBe(0);
  expect(JSON.parse(readFileSync(join(machine.userData, 'mini-window.json'), 'utf8'))).toEqual({ open: false, last: '1', places: { '1': { x: 200, y: 700 - 32 } }, size: { width: 400, height: 300 } });
});
