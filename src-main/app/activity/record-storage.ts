// Where the activity record lives: every write fits what a reader accepts and stays off the click path.
import type { Clock } from '../../core/contract';
import type { TextFile } from '../ports';
import { accountFilePath, createAccountJsonFile, createMemoryAccountFile, type AccountJsonFile } from '../storage/account-json-file';
import { createTextFile } from '../storage/text-file';
import { ActivityRecord } from './record';
import { FILE_LIMITS, RecordFile, type RecordFileV2 } from './record-file';

export type RecordStorage = AccountJsonFile<ActivityRecord, RecordFile>;

/** Named by the owner key (a digest, never the token). */
export function recordPathFor(dir: string, ownerKey: string): string {
  return accountFilePath(dir, 'activity', ownerKey);
}

export function createMemoryRecordStorage(): RecordStorage {
  return createMemoryAccountFile(() => new ActivityRecord());
}

export function createFileRecordStorage(path: string, options: { now?: () => Date } = {}): RecordStorage {
  return createTextRecordStorage(createTextFile(path, options.now));
}

export function createTextRecordStorage(file: TextFile): RecordStorage {
  return createAccountJsonFile(file, {
    schema: RecordFile,
    fresh: () => new ActivityRecord(),
    fromFile: (data) => ActivityRecord.fromFile(data),
    unreadable: (i18n) => i18n.t('notice.activityUnreadable'),
    reset: (i18n) => i18n.t('notice.activityReset'),
    maxBytes: FILE_LIMITS.bytes,
  });
}

/** The most characters a day total or an event can take in the file. */
const WORST_DAY = 2 * 26;
const WORST_EVENT = 220;
const WORST_COUNTER = 200;

/** Shrunk until a reader would accept it: the app never writes a file it would refuse at the next launch. */
export function fittedFile(record: ActivityRecord, maxBytes: number = FILE_LIMITS.bytes): RecordFileV2 {
  for (;;) {
    const file = record.toFile();
    if (worstSize(file) <= maxBytes || Buffer.byteLength(JSON.stringify(file)) <= maxBytes) return file;
    if (!record.shrink()) return file;
  }
}

/** An upper bound of the file's length, cheap enough for every write. */
function worstSize(file: RecordFileV2): number {
  let size = 200;
  for (const log of Object.values(file.counters)) size += WORST_COUNTER + log.events.length * WORST_EVENT + log.days.you.length * WORST_DAY;
  return size;
}

export function createRecordWriter(options: {
  snapshot: () => RecordFile;
  save: (file: RecordFile) => Promise<void>;
  clock: Clock;
  delayMs?: number;
  onError?: (error: unknown) => void;
}) {
  const delayMs = options.delayMs ?? 1_000;
  let timer: unknown;
  let dirty = false;
  let writing: Promise<void> | undefined;

  const write = async (): Promise<void> => {
    while (dirty) {
      dirty = false;
      try {
        await options.save(options.snapshot());
      } catch (error) {
        options.onError?.(error);
        return;
      }
    }
  };
  const start = (): Promise<void> => {
    if (timer !== undefined) options.clock.clearTimeout(timer);
    timer = undefined;
    writing ??= write().finally(() => {
      writing = undefined;
      if (dirty && timer === undefined) timer = options.clock.setTimeout(() => void start(), delayMs);
    });
    return writing;
  };

  return {
    schedule() {
      dirty = true;
      if (timer === undefined && !writing) timer = options.clock.setTimeout(() => void start(), delayMs);
    },
    async flush() {
      if (writing) await writing;
      if (dirty) await start();
    },
    dispose() {
      if (timer !== undefined) options.clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type RecordWriter = ReturnType<typeof createRecordWriter>;
