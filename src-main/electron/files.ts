// Small atomic file helpers for the main process: the token file (owner-only) and
// the core's pending-change store. Write to a temp file, then rename: a crash never
// leaves half a file.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PendingFile } from '../app/ports';
import { backupPathFor } from '../app/settings-migration';
import type { SecretFile } from '../shell/token-vault';

async function writeAtomic(path: string, text: string, mode: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.tmp-${process.pid}-${Date.now()}`;
  await writeFile(temp, text, { encoding: 'utf8', mode });
  await rename(temp, path);
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Moves a file the app refuses aside (rename keeps its owner-only mode); answers where it went. */
async function moveAside(path: string): Promise<string> {
  const target = backupPathFor(path, new Date());
  await rename(path, target);
  return target;
}

/** Owner read/write only: even the ciphertext is nobody else's business. */
export function createSecretFile(path: string): SecretFile {
  return {
    read: () => readOrNull(path),
    write: (text) => writeAtomic(path, text, 0o600),
    remove: () => rm(path, { force: true }),
    backup: () => moveAside(path),
  };
}

/** The core's unsent changes (PendingStore) as a JSON file; unreadable content counts as nothing pending. */
export function createJsonPendingStore(path: string): PendingFile {
  return {
    backup: () => moveAside(path),
    async load() {
      const text = await readOrNull(path);
      if (text === null) return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    },
    save: (value) => writeAtomic(path, JSON.stringify(value), 0o600),
  };
}
