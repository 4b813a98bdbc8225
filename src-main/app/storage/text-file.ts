// Durable writes (temp file, fsync, rename, folder fsync): a crash leaves the old file or the new one.
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TextFile } from '../ports';

/** Refused unread (moved aside like any bad file): a huge one never fills memory. */
export class FileTooLargeError extends Error {
  constructor(readonly bytes: number, readonly maxBytes: number) {
    super(`file of ${bytes} bytes, over the ${maxBytes} allowed`);
    this.name = 'FileTooLargeError';
  }
}

export function createTextFile(path: string, now: () => Date = () => new Date()): TextFile & { remove(): Promise<void> } {
  let writes = 0;
  return {
    async read(limit) {
      try {
        if (!limit) return await readFile(path, 'utf8');
        const handle = await open(path, 'r');
        try {
          const { size } = await handle.stat();
          if (size > limit.maxBytes) throw new FileTooLargeError(size, limit.maxBytes);
          const bytes = await handle.readFile();
          // It may have grown between the two calls.
          if (bytes.length > limit.maxBytes) throw new FileTooLargeError(bytes.length, limit.maxBytes);
          return bytes.toString('utf8');
        } finally {
          await handle.close();
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(text) {
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.tmp-${process.pid}-${now().getTime()}-${(writes += 1)}`;
      try {
        const handle = await open(temp, 'w', 0o600);
        try {
          await handle.writeFile(text, 'utf8');
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      await syncFolder(dirname(path));
    },
    async backup() {
      const target = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}.bak`;
      await rename(path, target);
      return target;
    },
    remove: () => rm(path, { force: true }),
  };
}

/** POSIX: the rename is durable once the folder is fsync'd; Windows cannot flush a folder. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Some network mounts cannot flush a folder: the file itself was flushed.
  } finally {
    await handle?.close();
  }
}
