// Where an account's unsent clicks live (the core's one ledger, issue 22): one file per
// account, `pending-<owner key>.json`, written durably (app/text-file.ts) before a click is
// acknowledged. Replayed under another token they would be applied as someone else, so the
// file carries its owner key (a digest of server and token, never the token) and a file of
// another owner loads as nothing. The file is untrusted: parsed and re-validated against
// the ledger's own schema on every load; a file that does not parse, or names another
// owner, is backed up and reset with a notice, never silently trusted or dropped.
// One parsed document in, one out: a codec (issue 23's authentication) wraps `file`.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PendingStore } from '../core/contract';
import { AnyPendingDocument } from '../core/pending-ledger';
import type { TextFile } from './ports';

const OwnedPending = z.object({ owner: z.string(), pending: AnyPendingDocument });

export function accountOwnerKey(baseUrl: string, token: string): string {
  return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex');
}

/** The account's file name in the data folder: its owner key (a digest), never the token. */
export function pendingFileName(owner: string): string {
  return `pending-${owner.slice(0, 16)}.json`;
}

export interface AccountPendingFiles {
  file: TextFile;
  /** The single `pending.json` of Counter Tray 0.2: read once for its owner, then retired. */
  legacy?: TextFile & { remove(): Promise<void> };
  /** A file could not be used and was backed up: tell the user (and the log). */
  notice(message: string): void;
}

export function createAccountPendingStore(owner: string, { file, legacy, notice }: AccountPendingFiles): PendingStore {
  let retireLegacy = false;

  /** The ledger's document in `text`, or undefined after backing up a file that is not one of ours. */
  async function parse(text: string, from: TextFile, what: string): Promise<unknown> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const saved = OwnedPending.safeParse(json);
    if (saved.success && saved.data.owner === owner) return saved.data.pending;
    const why = saved.success ? 'it belongs to another account' : 'it could not be read';
    const backup = await from.backup().catch(() => 'not possible');
    notice(`Unsent clicks in ${what} were set aside because ${why}; nothing of them was sent. (backup: ${backup})`);
    return undefined;
  }

  return {
    async load() {
      let text: string | null;
      try {
        text = await file.read();
      } catch (error) {
        // Unreadable (permissions, I/O): moved aside, so the next write cannot overwrite what it may hold.
        const backup = await file.backup().catch(() => 'not possible');
        notice(`The pending-clicks file could not be read (${error instanceof Error ? error.message : String(error)}) and was set aside; nothing of it was sent. (backup: ${backup})`);
        return undefined;
      }
      if (text !== null) return parse(text, file, 'the pending-clicks file');
      const old = await legacy?.read().catch(() => null);
      if (!old) return undefined;
      // 0.2 kept one account's clicks in pending.json; another account's are not ours to touch.
      let owned: unknown;
      try {
        owned = JSON.parse(old);
      } catch {
        return undefined;
      }
      const saved = OwnedPending.safeParse(owned);
      if (!saved.success || saved.data.owner !== owner) return undefined;
      retireLegacy = true;
      return saved.data.pending;
    },
    async save(pending) {
      await file.write(JSON.stringify({ owner, pending }));
      if (retireLegacy && legacy) {
        // Now in the account's own file: the old one must not hand them over a second time.
        retireLegacy = false;
        await legacy.remove();
      }
    },
  };
}
