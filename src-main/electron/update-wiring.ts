// Puts the updater together for this copy (who owns it, which feed), loading electron-updater only
// for a copy that updates itself.
import { join } from 'node:path';
import { detectUpdateSource, type InstallFacts } from '../app/updates/install-source';
import { parseFeedConfig } from '../app/updates/feed-config';
import { createUpdateService, type UpdateService, type UpdateServiceDeps } from '../app/updates/update-service';
import type { UpdaterDriver } from '../app/updates/driver';
import { createElectronUpdaterDriver, type UpdaterLike } from './updater';

export interface UpdateWiringDeps extends Omit<UpdateServiceDeps, 'source' | 'driver'> {
  facts: Omit<InstallFacts, 'packageType' | 'hasUpdateConfig'>;
  /** Where electron-builder's app-update.yml and package-type live. */
  resourcesPath: string;
  readText(path: string): Promise<string | null>;
  createUpdater(): Promise<UpdaterLike>;
  beforeInstall(): void;
}

export async function createUpdates(deps: UpdateWiringDeps): Promise<UpdateService> {
  const [packageType, feedText] = await Promise.all([deps.readText(join(deps.resourcesPath, 'package-type')), deps.readText(join(deps.resourcesPath, 'app-update.yml'))]);
  let source = detectUpdateSource({ ...deps.facts, packageType, hasUpdateConfig: feedText !== null });
  let driver: UpdaterDriver | null = null;
  if (source === 'self') {
    const feed = parseFeedConfig(feedText);
    if (feed.ok) driver = createElectronUpdaterDriver({ updater: await deps.createUpdater(), feed: feed.feed, running: deps.running, log: deps.log, beforeInstall: deps.beforeInstall });
    else {
      deps.log.warn(`updates are off: ${feed.problem}`);
      source = 'misconfigured';
    }
  }
  deps.log.info(`updates: ${source === 'self' ? 'from the release feed' : `not self-updating (${source})`}`);
  return createUpdateService({ ...deps, source, driver });
}
