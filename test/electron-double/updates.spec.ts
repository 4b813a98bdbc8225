// Updates: the shipped build keeps itself current from a release feed on 127.0.0.1
// (test/support/update-feed.ts), through electron-updater under the Electron double. The
// copy is an AppImage (this machine is Linux); the feed carries all three channel files.
// Each refusal has its negative control: the same fault with the rule switched off
// (a weakened build of main.js, or electron-updater's own sha512 check patched out),
// shown to install.
import AxeBuilder from '@axe-core/playwright';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { animationsSettled } from '../e2e/support/settled';
import { expectReachableZoomed } from '../e2e/support/sweep';
import { rowOf, valueOf } from '../e2e/support/test';
import type { Launch } from '../../dev-tools/electron-double/boot';
import { ask, launchWhileAway, signIn } from '../../dev-tools/electron-double/flows';
import { expect, RUNNING, test } from './updates/setup';
import { weakBuild } from './updates/weak-build';
import { UpdateFeed } from '../support/update-feed';

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
  markLog(launch);
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
  // The service is away from launch (the feed is not): the clicks below can only wait on disk. Suspending
  // it under a running app leaves a moment in which a click goes out on a keep-alive connection the stop
  // dropped, rightly "could not confirm" and never re-sent blind: not this test's case (a red stress run).
  const { launch, popup } = await launchWhileAway(machine, service);
  expect(launch.electron.tray.tooltip).not.toMatch(/update ready/);
  const faceBefore = launch.electron.tray.image?.digest();
  await checkFromTray(launch);
  await expect.poll(() => labels(launch), { timeout: 20_000 }).toContain('Restart to update to 0.3.0');
  expect(notificationTitles(launch)).toEqual(['Restart to update to 0.3.0']);
  // A glance at the tray tells it too: its words at the tooltip's end, another face (the update mark).
  await expect.poll(() => launch.electron.tray.tooltip).toMatch(/^Counter Tray\b.* update ready$/);
  expect(launch.electron.tray.image?.digest(), 'the tray face shows the update').not.toBe(faceBefore);
  // Settings → Updates says so too, with the button.
  await popup.getByRole('button', { name: 'Settings' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Counter Tray 0.3.0 is ready' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Restart to update to 0.3.0' })).toBeVisible();
  // Every screen passes axe in light and dark and reflows at 200 % (test/e2e/support/sweep.ts): this one too.
  for (const theme of ['dark', 'light'] as const) {
    await popup.evaluate((theme) => (globalThis as unknown as { counterTray: { invoke(c: string, r: unknown): Promise<unknown> } }).counterTray.invoke('settings:update', { theme }), theme);
    await expect(popup.locator('html')).toHaveAttribute('data-theme', theme);
    await animationsSettled(popup); // mid-fade a colour is neither theme's
    const { violations } = await new AxeBuilder({ page: popup }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe, ${theme}`).toEqual([]);
  }
  await expectReachableZoomed(popup, 'settings with an update ready');
  await popup.keyboard.press('Escape');

  // Clicks the server has not confirmed when the user restarts.
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  // Both clicks have reached main (the page shows them, pending) before the user restarts.
  await expect(valueOf(popup, 'Coffees today')).toHaveText('5');
  // Unsent while the server is away: in main's hands, waiting.
  await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', /, 2 waiting$/);
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
  await expect.poll(() => notificationTitles(updated)).toEqual(["What’s new in 0.3.0"]);
  expect(updated.electron.notifications[0]?.body).toContain('Counters can be renamed from the tray.');
  updated.electron.notifications[0]?.click();
  await expect(popup2.getByText("What’s new in 0.3.0")).toBeVisible();
  await expect(popup2.getByText('Faster start.')).toBeVisible();
  await updated.quit();
  const again = await machine.launch(['--hidden'], { version: '0.3.0' });
  // The updater has started, so it has read the notes, once its next check is planned.
  const page = await again.popup();
  await expect.poll(async () => (await ask<{ updates?: { nextCheckAt: number | null } }>(page, 'state:get', {})).value?.updates?.nextCheckAt ?? null).not.toBeNull();
  expect(notificationTitles(again), '"What\'s new" is said once').toEqual([]);
});

// ── Modes ────────────────────────────────────────────────────────────────────

/** Settings through the popup's own door (the contract's settings:update). */
async function setMode(launch: Launch, mode: 'automatic' | 'notify' | 'off'): Promise<void> {
  const popup = await launch.popup();
  const result = await popup.evaluate((mode) => (globalThis as unknown as { counterTray: { invoke(c: string, r: unknown): Promise<{ ok: boolean }> } }).counterTray.invoke('settings:update', { updates: { mode } }), mode);
  expect(result.ok).toBe(true);
}

/** AppState.updates as the popup is told it. */
async function updatesState(launch: Launch): Promise<{ source: string; status: { kind: string; version?: string; reason?: string }; nextCheckAt: number | null }> {
  const popup = await launch.popup();
  // Every screen is a <main>: the page (and its preload) is up.
  await expect(popup.getByRole('main').first()).toBeVisible();
  const read = () => popup.evaluate(() => (globalThis as unknown as { counterTray: { invoke(c: string, r: unknown): Promise<{ ok: true; value: { updates?: unknown } }> } }).counterTray.invoke('state:get', {}));
  // Main starts its update service once the popup's page has loaded (main.ts), which can come a
  // moment after the page shows its first screen: until then the state has no `updates`.
  await expect.poll(async () => (await read()).value.updates).toBeDefined();
  return (await read()).value.updates as never;
}

test('notify only: says once that 0.3.0 is out and downloads nothing until asked; then installs when the user quits', async ({ machine, feed, install }) => {
  feed.publish(install.release('0.3.0'));
  const launch = await started(await machine.launch());
  await setMode(launch, 'notify');
  await checkFromTray(launch);
  await expect.poll(() => labels(launch)).toContain('Download Counter Tray 0.3.0');
  expect(notificationTitles(launch)).toEqual(['Counter Tray 0.3.0 is available']);
  expect(feed.requestsFor('Counter-Tray-0.3.0.AppImage'), 'nothing downloaded without the user').toEqual([]);

  launch.electron.tray.clickMenuItem('Download Counter Tray 0.3.0');
  await expect.poll(() => labels(launch)).toContain('Restart to update to 0.3.0');
  expect(notificationTitles(launch)).toEqual(['Counter Tray 0.3.0 is available', 'Restart to update to 0.3.0']);
  expect(install.ran(), 'nothing is forced').toEqual([]);

  // Quit (not restart): the update the user downloaded is installed silently on the way out, the app not started again.
  launch.electron.tray.clickMenuItem('Quit Counter Tray');
  expect(await launch.exited).toBe(0);
  expect(install.ran()).toEqual(['ran 0.3.0 silent=true exit-after-install=true']);
});

test('off: no automatic check is planned; "Check for updates…" still checks at once and offers the download', async ({ machine, feed, install }) => {
  feed.publish(install.release('0.3.0'));
  const launch = await started(await machine.launch());
  expect((await updatesState(launch)).nextCheckAt, 'automatic mode plans a check').toEqual(expect.any(Number));
  await setMode(launch, 'off');
  await expect.poll(async () => (await updatesState(launch)).nextCheckAt).toBeNull();
  expect(feed.requests, 'off: the app never asked the feed by itself').toEqual([]);

  await checkFromTray(launch);
  await expect.poll(() => labels(launch)).toContain('Download Counter Tray 0.3.0');
  expect(feed.requestsFor('Counter-Tray-0.3.0.AppImage')).toEqual([]);
  expect(notificationTitles(launch), 'off never notifies about an available version').toEqual([]);
  expect((await updatesState(launch)).nextCheckAt).toBeNull();
});

test('installs a package manager owns do not update themselves: no check, no tray item, Settings says where updates come from', async ({ machine, feed, install, service }) => {
  feed.publish(install.release('0.3.0'));
  /** Settings → Updates, opened from the tray as a user would (signed in: Settings is the list's). */
  const updatesSection = async (launch: Launch) => {
    await expect(rowOf(await launch.popup(), 'Coffees today')).toBeVisible();
    launch.electron.tray.clickMenuItem('Settings…');
    const popup = await launch.popup();
    // Folded, as there is nothing to do here: opened as a user would.
    await popup.getByRole('heading', { name: 'Updates' }).click();
    return popup;
  };

  // electron-builder writes resources/package-type into the .deb (FpmTarget); electron-updater alone would pick its DebUpdater (pkexec dpkg -i).
  writeFileSync(join(machine.resourcesPath, 'package-type'), 'deb');
  const deb = await machine.launch();
  await signIn(deb, service);
  expect(await updatesState(deb)).toMatchObject({ source: 'deb', nextCheckAt: null });
  expect(labels(deb).filter((label) => /update/i.test(label)), 'no update items in the tray').toEqual([]);
  const popup = await updatesSection(deb);
  await expect(popup.getByText('Installed as a .deb package: updates come from your package manager')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Check for updates…' })).toHaveCount(0);
  const asked = await popup.evaluate(() => (globalThis as unknown as { counterTray: { invoke(c: string, r: unknown): Promise<unknown> } }).counterTray.invoke('updates:check', {}));
  expect(asked).toMatchObject({ ok: false, error: { code: 'updates-unavailable' } });
  await deb.quit();

  // A snap (snapd sets SNAP) and an unpacked copy (no APPIMAGE: not run by the AppImage runtime) the same way.
  rmSync(join(machine.resourcesPath, 'package-type'));
  process.env.SNAP = '/snap/counter-tray/12';
  try {
    const snap = await machine.launch();
    expect((await updatesState(snap)).source).toBe('snap');
    await expect((await updatesSection(snap)).getByText('Installed from the Snap Store: snap keeps it up to date.')).toBeVisible();
    await snap.quit();
  } finally {
    delete process.env.SNAP;
  }
  delete process.env.APPIMAGE;
  const unpacked = await machine.launch();
  expect((await updatesState(unpacked)).source).toBe('unpacked');
  await expect((await updatesSection(unpacked)).getByText('An unpacked copy: download the new version where you got this one.')).toBeVisible();
  await unpacked.quit();
  expect(feed.requests, 'none of them asked the feed').toEqual([]);
  expect(install.ran()).toEqual([]);
});

// ── Safety: each refusal with its negative control ─────────────────────────────

const APPIMAGE_030 = 'Counter-Tray-0.3.0.AppImage';
/** main.log (one per profile, every launch appends): what this launch wrote. */
const logOf = (launch: Launch) => {
  const text = readFileSync(join(launch.app.getPath('logs'), 'main.log'), 'utf8');
  return text.slice(logStart.get(launch) ?? 0);
};
const logStart = new WeakMap<Launch, number>();
/** Remembers where this launch's log lines begin (call before it logs anything that matters). */
function markLog(launch: Launch): void {
  try {
    logStart.set(launch, readFileSync(join(launch.app.getPath('logs'), 'main.log'), 'utf8').length);
  } catch {
    logStart.set(launch, 0);
  }
}

/** The check ran and was refused: a log line, the tray back to "Check for updates…", nothing installed even on quit. */
async function expectRefused(launch: Launch, install: { ran(): string[] }, logLine: RegExp, reason: 'refused' | 'unreachable' = 'refused'): Promise<void> {
  await expect.poll(async () => (await updatesState(launch)).status).toMatchObject({ kind: 'failed', reason });
  await expect.poll(() => logOf(launch)).toMatch(logLine);
  // The tray's menu is rebuilt after the state the popup reads: read until it has caught up.
  await expect.poll(() => labels(launch)).toContain('Check for updates…');
  expect(notificationTitles(launch), 'a refusal never interrupts the user').toEqual([]);
  await launch.quit();
  expect(install.ran(), 'nothing installed, not even on quit').toEqual([]);
  expect(launch.electron.autoUpdater.emitted).toEqual([]);
}

/** The negative control's end: the update was downloaded, "Restart to update" installs it. */
async function expectInstalls(launch: Launch, version: string, install: { ran(): string[] }, ran: string): Promise<void> {
  await expect.poll(() => labels(launch), { timeout: 20_000 }).toContain(`Restart to update to ${version}`);
  launch.electron.tray.clickMenuItem(`Restart to update to ${version}`);
  expect(await launch.exited).toBe(0);
  await expect.poll(() => install.ran()).toEqual([`ran ${ran} silent=true exit-after-install=`]);
}

/** electron-updater's sha512 check (builder-util-runtime's DigestTransform, the instance the app loads) switched off for one launch. */
async function withoutDigestCheck<T>(run: () => Promise<T>): Promise<T> {
  const { DigestTransform } = createRequire(import.meta.url)('builder-util-runtime') as { DigestTransform: { prototype: { validate(): null } } };
  const validate = DigestTransform.prototype.validate;
  DigestTransform.prototype.validate = () => null;
  try {
    return await run();
  } finally {
    DigestTransform.prototype.validate = validate;
  }
}

test('a file whose sha512 does not match the feed is refused with a log line and never installed; with the check off it installs (negative control)', async ({ machine, feed, install }) => {
  feed.publish(install.release('0.3.0'));
  feed.fault(APPIMAGE_030, { kind: 'serve', body: install.script('TAMPERED') });
  const launch = await started(await machine.launch());
  await checkFromTray(launch);
  await expectRefused(launch, install, /update refused: sha512 checksum mismatch/);

  await withoutDigestCheck(async () => {
    const control = await started(await machine.launch());
    await checkFromTray(control);
    await expectInstalls(control, '0.3.0', install, 'TAMPERED');
  });
});

test('a truncated download is refused (a clean short body by its sha512, a cut connection by its length); with the check off the short file installs (negative control)', async ({ machine, feed, install }) => {
  feed.publish(install.release('0.3.0'));
  feed.fault(APPIMAGE_030, { kind: 'truncate' });
  const launch = await started(await machine.launch());
  await checkFromTray(launch);
  await expectRefused(launch, install, /update refused: sha512 checksum mismatch/);

  // Promised length, half sent, connection dropped: Chromium's net reports it; the feed is taken as away, tried again later.
  feed.fault(APPIMAGE_030, { kind: 'cut' });
  const cut = await started(await machine.launch());
  await checkFromTray(cut);
  await expectRefused(cut, install, /update check failed: net::ERR_CONTENT_LENGTH_MISMATCH/, 'unreachable');

  feed.fault(APPIMAGE_030, { kind: 'truncate' });
  await withoutDigestCheck(async () => {
    const control = await started(await machine.launch());
    await checkFromTray(control);
    await expectInstalls(control, '0.3.0', install, '0.3.0');
  });
  expect(readFileSync(install.appImage).length, 'the control installed the half file').toBeLessThan(install.release('0.3.0').files.linux[0]?.body.length ?? 0);
});

test('a feed that answers garbage is refused with a log line each time, nothing downloaded; with the release rules off the sha256-only feed installs (negative control)', async ({ machine, feed, install }) => {
  const release = install.release('0.3.0');
  feed.publish(release);
  const body = release.files.linux[0]?.body ?? Buffer.alloc(0);
  const sha256Only = `version: 0.3.0\nfiles:\n  - url: ${APPIMAGE_030}\n    sha2: ${createHash('sha256').update(body).digest('hex')}\n    size: ${body.length}\npath: ${APPIMAGE_030}\nreleaseDate: '2026-11-23T10:00:00.000Z'\n`;
  const garbage: [string, RegExp][] = [
    // electron-updater's own parse: YAML that is no release, binary junk, a version that is no version.
    ['<!doctype html><title>502 Bad Gateway</title>', /update refused: .*does not have a valid semver version: "undefined"/],
    [randomBytes(512).toString('latin1'), /update refused: (Cannot parse update info|.*does not have a valid semver version)/],
    ['version: [1, 2]\nfiles: nope\n', /update refused: .*does not have a valid semver version/],
    // Ours: what electron-updater would take.
    [sha256Only, /update refused: the feed's release info is not valid \(files\.0\.sha512/],
    [`version: 0.3.0\nfiles:\n  - url: https://downloads.example/${APPIMAGE_030}\n    sha512: ${createHash('sha512').update(body).digest('base64')}\n    size: ${body.length}\n`, /update refused: the feed lists a file elsewhere: https:\/\/downloads\.example is not the feed's origin/],
  ];
  for (const [text, logLine] of garbage) {
    feed.putText('latest-linux.yml', text);
    const launch = await started(await machine.launch());
    await checkFromTray(launch);
    await expectRefused(launch, install, logLine);
  }
  expect(feed.requestsFor(APPIMAGE_030), 'no artifact was ever asked for').toEqual([]);

  feed.putText('latest-linux.yml', sha256Only);
  const control = await started(await machine.launch([], { mainJs: await weakBuild(['release-rules']) }));
  await checkFromTray(control);
  await expectInstalls(control, '0.3.0', install, '0.3.0');
});

