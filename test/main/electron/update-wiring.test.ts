// Putting the updater together (src-main/electron/update-wiring.ts): electron-updater is
// loaded and constructed only for a copy that updates itself from an https feed.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUpdates, type UpdateWiringDeps } from '../../../src-main/electron/update-wiring';
import type { UpdaterLike } from '../../../src-main/electron/updater';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { memoryFile } from '../../../dev-tools/support/memory-file';

const HTTPS_FEED = 'provider: generic\nurl: https://downloads.counttogether.app/counter-tray\n';
const APPIMAGE = { APPIMAGE: '/home/ada/Counter Tray.AppImage' };
const fakeUpdater = { netSession: { webRequest: { onBeforeRequest: () => undefined } }, setFeedURL: () => undefined, on: () => undefined, isUpdateSupported: () => true } as unknown as UpdaterLike;

/** An installed copy whose resources folder holds `files`; counts how often electron-updater is constructed. */
async function wire(files: Record<string, string>, env: Record<string, string> = APPIMAGE) {
  const logs: string[] = [];
  const read: string[] = [];
  let constructed = 0;
  const deps: UpdateWiringDeps = {
    facts: { platform: 'linux', isPackaged: true, env, execPath: '/tmp/.mount/counter-tray', appStore: false, windowsStore: false },
    resourcesPath: '/opt/resources',
    readText: async (path) => (read.push(path), files[path.slice('/opt/resources/'.length)] ?? null),
    createUpdater: async () => ((constructed += 1), fakeUpdater),
    beforeInstall: () => undefined,
    mode: () => 'automatic',
    clock: new FakeClock(),
    random: () => 0,
    whatsNewFile: memoryFile(),
    notify: () => undefined,
    clean: (text) => text,
    log: { info: (m) => logs.push(m), warn: (m) => logs.push(m), error: (m) => logs.push(m) },
    running: '0.1.0',
    restart: () => undefined,
  };
  const service = await createUpdates(deps);
  return { source: service.state().source, constructed, logs, read: read.sort() };
}

describe('update wiring', () => {
  it('an AppImage with an https feed: electron-updater, once; both files read from the resources folder', async () => {
    expect(await wire({ 'app-update.yml': HTTPS_FEED })).toMatchObject({ source: 'self', constructed: 1, read: [join('/opt/resources', 'app-update.yml'), join('/opt/resources', 'package-type')] });
  });

  it('a feed that is not https: no updater, a log line, Settings says "misconfigured"', async () => {
    const wired = await wire({ 'app-update.yml': HTTPS_FEED.replace('https:', 'http:') });
    expect(wired).toMatchObject({ source: 'misconfigured', constructed: 0 });
    expect(wired.logs).toContain('updates are off: the feed http://downloads.counttogether.app is not https');
  });

  it('a .deb carries app-update.yml too (the builder writes it) and still gets no updater; nor does an unpacked copy', async () => {
    expect(await wire({ 'app-update.yml': HTTPS_FEED, 'package-type': 'deb' })).toMatchObject({ source: 'deb', constructed: 0 });
    expect(await wire({ 'app-update.yml': HTTPS_FEED }, {})).toMatchObject({ source: 'unpacked', constructed: 0 });
  });
});
