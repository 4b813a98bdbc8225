// Settings in a plain JSON file (the headless harness; the Electron app uses
// electron-store through the same migration rules). A broken file is moved aside
// and replaced by defaults: the app starts, and tells the user once.
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Settings } from '../../src-shared/domain/settings';
import { backupNote, sentences } from '../../src-shared/i18n/notice';
import { backupPathFor, readSettingsText } from './settings-migration';
import type { SettingsLoad, SettingsStore } from './ports';

export function createFileSettingsStore(path: string, now: () => Date = () => new Date()): SettingsStore {
  const write = async (settings: Settings) => {
    await mkdir(dirname(path), { recursive: true });
    // Write then rename: a crash mid-write leaves the old file, never half a file.
    const temp = `${path}.tmp-${process.pid}`;
    await writeFile(temp, `${JSON.stringify(settings, null, 2)}\n`, 'utf8');
    await rename(temp, path);
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
