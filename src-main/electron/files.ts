// The token file (owner-only), written to a temp file then renamed: a crash never leaves half a file.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { backupPathFor } from '../app/settings/settings-migration';
import type { SecretFile } from '../desktop/token-vault';

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

/** Owner-only: even the ciphertext is nobody else's business (a refused file's rename keeps the mode). */
export function createSecretFile(path: string): SecretFile {
  return {
    read: () => readOrNull(path),
    write: (text) => writeAtomic(path, text, 0o600),
    remove: () => rm(path, { force: true }),
    async backup() {
      const target = backupPathFor(path, new Date());
      await rename(path, target);
      return target;
    },
  };
}
