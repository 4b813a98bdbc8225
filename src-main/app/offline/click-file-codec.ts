// Clicks on disk carry an HMAC per counter: a program that can write the data folder could otherwise
// add `{ "<id>": 1000000 }` and the app would send it. The key is derived from the token.
import { backupNote, sentences, type Said } from '../../../src-shared/i18n/notice';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface ClickSeal {
  owner: string;
  key: Buffer;
  /** Only at the launch that upgrades the token vault (its authenticated record proves it). */
  acceptUnsealed?: boolean;
}

const KEY_INFO = 'counter-tray/click-files/v1';

function clickFileKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(token, 'utf8'), Buffer.alloc(0), KEY_INFO, 32));
}

export function sealFor(owner: string, token: string, acceptUnsealed = false): ClickSeal {
  return { owner, key: clickFileKey(token), ...(acceptUnsealed ? { acceptUnsealed } : {}) };
}

/** JSON.stringify of a parsed file gives back the text it was written as. */
function macEntry(seal: ClickSeal, id: string, clicks: unknown): string {
  return createHmac('sha256', seal.key).update(JSON.stringify([seal.owner, id, clicks ?? null])).digest('hex');
}

/** A click another program adds is refused alone; every click the app wrote is kept. */
export function sealEntries(seal: ClickSeal, entries: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).map(([id, clicks]) => [id, macEntry(seal, id, clicks)]));
}

interface OpenedEntries<T> {
  kept: Record<string, T>;
  /** Not written by this app (added, changed, moved, or without a MAC). */
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

export type ClickFileName = 'pending' | 'legacy';

export function refusedClicksNotice(file: ClickFileName, counters: number, backup: string | null): Said {
  return sentences((i18n) => i18n.t('notice.clicksRefused', { file, counters }), backupNote(backup));
}
