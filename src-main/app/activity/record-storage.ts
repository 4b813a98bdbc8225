// Where the activity record lives: a JSON file in the app's data folder (an account), or
// nowhere (the demo, whose activity is forgotten with it). The file is untrusted: parsed
// on every load; a corrupt or foreign file is moved aside and the record starts empty,
// with a notice for the user, so a bad file can never keep the app from starting.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ActivityRecord, RecordFile, type RecordLimits } from './record';

export interface RecordLoad {
  record: ActivityRecord;
  /** Set when the file could not be used: tell the user once. */
  notice?: string;
}

export interface RecordStorage {
  load(): Promise<RecordLoad>;
  save(file: RecordFile): Promise<void>;
}

/** One file per account in the data folder, named by the account's owner key (a digest, never the token). */
export function recordPathFor(dir: string, ownerKey: string): string {
  return join(dir, `activity-${ownerKey.slice(0, 16)}.json`);
}

/** The demo's: nothing leaves memory. */
export function createMemoryRecordStorage(limits?: RecordLimits): RecordStorage {
  return {
    load: () => Promise.resolve({ record: new ActivityRecord(limits) }),
    save: () => Promise.resolve(),
  };
}

export function createFileRecordStorage(path: string, options: { now?: () => Date; limits?: RecordLimits } = {}): RecordStorage {
  const now = options.now ?? (() => new Date());
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { record: new ActivityRecord(options.limits) };
        // Unreadable (permissions, a directory): run without history rather than not at all.
        return { record: new ActivityRecord(options.limits), notice: `The activity record could not be read (${(error as Error).message}); this run starts a new one.` };
      }
      const parsed = RecordFile.safeParse(parseJson(text));
      if (parsed.success) return { record: ActivityRecord.fromFile(parsed.data, options.limits) };
      const backup = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}.bak`;
      try {
        await rename(path, backup);
      } catch {
        // Could not move it aside: the next save overwrites it, the notice still says so.
      }
      return { record: new ActivityRecord(options.limits), notice: `The activity record was unreadable and has been reset (backup: ${backup}).` };
    },
    async save(file) {
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a crash mid-write leaves the previous file, never half a file.
      const temp = `${path}.tmp-${process.pid}`;
      await writeFile(temp, JSON.stringify(file), 'utf8');
      await rename(temp, path);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
