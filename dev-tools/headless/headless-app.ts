// The whole app layer without Electron, for the browser e2e harness and integration
// tests: the same controller and dispatcher the Electron shell uses, with in-memory
// (or JSON-file) settings, an in-memory token vault and a controllable theme.
import type { Settings } from '../../src-shared/domain/settings';
import type { Clock } from '../../src-main/core/contract';
import { createAppController } from '../../src-main/app/controller';
import { startDemoService } from '../../src-main/app/session/demo';
import { createFileSettingsStore } from '../../src-main/app/settings/file-settings-store';
import { createMemorySettingsStore, createMemoryVault, type StoredTokenInput } from './memory-adapters';
import type { AppController, AppControllerDeps, AppPlatform, ConsentPort, ConsentQuestion, CoreFactory, DemoService, Logger, OpenFilePort, PendingFiles, SaveFilePort, StoredToken, TextFile, TokenVault } from '../../src-main/app/ports';
import { pendingFileName } from '../../src-main/app/offline/account-pending-store';
import { join } from 'node:path';
import { realCoreFactory } from '../../src-main/app/session/real-core';
import { createTextFile } from '../../src-main/app/storage/text-file';
import { publicWebPage } from '../../src-shared/domain/server-address';
import { Emitter } from '../../src-shared/events/emitter';

export interface HeadlessAppOptions {
  /** Persist settings as JSON here (with migration and corrupt-file backup); in memory when absent. */
  settingsPath?: string;
  /** Initial settings for the in-memory store. */
  settings?: Settings;
  /** A token "found in the vault" at launch: the app connects with it on start() if its origin is the settings' server. */
  storedToken?: StoredTokenInput;
  /**
   * Answers main's own questions (new server, plain http, weak storage). Default: a user who
   * says yes to everything, as in the browser harness, where no native dialog can appear;
   * security tests pass a port that says no and check what was asked (`consentQuestions`).
   */
  consent?: ConsentPort;
  /** Simulate Linux without a keyring (safeStorage basic_text). */
  encryptionWeak?: boolean;
  coreFactory?: CoreFactory;
  demo?: () => Promise<DemoService>;
  platform?: AppPlatform;
  systemTimezone?: string;
  /** The OS's preferred languages (default en-US); `en-XA` turns on the pseudo-locale. */
  systemLanguages?: readonly string[];
  dark?: boolean;
  /** The OS accent colour as main would carry it (#rrggbb), or null: none (Linux). */
  accentColor?: string | null;
  clock?: Clock;
  logger?: Logger;
  coreOverrides?: AppControllerDeps['coreOverrides'];
  launchRetryMs?: AppControllerDeps['launchRetryMs'];
  /** Keep the last-known counters in this file (none when absent). */
  lastKnownPath?: string;
  /** Or in this stand-in (tests). */
  lastKnownFile?: TextFile;
  /** Keep each account's activity record and goals as files here; in memory when absent. */
  activityDir?: string;
  /** Keep each account's unsent clicks as a file here (as the app does in its data folder); in memory when absent. */
  pendingDir?: string;
  /** Or in these stand-ins (tests that watch or crash between writes). */
  pendingFiles?: PendingFiles;
  /** The activity record in these stand-ins instead of `activityDir`. */
  activityFiles?: AppControllerDeps['activityFiles'];
  /** Stands in for main's native save dialog (exports); without one, exporting says it is not available. */
  saveFile?: SaveFilePort;
  /** Stands in for main's open dialog (imports); without one, importing says it is not available. */
  openFile?: OpenFilePort;
  /** An updater for Settings → Updates and the tray's items; none when absent, as for a package manager's copy. */
  updates?: AppControllerDeps['updates'];
}

