// electron-updater held to app/updates/update-safety.ts: its session reaches the feed's origin over
// https or nowhere, and every release is judged before download.
import type { AppUpdater, UpdateInfo } from 'electron-updater';
import { classifyFailure, type UpdaterDriver, type UpdaterEvent } from '../app/updates/driver';
import type { FeedConfig } from '../app/updates/feed-config';
import { ALLOW_DOWNGRADE, judgeRelease, judgeRequest, type AcceptedRelease } from '../app/updates/update-safety';
import type { Logger } from '../app/ports';
import { Emitter } from '../../src-shared/events/emitter';

/** What we use of AppUpdater (a fake implements it in the tests). */
export type UpdaterLike = Pick<AppUpdater, 'autoDownload' | 'autoInstallOnAppQuit' | 'allowDowngrade' | 'logger' | 'isUpdateSupported' | 'netSession' | 'setFeedURL' | 'checkForUpdates' | 'downloadUpdate' | 'quitAndInstall' | 'on'>;

interface UpdaterDriverDeps {
  updater: UpdaterLike;
  feed: FeedConfig;
  running: string;
  log: Logger;
  /** Lets the relaunched copy take the single-instance lock while this one exits. */
  beforeInstall(): void;
}

export function createElectronUpdaterDriver(deps: UpdaterDriverDeps): UpdaterDriver {
  const { updater, feed, log } = deps;
  const events = new Emitter<UpdaterEvent>();
  const emit = (event: UpdaterEvent) => events.fire(event);
  let refusedThisRound = false;
  let accepted: AcceptedRelease | null = null;
  /** Set while quitAndInstall runs: electron-updater reports a failed start as a synchronous `error` event. */
  let installing: { failed: boolean } | null = null;

  // Without the stack traces it appends to errors.
  const line = (message: unknown) => `updater: ${String(message).split('\n')[0] ?? ''}`;
  updater.logger = { info: (m: unknown) => log.info(line(m)), warn: (m: unknown) => log.warn(line(m)), error: (m: unknown) => log.warn(line(m)) };
  updater.allowDowngrade = ALLOW_DOWNGRADE;
  updater.autoDownload = false;
  // Installed when the app quits, after main's quit path has written every unsent click.
  updater.autoInstallOnAppQuit = true;
  updater.setFeedURL({ provider: 'generic', url: feed.url });

  // Its own session (the `electron-updater` partition): a redirect is a new request here, judged alike.
  updater.netSession.webRequest.onBeforeRequest((details, callback) => {
    const problem = judgeRequest(details.url, feed);
    if (problem) {
      refusedThisRound = true;
      log.warn(`update refused: request to ${details.url}: ${problem}`);
    }
    callback({ cancel: problem !== null });
  });

  const systemCheck = updater.isUpdateSupported;
  updater.isUpdateSupported = async (info: UpdateInfo) => {
    const verdict = judgeRelease(info, { running: deps.running, feed });
    if (!verdict.ok) {
      refusedThisRound = true;
      log.warn(`update refused: ${verdict.reason}`);
      return false;
    }
    accepted = verdict.release;
    return systemCheck(info);
  };

  updater.on('checking-for-update', () => {
    refusedThisRound = false;
    accepted = null;
    emit({ kind: 'checking' });
  });
  updater.on('update-not-available', () => emit(refusedThisRound ? { kind: 'failed', reason: 'refused' } : { kind: 'upToDate' }));
  updater.on('update-available', () => {
    if (accepted) emit({ kind: 'available', release: accepted });
  });
  updater.on('download-progress', (progress) => emit({ kind: 'progress', percent: progress.percent }));
  updater.on('update-downloaded', () => {
    if (accepted) emit({ kind: 'downloaded', release: accepted });
  });
  updater.on('error', (error) => {
    if (installing) installing.failed = true;
    const reason = refusedThisRound ? 'refused' : classifyFailure(error as Error & { code?: unknown });
    log.warn(`update ${reason === 'refused' ? 'refused' : 'check failed'}: ${error.message.split('\n')[0] ?? ''}`);
    emit({ kind: 'failed', reason });
  });

  return {
    setAutoDownload(enabled) {
      updater.autoDownload = enabled;
    },
    async check() {
      // Failures arrive as `error` events; these promises are only kept from going unhandled.
      const result = await updater.checkForUpdates().catch(() => null);
      void result?.downloadPromise?.catch(() => undefined);
    },
    async download() {
      await updater.downloadUpdate().catch(() => undefined);
    },
    quitAndInstall() {
      deps.beforeInstall();
      installing = { failed: false };
      try {
        // Silent where the installer has a choice (NSIS), and started again afterwards.
        updater.quitAndInstall(true, true);
        return !installing.failed;
      } catch (error) {
        log.warn(`update install failed: ${String(error)}`);
        return false;
      } finally {
        installing = null;
      }
    },
    onEvent(listener) {
      events.event(listener);
    },
  };
}
