// Puts the updater together for this copy, loading electron-updater only for a copy that updates itself.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { App } from 'electron';
import { realClock } from '../core/contract';
import { createTextFile } from '../app/storage/text-file';
import { detectUpdateSource, type InstallFacts } from '../app/updates/install-source';
import { parseFeedConfig } from '../app/updates/feed-config';
import { createUpdateService, type UpdateService, type UpdateServiceDeps } from '../app/updates/update-service';
import type { UpdaterDriver } from '../app/updates/driver';
import { createWhatsNewStore } from '../app/updates/whats-new';
import type { TextFile } from '../app/ports';
import { createElectronUpdaterDriver, type UpdaterLike } from './updater';

export interface UpdateWiringDeps extends Omit<UpdateServiceDeps, 'source' | 'driver' | 'whatsNew'> {
  facts: Omit<InstallFacts, 'packageType' | 'hasUpdateConfig'>;
  /** Where electron-builder's app-update.yml and package-type live. */
  resourcesPath: string;
  readText(path: string): Promise<string | null>;
  /** Tests bring their own; the app's is electron-updater's for the platform. */
  createUpdater?: () => Promise<UpdaterLike>;
  beforeInstall(): void;
  /** The notes of the version the user last ran (what's new). */
  whatsNewFile: TextFile;
}

/** CommonJS: electron-updater's classes hang off its default export. */
async function platformUpdater(platform: string): Promise<UpdaterLike> {
  const { default: updater } = await import('electron-updater');
  return platform === 'win32' ? new updater.NsisUpdater() : platform === 'darwin' ? new updater.MacUpdater() : new updater.AppImageUpdater();
}

export async function createUpdates(deps: UpdateWiringDeps): Promise<UpdateService> {
  const [packageType, feedText] = await Promise.all([deps.readText(join(deps.resourcesPath, 'package-type')), deps.readText(join(deps.resourcesPath, 'app-update.yml'))]);
  let source = detectUpdateSource({ ...deps.facts, packageType, hasUpdateConfig: feedText !== null });
  let driver: UpdaterDriver | null = null;
  if (source === 'self') {
    const feed = parseFeedConfig(feedText);
    if (feed.ok) driver = createElectronUpdaterDriver({ updater: await (deps.createUpdater ?? (() => platformUpdater(deps.facts.platform)))(), feed: feed.feed, running: deps.running, log: deps.log, beforeInstall: deps.beforeInstall });
    else {
      deps.log.warn(`updates are off: ${feed.problem}`);
      source = 'misconfigured';
    }
  }
  deps.log.info(`updates: ${source === 'self' ? 'from the release feed' : `not self-updating (${source})`}`);
  return createUpdateService({ ...deps, source, driver, whatsNew: createWhatsNewStore(deps.whatsNewFile, (m) => deps.log.warn(m)) });
}

type AppUpdateDeps = Pick<UpdateWiringDeps, 'mode' | 'notify' | 'clean' | 'log' | 'restart'> & { platform: InstallFacts['platform']; userData: string };

/** This copy's updater as main wires it: the facts from Electron and the process, the notes file in the profile. */
export function createAppUpdates(electronApp: Pick<App, 'isPackaged' | 'getVersion' | 'releaseSingleInstanceLock'>, { platform, userData, ...deps }: AppUpdateDeps): Promise<UpdateService> {
  return createUpdates({
    ...deps,
    facts: { platform, isPackaged: electronApp.isPackaged, env: process.env, execPath: process.execPath, appStore: process.mas === true, windowsStore: process.windowsStore === true },
    resourcesPath: process.resourcesPath,
    readText: (path) => readFile(path, 'utf8').catch(() => null),
    // The relaunched copy must get the single-instance lock while this one is still exiting.
    beforeInstall: () => electronApp.releaseSingleInstanceLock(),
    running: electronApp.getVersion(),
    clock: realClock,
    random: Math.random,
    whatsNewFile: createTextFile(join(userData, 'update-notes.json')),
  });
}
