// Issue 26: the shipped build keeps itself current from a release feed on 127.0.0.1
// (test/support/update-feed.ts), through electron-updater under the Electron double. The
// copy is an AppImage (this machine is Linux); the feed carries all three channel files.
// Each refusal has its negative control: the same fault with the rule switched off
// (a weakened build of main.js, or electron-updater's own sha512 check patched out),
// shown to install.
import { readFileSync } from 'node:fs';
import { COUNTER } from '../e2e/support/e2e-fixtures';
import { rowOf, valueOf } from '../e2e/support/test';
import type { Launch } from './boot';
import { signIn } from './flows';
import { expect, RUNNING, test } from './updates/setup';

/** The tray menu's labels (none until main has created the tray). */
const labels = (launch: Launch) => (launch.electron.trays.length > 0 ? launch.electron.tray.menuLabels() : []);
const notificationTitles = (launch: Launch) => launch.electron.notifications.map((n) => n.title);

/** The first launch shows onboarding; its page is up before anything else happens. */
async function started(launch: Launch): Promise<Launch> {
  await expect((await launch.popup()).getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  return launch;
}

async function checkFromTray(launch: Launch): Promise<void> {
  await expect.poll(() => labels(launch)).toContain('Check for updates…');
  launch.electron.tray.clickMenuItem('Check for updates…');
}

test('no update: the feed has the running version; the tray offers the check again and nothing is downloaded', async ({ machine, feed, install }) => {
  feed.publish(install.release(RUNNING));
  const launch = await started(await machine.launch());
  await checkFromTray(launch);
  await expect.poll(() => feed.requestsFor('latest-linux.yml').length).toBe(1);
  await expect.poll(() => labels(launch)).toContain('Check for updates…');
  expect(feed.requestsFor(`Counter-Tray-${RUNNING}.AppImage`)).toEqual([]);
  expect(notificationTitles(launch)).toEqual([]);
  // Only the Linux channel file: what this copy is.
  expect(feed.requests.map((r) => r.path.split('?')[0])).toEqual(['/counter-tray/latest-linux.yml']);
});

test('update available → downloaded → one "Restart to update" → installed after the ledger is written; "What\'s new" once on the new version', async ({ machine, feed, install, service }) => {
  feed.publish(install.release('0.3.0', { notes: 'Counters can be renamed from the tray.\nFaster start.' }));
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  await checkFromTray(launch);
  await expect.poll(() => labels(launch), { timeout: 20_000 }).toContain('Restart to update to 0.3.0');
  expect(notificationTitles(launch)).toEqual(['Restart to update to 0.3.0']);
  // Settings → Updates says so too, with the button.
  await popup.getByRole('button', { name: 'Settings' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Counter Tray 0.3.0 is ready' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Restart to update to 0.3.0' })).toBeVisible();
  await popup.keyboard.press('Escape');

  // Clicks the server has not confirmed when the user restarts.
  await service.suspend();
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  // Both clicks have reached main (the page shows them, pending) before the user restarts.
  await expect(valueOf(popup, 'Coffees today')).toHaveText('5');
  await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', /not confirmed yet/);
  expect(notificationTitles(launch), 'one notification for the ready update').toEqual(['Restart to update to 0.3.0']);

  launch.electron.tray.clickMenuItem('Restart to update to 0.3.0');
  expect(await launch.exited).toBe(0);
  // The installer (the release's AppImage, moved over the installed one and started) ran once, after main's quit path had written the clicks.
  await expect.poll(() => install.ran()).toEqual(['ran 0.3.0 silent=true exit-after-install=']);
  expect(install.pendingAt('0.3.0')).toContain(COUNTER.coffees);
  expect(launch.electron.autoUpdater.emitted).toEqual(['before-quit-for-update']);
  expect(readFileSync(install.appImage, 'utf8')).toContain('ran 0.3.0');
  expect(service.getCounter(COUNTER.coffees)?.value).toBe(3);

  // The new version starts: the clicks go out once, and "What's new" is said once.
  await service.resume();
  const updated = await machine.launch(['--hidden'], { version: '0.3.0' });
  const popup2 = await updated.popup();
  await expect(valueOf(popup2, 'Coffees today')).toHaveText('5');
  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(5);
  await expect.poll(() => notificationTitles(updated)).toEqual(["What's new in 0.3.0"]);
  expect(updated.electron.notifications[0]?.body).toContain('Counters can be renamed from the tray.');
  updated.electron.notifications[0]?.click();
  await expect(popup2.getByText("What's new in 0.3.0")).toBeVisible();
  await expect(popup2.getByText('Faster start.')).toBeVisible();
  await updated.quit();
  const again = await machine.launch(['--hidden'], { version: '0.3.0' });
  await (await again.popup()).waitForLoadState();
  expect(notificationTitles(again), '"What\'s new" is said once').toEqual([]);
});
