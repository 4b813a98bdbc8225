// The update service with a fake updater and a fake clock: the modes, the schedule
// and its quiet retry, one notification per version, "What's new" once, nothing forced.
import { describe, expect, it } from 'vitest';
import type { UpdateMode } from '../../../../src-shared/domain/settings';
import type { UpdateSource } from '../../../../src-shared/domain/updates';
import { sanitizeServerText } from '../../../../src-shared/text/server-text';
import type { UpdaterDriver, UpdaterEvent } from '../../../../src-main/app/updates/driver';
import { UPDATE_SCHEDULE } from '../../../../src-main/app/updates/schedule';
import { createUpdateService } from '../../../../src-main/app/updates/update-service';
import { createWhatsNewStore } from '../../../../src-main/app/updates/whats-new';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { memoryFile } from '../../../../dev-tools/support/memory-file';
import { en } from '../../../../dev-tools/support/i18n';

const HOUR = 3_600_000;
const release = (version: string, notes = 'Faster start.') => ({ version, notes });

/** An updater that answers checks from a script: what the feed would say this time. */
function fakeDriver(feed: { next: UpdaterEvent[] }) {
  let listener: (event: UpdaterEvent) => void = () => undefined;
  const calls: string[] = [];
  const driver: UpdaterDriver & { emit(event: UpdaterEvent): void; calls: string[]; autoDownload: boolean; installs: boolean } = {
    calls,
    autoDownload: false,
    installs: true,
    emit: (event) => listener(event),
    setAutoDownload(enabled) {
      driver.autoDownload = enabled;
    },
    async check() {
      calls.push('check');
      listener({ kind: 'checking' });
      for (const event of feed.next) listener(event);
      const found = feed.next.find((event) => event.kind === 'available');
      if (found && found.kind === 'available' && driver.autoDownload) listener({ kind: 'downloaded', release: found.release });
    },
    async download() {
      calls.push('download');
      listener({ kind: 'progress', percent: 40 });
      const found = feed.next.find((event) => event.kind === 'available');
      if (found && found.kind === 'available') listener({ kind: 'downloaded', release: found.release });
    },
    quitAndInstall() {
      calls.push('quitAndInstall');
      return driver.installs;
    },
    onEvent(next) {
      listener = next;
    },
  };
  return driver;
}