test('a redirect to another origin is refused with a log line and the other server never reached; with the origin rule off it installs from there (negative control)', async ({ machine, feed, install }) => {
  const elsewhere = await UpdateFeed.start();
  try {
    feed.publish(install.release('0.3.0'));
    elsewhere.publish(install.release('0.3.0'));
    feed.fault(APPIMAGE_030, { kind: 'redirect', to: `${elsewhere.url}${APPIMAGE_030}` });
    const launch = await started(await machine.launch());
    await checkFromTray(launch);
    await expectRefused(launch, install, new RegExp(`update refused: request to ${elsewhere.url}${APPIMAGE_030}: ${elsewhere.origin} is not the feed's origin ${feed.origin}`));
    expect(elsewhere.requests, 'the other origin was never contacted').toEqual([]);

    const control = await started(await machine.launch([], { mainJs: await weakBuild(['request-origin']) }));
    await checkFromTray(control);
    await expectInstalls(control, '0.3.0', install, '0.3.0');
    expect(elsewhere.requestsFor(APPIMAGE_030)).toHaveLength(1);
  } finally {
    await elsewhere.close();
  }
});

test('an older version than the running one is refused with a log line, nothing downloaded; with the downgrade rule off it installs (negative control)', async ({ machine, feed, install }) => {
  feed.publish(install.release('0.0.9'));
  const launch = await started(await machine.launch());
  await checkFromTray(launch);
  await expectRefused(launch, install, /update refused: 0\.0\.9 is older than the running 0\.1\.0 \(no downgrades\)/);
  expect(feed.requestsFor('Counter-Tray-0.0.9.AppImage')).toEqual([]);

  const control = await started(await machine.launch([], { mainJs: await weakBuild(['downgrade']) }));
  await checkFromTray(control);
  await expectInstalls(control, '0.0.9', install, '0.0.9');
});

test('a feed that is down fails quietly (a log line, no notification), keeps the schedule, and the next check installs once it is back', async ({ machine, feed, install }) => {
  feed.publish(install.release('0.3.0'));
  await feed.down();
  const launch = await started(await machine.launch());
  const planned = (await updatesState(launch)).nextCheckAt;
  expect(planned).toEqual(expect.any(Number));
  await checkFromTray(launch);
  await expect.poll(async () => (await updatesState(launch)).status).toMatchObject({ kind: 'failed', reason: 'unreachable' });
  await expect.poll(() => logOf(launch)).toMatch(/update check failed: net::ERR_CONNECTION_REFUSED/);
  expect(notificationTitles(launch)).toEqual([]);
  expect((await updatesState(launch)).nextCheckAt, 'the planned check stays planned').toBe(planned);

  await feed.up();
  await checkFromTray(launch);
  await expectInstalls(launch, '0.3.0', install, '0.3.0');
});
