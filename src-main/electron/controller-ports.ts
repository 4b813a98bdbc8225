// What the app controller takes from Electron and the profile folder (app/ports.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { App, Dialog, SafeStorage, Shell } from 'electron';
import { publicWebPage } from '../../src-shared/domain/server-address';
import type { Translator } from '../../src-shared/i18n/translator';
import { pendingFileName } from '../app/offline/account-pending-store';
import type { AppControllerDeps, AppPlatform, Logger } from '../app/ports';
import { startDemoService } from '../app/session/demo';
import { realCoreFactory } from '../app/session/real-core';
import { createFileSettingsStore } from '../app/settings/file-settings-store';
import { createTextFile } from '../app/storage/text-file';
import { createSafeStorageVault } from '../desktop/token-vault';
import { accentColorSource, type SystemPreferencesLike } from './accent-color';
import { createConsentDialog } from './consent-dialog';
import { createSecretFile } from './files';
import { createOpenDialog, createSaveDialog } from './save-dialog';
import { themeSource, type NativeThemeLike } from './system';

interface ElectronParts {
  app: Pick<App, 'getPreferredSystemLanguages' | 'getVersion' | 'quit'>;
  dialog: Pick<Dialog, 'showMessageBox' | 'showSaveDialog' | 'showOpenDialog'>;
  safeStorage: SafeStorage;
  nativeTheme: NativeThemeLike;
  systemPreferences: SystemPreferencesLike;
  shell: Pick<Shell, 'openExternal'>;
}

type MainParts = Pick<AppControllerDeps, 'systemTimezone' | 'windowMaterial' | 'hideWindow' | 'windows' | 'updates'> & {
  userData: string;
  platform: AppPlatform;
  logger: Logger;
  /** The controller's, once it exists: dialogs speak the app's language. */
  translator(): Translator;
};

export function electronPorts(electron: ElectronParts, { userData, platform, logger, translator, ...main }: MainParts): AppControllerDeps {
  const warn = (message: string) => logger.warn(message);
  return {
    ...main,
    coreFactory: realCoreFactory,
    // Not electron-store: it registers an unchecked ipcMain listener.
    settings: createFileSettingsStore(join(userData, 'settings.json')),
    vault: createSafeStorageVault({ safeStorage: electron.safeStorage, platform, file: createSecretFile(join(userData, 'token.json')), log: warn }),
    // No parent window: a sheet on the popup would hide with it on blur.
    consent: createConsentDialog((options) => electron.dialog.showMessageBox(options), translator, warn),
    saveFile: createSaveDialog((options) => electron.dialog.showSaveDialog(options), (path, text) => writeFile(path, text, 'utf8'), translator),
    openFile: createOpenDialog((options) => electron.dialog.showOpenDialog(options), (path, limit) => createTextFile(path).read(limit), translator),
    demo: () => startDemoService({ onError: warn }),
    platform,
    systemLanguages: () => electron.app.getPreferredSystemLanguages(),
    theme: themeSource(electron.nativeTheme),
    logger,
    pendingFiles: { forOwner: (owner) => createTextFile(join(userData, pendingFileName(owner))), legacy: createTextFile(join(userData, 'pending.json')) },
    lastKnownFile: createTextFile(join(userData, 'last-known-counters.json')),
    activityDir: userData,
    appVersion: electron.app.getVersion(),
    accent: accentColorSource(platform, electron.systemPreferences),
    quit: () => electron.app.quit(),
    // publicWebPage() refuses any origin but the public site's.
    openPublicPage: (path) => void electron.shell.openExternal(publicWebPage(path)).catch((error: unknown) => logger.warn(`open link failed: ${String(error)}`)),
  };
}
