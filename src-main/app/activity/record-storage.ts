// Where the activity record lives: a JSON file in the app's data folder (an account), or
// nowhere (the demo, whose activity is forgotten with it); storage/account-json-file.ts
// reads, checks and resets it like the account's other files.
import type { TextFile } from '../ports';
import { accountFilePath, createAccountJsonFile, createMemoryAccountFile, type AccountJsonFile } from '../storage/account-json-file';
import { createTextFile } from '../storage/text-file';
import { ActivityRecord, RecordFile } from './record';
import type { Said } from '../../../src-shared/i18n/notice';

export interface RecordLoad {
  record: ActivityRecord;
  /** Set when the file could not be used: tell the user once. */
  notice?: Said;
}

export interface RecordStorage {
  load(): Promise<RecordLoad>;
  save(file: RecordFile): Promise<void>;
}

/** One file per account in the data folder, named by the account's owner key (a digest, never the token). */
export function recordPathFor(dir: string, ownerKey: string): string {
  return accountFilePath(dir, 'activity', ownerKey);
}

function asRecordStorage(file: AccountJsonFile<ActivityRecord, RecordFile>): RecordStorage {
  return {
    async load() {
      const { value, notice } = await file.load();
      return { record: value, ...(notice ? { notice } : {}) };
    },
    save: (record) => file.save(record),
  };
}

/** The demo's: nothing leaves memory. */
export function createMemoryRecordStorage(): RecordStorage {
  return asRecordStorage(createMemoryAccountFile(() => new ActivityRecord()));
}

export function createFileRecordStorage(path: string, options: { now?: () => Date } = {}): RecordStorage {
  return createTextRecordStorage(createTextFile(path, options.now));
}

/** The record in one of the app's files (storage/text-file.ts: durable, atomic writes). */
export function createTextRecordStorage(file: TextFile): RecordStorage {
  return asRecordStorage(
    createAccountJsonFile(file, {
      schema: RecordFile,
      fresh: () => new ActivityRecord(),
      fromFile: (data) => ActivityRecord.fromFile(data),
      unreadable: (i18n) => i18n.t('notice.activityUnreadable'),
      reset: (i18n) => i18n.t('notice.activityReset'),
    }),
  );
}