export interface HeadlessApp {
  controller: AppController;
  /** Exactly what the Electron IPC wrapper calls after its sender checks. */
  dispatch: AppController['dispatch'];
  vault: TokenVault & { peek(): StoredToken | null };
  /** Flip the OS theme, as nativeTheme 'updated' would. */
  setSystemDark(dark: boolean): void;
  /** The user picks another accent colour, as accent-color-changed would say (null: none). */
  setAccentColor(color: string | null): void;
  /** Change the system zone, as a timezone-change event would. */
  setSystemTimezone(zone: string): void;
  /** Change the OS's preferred languages, as the poll in main would find them. */
  setSystemLanguages(languages: readonly string[]): void;
  hideRequests(): number;
  /** Every question main asked the user, in order. */
  consentQuestions(): ConsentQuestion[];
  /** Quit requests from the popup, and the addresses it asked main to open. */
  quitRequests(): number;
  openedLinks(): readonly string[];
  start: AppController['start'];
  stop: AppController['stop'];
}

export function createHeadlessApp(options: HeadlessAppOptions = {}): HeadlessApp {
  let dark = options.dark ?? false;
  let zone = options.systemTimezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  let languages = options.systemLanguages ?? ['en-US'];
  let hides = 0;
  let quits = 0;
  const links: string[] = [];
  const themeUpdates = new Emitter<void>();
  let accent = options.accentColor ?? null;
  const accentUpdates = new Emitter<void>();
  const vault = createMemoryVault({
    ...(options.encryptionWeak !== undefined ? { encryptionWeak: options.encryptionWeak } : {}),
    ...(options.storedToken ? { initial: options.storedToken } : {}),
  });
  const questions: ConsentQuestion[] = [];
  const answer = options.consent ?? { ask: async () => true };
  const controller = createAppController({
    coreFactory: options.coreFactory ?? realCoreFactory,
    consent: {
      ask: (question) => {
        questions.push(question);
        return answer.ask(question);
      },
    },
    settings: options.settingsPath ? createFileSettingsStore(options.settingsPath) : createMemorySettingsStore(options.settings),
    vault,
    demo: options.demo ?? startDemoService,
    platform: options.platform ?? 'linux',
    systemTimezone: () => zone,
    systemLanguages: () => languages,
    theme: {
      shouldUseDarkColors: () => dark,
      onUpdated: themeUpdates.event,
    },
    accent: { current: () => accent, onChanged: accentUpdates.event },
    hideWindow: () => void (hides += 1),
    quit: () => void (quits += 1),
    openPublicPage: (path) => void links.push(publicWebPage(path)),
    appVersion: '0.0.0-test',
    ...(options.lastKnownFile ? { lastKnownFile: options.lastKnownFile } : options.lastKnownPath ? { lastKnownFile: createTextFile(options.lastKnownPath) } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.coreOverrides ? { coreOverrides: options.coreOverrides } : {}),
    ...(options.launchRetryMs ? { launchRetryMs: options.launchRetryMs } : {}),
    ...(options.activityDir ? { activityDir: options.activityDir } : {}),
    ...(options.activityFiles ? { activityFiles: options.activityFiles } : {}),
    ...(options.pendingFiles ? { pendingFiles: options.pendingFiles } : options.pendingDir ? { pendingFiles: pendingFilesIn(options.pendingDir) } : {}),
    ...(options.saveFile ? { saveFile: options.saveFile } : {}),
    ...(options.openFile ? { openFile: options.openFile } : {}),
    ...(options.updates ? { updates: options.updates } : {}),
  });
  return {
    controller,
    dispatch: controller.dispatch,
    vault,
    setSystemDark(next) {
      dark = next;
      themeUpdates.fire();
    },
    setAccentColor(next) {
      accent = next;
      accentUpdates.fire();
    },
    setSystemTimezone(next) {
      zone = next;
      controller.systemTimezoneChanged();
    },
    setSystemLanguages(next) {
      languages = next;
      controller.systemLanguagesChanged();
    },
    hideRequests: () => hides,
    consentQuestions: () => [...questions],
    quitRequests: () => quits,
    openedLinks: () => links,
    start: (options) => controller.start(options),
    stop: () => controller.stop(),
  };
}

/** Each account's ledger file in `dir`, named as the app names it. */
function pendingFilesIn(dir: string): PendingFiles {
  return { forOwner: (owner) => createTextFile(join(dir, pendingFileName(owner))), legacy: createTextFile(join(dir, 'pending.json')) };
}
