// Settings in a plain JSON file. Not electron-store: its constructor registers
// `ipcMain.on('electron-store-get-data')` with no sender check. A broken file is replaced by defaults, told once.
import { copyFile } from 'node:fs/promises';
import type { Settings } from '../../../src-shared/domain/settings';
import { backupNote, sentences } from '../../../src-shared/i18n/notice';
import { createTextFile } from '../storage/text-file';
import { backupPathFor, readSettingsText } from './settings-migration';
import type { SettingsLoad, SettingsStore } from '../ports';

export function createFileSettingsStore(path: string, now: () => Date = () => new Date()): SettingsStore {
  const file = createTextFile(path, now);
  let last: Promise<void> = Promise.resolve();
  /** One durable write at a time, in order. */
  const write = (settings: Settings): Promise<void> => {
    const done = last.then(() => file.write(`${JSON.stringify(settings, null, 2)}\n`));
    last = done.catch(() => undefined);
    return done;
  };

  return {
    async load(): Promise<SettingsLoad> {
      const outcome = readSettingsText((await file.read()) ?? undefined);
      if (outcome.kind === 'reset') {
        const backup = await file.backup();
        await write(outcome.settings);
        return { settings: outcome.settings, notice: sentences(outcome.notice, backupNote(backup)) };
      }
      if (outcome.kind === 'migrated') await write(outcome.settings);
      return outcome.kind === 'migrated' && outcome.notice ? { settings: outcome.settings, notice: outcome.notice } : { settings: outcome.settings };
    },
    save: write,
    async quarantine(replacement, reason) {
      const backup = backupPathFor(path, now());
      await copyFile(path, backup).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      });
      await write(replacement);
      return sentences(reason, backupNote(backup));
    },
  };
}
