// What the update specs share: a release feed on 127.0.0.1 the machine trusts, and this
// machine's copy of Counter Tray installed as an AppImage that updates itself from it —
// resources/app-update.yml as electron-builder writes it (the publish url pointed at the
// local feed), APPIMAGE set as the AppImage runtime sets it, electron-updater's cache in
// the machine's folder. A release's AppImage is a small script that records that it ran
// (the installer being started) and what the account's pending file held at that moment.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test as base } from '../../../dev-tools/electron-double/fixtures';
import { UpdateFeed, type Release } from '../../support/update-feed';
import type { DesktopMachine } from '../../../dev-tools/electron-double/boot';

export { expect };

export const RUNNING = '0.1.0';

export interface Install {
  /** The installed AppImage (no version in its name: electron-updater replaces it in place). */
  appImage: string;
  /** Lines the release scripts wrote when they ran. */
  ran(): string[];
  /** What the pending files (pending-<account>.json) held when that version's installer ran ('' when there were none). */
  pendingAt(version: string): string | null;
  /** A release of the real app's shape: its AppImage is releaseScript(version), the other platforms' files stand-ins. */
  release(version: string, options?: { notes?: string }): Release;
  /** Another script (a tampered file), saying `label` when it runs. */
  script(label: string): Buffer;
}

/** The script a release's AppImage is: a copy of the pending files, one line saying it ran, then padding a truncation may cut. */
export function releaseScript(marker: string, profile: string, label: string, padding = 4096): Buffer {
  const lines = [
    '#!/bin/sh',
    // What was on disk first (every account's pending file; the folder name has a space: quoted, the glob not), then the line the test waits for.
    `for f in '${profile}'/pending*.json; do if [ -f "$f" ]; then cat "$f"; fi; done > '${marker}.pending-${label}'`,
    `echo "ran ${label} silent=\${APPIMAGE_SILENT_INSTALL:-} exit-after-install=\${APPIMAGE_EXIT_AFTER_INSTALL:-}" >> '${marker}'`,
    'exit 0',
    `# ${'.'.repeat(padding)}`,
    '',
  ];
  return Buffer.from(lines.join('\n'));
}

function installAppImage(machine: DesktopMachine, feed: UpdateFeed): Install {
  const root = dirname(machine.userData);
  const appImage = join(root, 'Applications', 'CounterTray.AppImage');
  const marker = join(root, 'installer-ran.log');
  mkdirSync(dirname(appImage), { recursive: true });
  writeFileSync(appImage, '#!/bin/sh\nexit 0\n');
  chmodSync(appImage, 0o755);
  // What electron-builder writes from `publish` (PublishManager: the publish config plus updaterCacheDirName).
  writeFileSync(join(machine.resourcesPath, 'app-update.yml'), `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: counter-tray-updater\n`);
  machine.trustedCertificates.push(feed.certificate);
  return {
    appImage,
    ran: () => (existsSync(marker) ? readFileSync(marker, 'utf8').trim().split('\n') : []),
    pendingAt: (version) => (existsSync(`${marker}.pending-${version}`) ? readFileSync(`${marker}.pending-${version}`, 'utf8') : null),
    script: (label) => releaseScript(marker, machine.userData, label),
    release: (version, options = {}) => ({
      version,
      ...(options.notes ? { notes: options.notes } : {}),
      files: {
        linux: [{ name: `Counter-Tray-${version}.AppImage`, body: releaseScript(marker, machine.userData, version) }],
        win: [{ name: `Counter-Tray-Setup-${version}.exe`, body: Buffer.from(`MZ installer ${version}`) }],
        mac: [
          { name: `Counter-Tray-${version}-mac.zip`, body: Buffer.from(`PK zip ${version}`) },
          { name: `Counter-Tray-${version}.dmg`, body: Buffer.from(`dmg ${version}`) },
        ],
      },
    }),
  };
}

const ENV_KEYS = ['APPIMAGE', 'XDG_CACHE_HOME'] as const;

export const test = base.extend<{ feed: UpdateFeed; install: Install }>({
  // eslint-disable-next-line no-empty-pattern
  feed: async ({}, use) => {
    const feed = await UpdateFeed.start();
    await use(feed);
    await feed.close();
  },
  install: async ({ machine, feed }, use) => {
    const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
    const install = installAppImage(machine, feed);
    // The AppImage runtime's variable, and electron-updater's cache (getAppCacheDir) inside the machine.
    process.env.APPIMAGE = install.appImage;
    process.env.XDG_CACHE_HOME = join(dirname(machine.userData), 'cache');
    try {
      await use(install);
      // Quit what still runs while APPIMAGE is set: installing on quit needs it.
      await Promise.all(machine.launches.filter((launch) => launch.running).map((launch) => launch.quit()));
    } finally {
      for (const key of ENV_KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  },
});
