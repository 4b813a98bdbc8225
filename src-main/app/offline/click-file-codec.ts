// Clicks on disk are authenticated: another program that can write the app's
// data folder could otherwise add `{ "<id>": 1000000 }` to a file of unsent clicks and the
// app would send it with the user's token. Each file (or account entry) that holds clicks
// carries an HMAC-SHA256 over its owner and its clicks, under a key derived from the
// account's token: the one secret the vault keeps (encrypted by the OS key store), and the
// one the user types again where nothing can be stored (memory-only), so the key is there
// whenever the clicks may be sent, and a program without the token cannot forge it.
// A file that fails the check is not used: the store backs it up and the user is told.
import { backupNote, sentences, type Said } from '../../../src-shared/i18n/notice';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What authenticates one account's clicks: its owner key and the key derived from its token. */
export interface ClickSeal {
  owner: string;
  key: Buffer;
  /**
   * Clicks written before files were authenticated (Counter Tray 0.2) are accepted at the
   * launch that upgrades the token vault (the vault's own authenticated record proves it), and
   * only then: the first write seals them.
   */
  acceptUnsealed?: boolean;
}

const KEY_INFO = 'counter-tray/click-files/v1';

export function clickFileKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(token, 'utf8'), Buffer.alloc(0), KEY_INFO, 32));
}

export function sealFor(owner: string, token: string, acceptUnsealed = false): ClickSeal {
  return { owner, key: clickFileKey(token), ...(acceptUnsealed ? { acceptUnsealed } : {}) };
}

/** The MAC of one counter's clicks for this owner (hex). JSON.stringify of a parsed file gives back the text it was written as. */
export function macEntry(seal: ClickSeal, id: string, clicks: unknown): string {
  return createHmac('sha256', seal.key).update(JSON.stringify([seal.owner, id, clicks ?? null])).digest('hex');
}

/** One MAC per counter: a click another program adds is refused alone, and every click the app wrote is kept. */
export function sealEntries(seal: ClickSeal, entries: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).map(([id, clicks]) => [id, macEntry(seal, id, clicks)]));
}

export interface OpenedEntries<T> {
  /** The entries this app wrote for this owner (all of them, for a 0.2 file at the upgrade launch). */
  kept: Record<string, T>;
  /** Counter ids whose clicks were not written by this app (added, changed, moved, or without a MAC). */
  refused: string[];
}

export function openEntries<T>(seal: ClickSeal, entries: Readonly<Record<string, T>>, macs: unknown): OpenedEntries<T> {
  const known = macs !== null && typeof macs === 'object' ? (macs as Record<string, unknown>) : undefined;
  const kept: Record<string, T> = {};
  const refused: string[] = [];
  for (const [id, clicks] of Object.entries(entries)) {
    const mac = known && Object.hasOwn(known, id) ? known[id] : undefined;
    const ok = mac === undefined ? known === undefined && seal.acceptUnsealed === true : typeof mac === 'string' && sameMac(mac, macEntry(seal, id, clicks));
    if (ok) kept[id] = clicks;
    else refused.push(id);
  }
  return { kept, refused };
}

function sameMac(given: string, expected: string): boolean {
  return /^[0-9a-f]{64}$/.test(given) && timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
}

/** Which file held them: the account's file of unsent clicks, or 0.2's pending.json. */
export type ClickFileName = 'pending' | 'legacy';

/** The words for refused clicks: which file, how many counters, where the file went (null: no backup). */
export function refusedClicksNotice(file: ClickFileName, counters: number, backup: string | null): Said {
  return sentences((i18n) => i18n.t('notice.clicksRefused', { file, counters }), backupNote(backup));
}
