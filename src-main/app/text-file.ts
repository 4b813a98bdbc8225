// A plain file for state the app can rebuild (the last-known counters): write to a temp
// file then rename, so a crash never leaves half a file; a bad file is moved aside.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TextFile } from './ports';

export function createTextFile(path: string, now: () => Date = () => new Date()): TextFile {
  return {
    async read() {
      try {
        return await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(text) {
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.tmp-${process.pid}-${now().getTime()}`;
      await writeFile(temp, text, { encoding: 'utf8', mode: 0o600 });
      await rename(temp, path);
    },
    async backup() {
      const target = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}.bak`;
      await rename(path, target);
      return target;
    },
  };
}
