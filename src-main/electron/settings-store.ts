// Settings in electron-store (issue 4 §5), validated and migrated with our zod
// schema (app/settings-migration), not electron-store's ajv schema. A file that
// is not JSON makes electron-store throw (clearInvalidConfig: false, so it never
// wipes silently): we move it aside and start again with defaults.
import { DEFAULT_SETTINGS, type Settings } from '../../src-shared/domain/settings';
import { backupNote, sentences, type Said } from '../../src-shared/i18n/notice';
import type { SettingsLoad, SettingsStore } from '../app/ports';
import { backupPathFor, migrateSettings } from '../app/settings-migration';

/** The part of an electron-store (conf) instance we use. */
export interface ConfLike {
  store: Record<string, unknown>;
}

export interface ElectronSettingsStoreDeps {
  /** `new Store({ name: 'settings', cwd: userData, clearInvalidConfig: false })`. */
  open(): ConfLike;
  /** The JSON file that open() reads. */
  filePath: string;
  moveFile(from: string, to: string): Promise<void>;
  copyFile(from: string, to: string): Promise<void>;
  now?: () => Date;
}

export function createElectronSettingsStore(deps: ElectronSettingsStoreDeps): SettingsStore {
  const now = deps.now ?? (() => new Date());
  let conf: ConfLike | undefined;

  return {
    async load(): Promise<SettingsLoad> {
      let notice: Said | undefined;
      try {
        conf = deps.open();
      } catch {
        const backup = backupPathFor(deps.filePath, now());
        await deps.moveFile(deps.filePath, backup);
        conf = deps.open();
        notice = sentences((i18n) => i18n.t('notice.settingsUnreadable'), backupNote(backup));
      }
      const raw = conf.store;
      if (Object.keys(raw).length === 0) {
        conf.store = { ...DEFAULT_SETTINGS };
        return notice ? { settings: DEFAULT_SETTINGS, notice } : { settings: DEFAULT_SETTINGS };
      }
      const outcome = migrateSettings(raw);
      if (outcome.kind === 'reset') {
        const backup = backupPathFor(deps.filePath, now());
        await deps.copyFile(deps.filePath, backup);
        notice = sentences(outcome.notice, backupNote(backup));
      } else if (outcome.kind === 'migrated') {
        notice = outcome.notice;
      }
      if (outcome.kind !== 'ok') conf.store = { ...outcome.settings };
      return notice ? { settings: outcome.settings, notice } : { settings: outcome.settings };
    },
    async save(settings: Settings): Promise<void> {
      if (!conf) throw new Error('settings saved before they were loaded');
      conf.store = { ...settings };
    },
    async quarantine(replacement: Settings, reason: Said): Promise<Said> {
      if (!conf) throw new Error('settings quarantined before they were loaded');
      const backup = backupPathFor(deps.filePath, now());
      await deps.copyFile(deps.filePath, backup);
      conf.store = { ...replacement };
      return sentences(reason, backupNote(backup));
    },
  };
}
