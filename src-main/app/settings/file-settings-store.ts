// Settings in a plain JSON file. Not electron-store: its constructor registers
// `ipcMain.on('electron-store-get-data')` with no sender check. A broken file is replaced by defaults, told once.
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Settings } from '../../../src-shared/domain/settings';
import { backupNote, sentences } from '../../../src-shared/i18n/notice';
import { backupPathFor, readSettingsText } from './settings-migration';
import type { SettingsLoad, SettingsStore } from '../ports';

export function createFileSettingsStore(path: string, now: () => Date = () => new Date()): SettingsStore {
  let writes = 0;
  let last: Promise<void> = Promise.resolve();
  /** One write at a time, in order, each to its own temp file. */
  const write = (settings: Settings): Promise<void> => {
    const text = `${JSON.stringify(settings, null, 2)}\n`;
    const temp = `${path}.tmp-${process.pid}-${(writes += 1)}`;
    const done = last.then(async () => {
      await mkdir(dirname(path), { recursive: true });
      // A crash mid-write leaves the old file, never half a file.
      await writeFile(temp, text, 'utf8');
      await rename(temp, path);
    });
    last = done.catch(() => undefined);
    return done;
  };

  return {
    async load(): Promise<SettingsLoad> {
      let text: string | undefined;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const outcome = readSettingsText(text);
      if (outcome.kind === 'reset') {
        const backup = backupPathFor(path, now());
        await rename(path, backup);
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
