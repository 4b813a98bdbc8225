// Where the activity record lives: a JSON file in the app's data folder (an account), or
// nowhere (the demo, whose activity is forgotten with it). The file is untrusted: parsed
// on every load; a corrupt or foreign file is moved aside and the record starts empty,
// with a notice for the user, so a bad file can never keep the app from starting.
import { join } from 'node:path';
import type { TextFile } from '../ports';
import { readParsed } from '../storage/parsed-file';
import { createTextFile } from '../storage/text-file';
import { ActivityRecord, RecordFile, type RecordLimits } from './record';
import { backupNote, sentences, type Said } from '../../../src-shared/i18n/notice';

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
  return createTextRecordStorage(createTextFile(path, options.now), options.limits);
}

/** The record in one of the app's files (app/text-file.ts: durable, atomic writes; a bad file moved aside). */
export function createTextRecordStorage(file: TextFile, limits?: RecordLimits): RecordStorage {
  return {
    async load() {
      const read = await readParsed(file, RecordFile);
      switch (read.status) {
        case 'ok':
          return { record: ActivityRecord.fromFile(read.data, limits) };
        case 'missing':
          return { record: new ActivityRecord(limits) };
        case 'unreadable':
          // Unreadable (permissions, a directory): run without history rather than not at all.
          return { record: new ActivityRecord(limits), notice: (i18n) => i18n.t('notice.activityUnreadable') };
        case 'invalid':
          // Could not move it aside (no backup): the next save overwrites it, the notice still says so.
          return { record: new ActivityRecord(limits), notice: sentences((i18n) => i18n.t('notice.activityReset'), backupNote(read.backup)) };
      }
    },
    save: (record) => file.write(JSON.stringify(record)),
  };
}
