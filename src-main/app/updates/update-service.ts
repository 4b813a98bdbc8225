// Keeps Counter Tray current. Nothing is forced: an update installs on restart or quit, and only after
// the user chose automatic mode or pressed Download.
import type { UpdateMode } from '../../../src-shared/domain/settings';
import type { UpdateSource, UpdatesState, UpdateStatus } from '../../../src-shared/domain/updates';
import type { Clock } from '../../core/contract';
import { Emitter, type Event } from '../../../src-shared/events/emitter';
import { AppError } from '../../ipc/errors';
import { words } from '../../../src-shared/i18n/messages';
import type { Logger } from '../ports';
import type { UpdaterDriver, UpdaterEvent } from './driver';
import { createCheckTimer, type Random } from './schedule';
import type { AcceptedRelease } from './update-safety';
import { UPDATE_WORDS, type UpdateNotice } from './update-words';
import type { WhatsNewStore } from './whats-new';

export interface UpdateServiceDeps {
  source: UpdateSource;
  /** Present only when the source is `self`. */
  driver: UpdaterDriver | null;
  mode(): UpdateMode;
  clock: Clock;
  random: Random;
  whatsNew: WhatsNewStore;
  /** One OS notification; clicking it opens Settings. */
  notify(notice: UpdateNotice): void;
  clean(text: string, maxLength: number): string;
  log: Logger;
  running: string;
  /** "Restart to update": main's quit path, which writes unsent clicks and then calls installNow(). */
  restart(): void;
}

export interface UpdatesPort {
  /** Undefined until the updater is loaded: the state then has no updates part. */
  state(): UpdatesState | undefined;
  readonly onChange: Event<void>;
  check(): Promise<void>;
  download(): Promise<void>;
  restart(): void;
}

export interface UpdateLifecycle extends UpdatesPort {
  /** Shows "What's new" once after an update; starts the schedule. */
  start(): Promise<void>;
  modeChanged(): void;
  /** Main's quit path, after the ledger was flushed: the notes go to disk first. With `restart`, runs a ready installer (true: the app quits); else a downloaded update installs on the way out. */
  beforeExit(restart: boolean): Promise<boolean>;
  stop(): void;
}

export interface UpdateService extends UpdateLifecycle {
  state(): UpdatesState;
}

const NOTES_LIMIT = 4000;

export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  const { driver } = deps;
  const changes = new Emitter<void>();
  let status: UpdateStatus = { kind: 'idle' };
  let whatsNew: UpdatesState['whatsNew'] = null;
  let shown: UpdatesState | undefined;
  let release: AcceptedRelease | null = null;
  const notified = new Set<string>();
  /** Awaited before the installer runs. */
  let notesWritten: Promise<void> = Promise.resolve();
  let stopped = false;
  const timer = createCheckTimer({ clock: deps.clock, random: deps.random, check: () => void runCheck() });

  const changed = () => changes.fire();
  const set = (next: UpdateStatus) => {
    status = next;
    changed();
  };
  const notifyOnce = (key: string, notice: UpdateNotice) => {
    if (notified.has(key)) return;
    notified.add(key);
    deps.notify(notice);
  };
  const cleanNotes = (notes: string) =>
    notes
      .slice(0, NOTES_LIMIT * 2)
      .split(/\r?\n/)
      .map((line) => deps.clean(line, 500))
      .join('\n')
      .trim()
      .slice(0, NOTES_LIMIT);

  function onEvent(event: UpdaterEvent): void {
    if (stopped) return;
    switch (event.kind) {
      case 'checking':
        return set({ kind: 'checking' });
      case 'upToDate':
        return set({ kind: 'upToDate', checkedAt: deps.clock.now() });
      case 'available': {
        release = { version: deps.clean(event.release.version, 64), notes: cleanNotes(event.release.notes) };
        if (deps.mode() === 'automatic') return set({ kind: 'downloading', version: release.version, percent: 0 });
        set({ kind: 'available', version: release.version });
        if (deps.mode() === 'notify') notifyOnce(`available ${release.version}`, UPDATE_WORDS.notification.available(release.version));
        return;
      }
      case 'progress':
        if (release) set({ kind: 'downloading', version: release.version, percent: Math.min(100, Math.max(0, event.percent)) });
        return;
      case 'downloaded': {
        const ready = { version: deps.clean(event.release.version, 64), notes: cleanNotes(event.release.notes) };
        release = ready;
        set({ kind: 'ready', version: ready.version });
        notesWritten = deps.whatsNew.remember(ready.version, ready.notes);
        notifyOnce(`ready ${ready.version}`, UPDATE_WORDS.notification.ready(ready.version));
        return;
      }
      case 'failed':
        // Logged by the driver; the next scheduled check tries again.
        return set({ kind: 'failed', reason: event.reason, at: deps.clock.now() });
    }
  }
  driver?.onEvent(onEvent);

  function requireDriver(): UpdaterDriver {
    if (!driver) throw new AppError('updates-unavailable', words('error.notSelfUpdating'));
    return driver;
  }

  async function runCheck(): Promise<void> {
    // A downloaded update waits for the restart.
    if (!driver || stopped || status.kind === 'ready' || status.kind === 'downloading') return;
    await driver.check();
  }

  function applyMode(): void {
    if (!driver || stopped) return;
    const mode = deps.mode();
    driver.setAutoDownload(mode === 'automatic');
    if (mode === 'off') timer.stop();
    else if (timer.nextAt === null) timer.start();
    changed();
  }

  return {
    state() {
      // The same object until something in it changes.
      if (shown?.status !== status || shown.nextCheckAt !== timer.nextAt || shown.whatsNew !== whatsNew) shown = { source: deps.source, status, nextCheckAt: timer.nextAt, whatsNew };
      return shown;
    },
    onChange: changes.event,
    async start() {
      const notes = await deps.whatsNew.takeForRunning(deps.running);
      if (notes) {
        whatsNew = { version: deps.clean(notes.version, 64), notes: cleanNotes(notes.notes) };
        notifyOnce(`whats-new ${whatsNew.version}`, UPDATE_WORDS.notification.whatsNew(whatsNew.version, deps.clean(whatsNew.notes, 200)));
      }
      applyMode();
    },
    modeChanged() {
      const wasAvailable = status.kind === 'available';
      applyMode();
      if (wasAvailable && deps.mode() === 'automatic') void driver?.download();
    },
    async check() {
      requireDriver();
      await runCheck();
    },
    async download() {
      const active = requireDriver();
      if (status.kind !== 'available' && status.kind !== 'failed') return;
      if (!release) throw new AppError('updates-unavailable', words('error.checkFirst'));
      await active.download();
    },
    restart() {
      requireDriver();
      if (status.kind !== 'ready') throw new AppError('updates-unavailable', words('error.noUpdateReady'));
      deps.restart();
    },
    async beforeExit(restart) {
      this.stop();
      await notesWritten;
      if (!restart || !driver || status.kind !== 'ready') return false;
      const version = status.version;
      deps.log.info(`installing ${version} (restart to update)`);
      if (driver.quitAndInstall()) return true;
      deps.log.warn(`the installer for ${version} did not start; quitting without it`);
      return false;
    },
    stop() {
      stopped = true;
      timer.stop();
    },
  };
}