function setup(options: { mode?: UpdateMode; source?: UpdateSource; notesFile?: ReturnType<typeof memoryFile>; running?: string } = {}) {
  const clock = new FakeClock();
  const feed = { next: [] as UpdaterEvent[] };
  const source = options.source ?? 'self';
  const driver = source === 'self' ? fakeDriver(feed) : null;
  const notes = options.notesFile ?? memoryFile();
  const shown: string[] = [];
  const warnings: string[] = [];
  let mode: UpdateMode = options.mode ?? 'automatic';
  let restarts = 0;
  const service = createUpdateService({
    source,
    driver,
    mode: () => mode,
    clock,
    random: () => 0.5,
    whatsNew: createWhatsNewStore(notes, (m) => warnings.push(m)),
    notify: (notice) => shown.push(`${notice.title(en)} | ${notice.body(en)}`),
    clean: (text, max) => sanitizeServerText(text, { maxLength: max }),
    log: { info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    running: options.running ?? '0.1.0',
    restart: () => void (restarts += 1),
  });
  return { clock, feed, driver, service, shown, warnings, notes, setMode: (next: UpdateMode) => ((mode = next), service.modeChanged()), restarts: () => restarts };
}

describe('update service', () => {
  it('automatic: the first check a few minutes after start, then daily; found → downloaded → one "Restart to update" notification', async () => {
    const { clock, feed, driver, service, shown } = setup();
    await service.start();
    const first = service.state().nextCheckAt ?? 0;
    expect(first - clock.now()).toBe(UPDATE_SCHEDULE.afterLaunchMs + UPDATE_SCHEDULE.jitterMs / 2);
    expect(driver?.autoDownload).toBe(true);

    clock.advanceSync(first - clock.now() - 1);
    expect(driver?.calls).toEqual([]);
    feed.next = [{ kind: 'available', release: release('0.3.0') }];
    await clock.advance(1);
    expect(driver?.calls).toEqual(['check']);
    expect(service.state().status).toEqual({ kind: 'ready', version: '0.3.0' });
    expect(shown).toEqual(['Restart to update to 0.3.0 | Counter Tray 0.3.0 is ready. It is installed when you restart or quit Counter Tray.']);
    // Ready: later checks do not fetch it again, and never notify twice.
    await clock.advance(30 * HOUR);
    expect(driver?.calls).toEqual(['check']);
    driver?.emit({ kind: 'downloaded', release: release('0.3.0') });
    expect(shown).toHaveLength(1);
  });

  it('a feed that is down fails quietly and is tried again at the next scheduled check, not before', async () => {
    const { clock, feed, driver, service, shown } = setup();
    await service.start();
    feed.next = [{ kind: 'failed', reason: 'unreachable' }];
    await clock.advance((service.state().nextCheckAt ?? 0) - clock.now());
    expect(service.state().status).toMatchObject({ kind: 'failed', reason: 'unreachable' });
    expect(shown, 'quiet: no notification').toEqual([]);
    const next = service.state().nextCheckAt ?? 0;
    expect(next - clock.now()).toBe(UPDATE_SCHEDULE.periodMs + UPDATE_SCHEDULE.jitterMs / 2);

    feed.next = [{ kind: 'available', release: release('0.3.0') }];
    await clock.advance(next - clock.now() - 1);
    expect(driver?.calls, 'no retry in between').toEqual(['check']);
    await clock.advance(1);
    expect(driver?.calls).toEqual(['check', 'check']);
    expect(service.state().status).toEqual({ kind: 'ready', version: '0.3.0' });
  });

  it('notify only: one "available" notification, nothing downloaded until asked', async () => {
    const { clock, feed, driver, service, shown } = setup({ mode: 'notify' });
    await service.start();
    expect(driver?.autoDownload).toBe(false);
    feed.next = [{ kind: 'available', release: release('0.3.0') }];
    await clock.advance((service.state().nextCheckAt ?? 0) - clock.now());
    await service.check();
    expect(service.state().status).toEqual({ kind: 'available', version: '0.3.0' });
    expect(shown).toEqual(['Counter Tray 0.3.0 is available | Download it from the tray menu or Settings → Updates.']);
    expect(driver?.calls).toEqual(['check', 'check']);
    await service.download();
    expect(service.state().status).toEqual({ kind: 'ready', version: '0.3.0' });
    expect(shown.map((line) => line.split(' | ')[0])).toEqual(['Counter Tray 0.3.0 is available', 'Restart to update to 0.3.0']);
  });

  it('off: nothing planned, a manual check still runs; switching to automatic downloads what was found', async () => {
    const { clock, feed, driver, service, shown, setMode } = setup({ mode: 'off' });
    await service.start();
    expect(service.state().nextCheckAt).toBeNull();
    await clock.advance(48 * HOUR);
    expect(driver?.calls).toEqual([]);
    feed.next = [{ kind: 'available', release: release('0.3.0') }];
    await service.check();
    expect(service.state().status).toEqual({ kind: 'available', version: '0.3.0' });
    expect(shown, 'off never notifies').toEqual([]);
    setMode('automatic');
    await clock.advance(0);
    expect(driver?.calls).toEqual(['check', 'download']);
    expect(service.state().status.kind).toBe('ready');
    expect(service.state().nextCheckAt).not.toBeNull();
    setMode('off');
    expect(service.state().nextCheckAt).toBeNull();
  });

  it('nothing is forced: restart only when ready, through main; the installer after the notes are written', async () => {
    const { feed, driver, service, restarts, notes } = setup();
    await service.start();
    expect(() => service.restart()).toThrow(/No update is ready/);
    feed.next = [{ kind: 'available', release: release('0.3.0', 'Line one.\n\u202Eevil\u0007 two.') }];
    await service.check();
    service.restart();
    expect(restarts()).toBe(1);
    expect(driver?.calls).toEqual(['check']);
    expect(await service.beforeExit(true)).toBe(true);
    expect(driver?.calls).toEqual(['check', 'quitAndInstall']);
    // Notes keep their lines; control and bidi characters are gone.
    expect(JSON.parse(notes.text ?? '{}')).toEqual({ version: '0.3.0', notes: 'Line one.\nevil two.', shown: false });
  });

  it('a quit that is not a restart leaves the install to electron-updater; an installer that does not start lets main quit', async () => {
    const { feed, driver, service, warnings } = setup();
    await service.start();
    feed.next = [{ kind: 'available', release: release('0.3.0') }];
    await service.check();
    expect(await service.beforeExit(false)).toBe(false);
    expect(driver?.calls).toEqual(['check']);
    const second = setup();
    await second.service.start();
    second.feed.next = [{ kind: 'available', release: release('0.3.0') }];
    await second.service.check();
    if (second.driver) second.driver.installs = false;
    expect(await second.service.beforeExit(true)).toBe(false);
    expect(second.warnings.join()).toContain('did not start');
    expect(warnings).toEqual([]);
  });

  it("What's new: once, on the version the update brought", async () => {
    const notes = memoryFile(JSON.stringify({ version: '0.3.0', notes: 'Renamed from the tray.', shown: false }));
    const before = setup({ notesFile: notes, running: '0.1.0' });
    await before.service.start();
    expect(before.service.state().whatsNew).toBeNull();
    const after = setup({ notesFile: notes, running: '0.3.0' });
    await after.service.start();
    expect(after.service.state().whatsNew).toEqual({ version: '0.3.0', notes: 'Renamed from the tray.' });
    expect(after.shown).toEqual(["What’s new in 0.3.0 | Renamed from the tray."]);
    const again = setup({ notesFile: notes, running: '0.3.0' });
    await again.service.start();
    expect(again.service.state().whatsNew).toBeNull();
    expect(again.shown).toEqual([]);
    // A notes file another program broke is dropped with a log line, never shown.
    const broken = setup({ notesFile: memoryFile('{"version":"0.3.0","notes":42}'), running: '0.3.0' });
    await broken.service.start();
    expect(broken.shown).toEqual([]);
    expect(broken.warnings.join()).toContain('not readable');
  });

  it('a copy a package manager owns runs no updater: nothing planned, every updates:* answer says so', async () => {
    const { service } = setup({ source: 'deb' });
    await service.start();
    expect(service.state()).toEqual({ source: 'deb', status: { kind: 'idle' }, nextCheckAt: null, whatsNew: null });
    await expect(service.check()).rejects.toMatchObject({ code: 'updates-unavailable' });
    await expect(service.download()).rejects.toMatchObject({ code: 'updates-unavailable' });
    expect(() => service.restart()).toThrow(expect.objectContaining({ code: 'updates-unavailable' }));
    expect(await service.beforeExit(true)).toBe(false);
  });
});
