// One untrusted JSON file per account (memory for the demo): a bad one is moved aside, the account starts afresh.
import { join } from 'node:path';
import type { z } from 'zod';
import { backupNote, sentences, type Said } from '../../../src-shared/i18n/notice';
import type { TextFile } from '../ports';
import { readParsed } from './parsed-file';

/** `notice`: what to tell the user once. */
export interface AccountLoad<T> {
  value: T;
  notice?: Said;
}

export interface AccountJsonFile<T, F> {
  load(): Promise<AccountLoad<T>>;
  save(data: F): Promise<void>;
}

interface AccountFileRules<T, F> {
  schema: z.ZodType<F>;
  fresh(): T;
  fromFile(data: F): T;
  /** Exists but cannot be read (permissions, a directory): left where it is. */
  unreadable: Said;
  /** Broke its schema and was moved aside. */
  reset: Said;
  /** A larger file is refused unread, as one that breaks the schema. */
  maxBytes?: number;
}

export function accountFilePath(dir: string, kind: string, ownerKey: string): string {
  return join(dir, `${kind}-${ownerKey.slice(0, 16)}.json`);
}

export function createAccountJsonFile<T, F>(file: TextFile, rules: AccountFileRules<T, F>): AccountJsonFile<T, F> {
  return {
    async load() {
      const read = await readParsed(file, rules.schema, rules.maxBytes === undefined ? {} : { maxBytes: rules.maxBytes });
      switch (read.status) {
        case 'ok':
          return { value: rules.fromFile(read.data) };
        case 'missing':
          return { value: rules.fresh() };
        case 'unreadable':
          return { value: rules.fresh(), notice: rules.unreadable };
        case 'invalid':
          // No backup: the next save overwrites it.
          return { value: rules.fresh(), notice: sentences(rules.reset, backupNote(read.backup)) };
      }
    },
    save: (data) => file.write(JSON.stringify(data)),
  };
}

export function createMemoryAccountFile<T, F>(fresh: () => T): AccountJsonFile<T, F> {
  return { load: () => Promise.resolve({ value: fresh() }), save: () => Promise.resolve() };
}
