// The counters each account saw last, kept on disk so a launch while the server is away
// still shows them ("offline since …") and still takes clicks. Keyed by the account's
// owner key (server origin + token digest, as the pending store): one account's counters
// are never shown under another. The file is untrusted: zod parses it; a file that does
// not parse is moved aside and replaced, with a notice, and the app starts anyway. Its
// names and refusal texts go through the sanitizer again (another program may have
// written them), and its clicks count only with their MAC (click-file-codec.ts), checked
// when the account they belong to is signed in: its token is the key.
import { z } from 'zod';
import { CounterState } from '../../src-shared/domain/snapshot';
import { sameData } from '../../src-shared/ipc/structural-sharing';
import { TEXT_LIMITS, type ServerTextCleaner } from '../../src-shared/text/server-text';
import type { Clock } from '../core/contract';
import { openEntries, refusedClicksNotice, sealEntries, type ClickSeal } from './click-file-codec';
import type { TextFile } from './ports';

/** Few people switch between more accounts; older ones are dropped first. */
const MAX_ACCOUNTS = 5;
/** Writes are batched: a burst of clicks is one write. */
const WRITE_DELAY_MS = 1_000;

const Entry = z.object({
  savedAt: z.number(),
  counters: z.array(CounterState),
  /** Net clicks per counter taken while no core ran, sent once the account connects. */
  unsent: z.record(z.string(), z.int()),
  /** A MAC per counter of `unsent`, under the account's key (absent in files of Counter Tray 0.2). */
  macs: z.record(z.string(), z.string()).optional(),
});
export type LastKnownEntry = z.infer<typeof Entry>;
const CacheFile = z.object({ version: z.literal(1), accounts: z.record(z.string(), Entry) });

export interface LastKnownCache {
  /** Reads the file; answers a notice when it was unusable and reset. */
  load(): Promise<{ notice?: string }>;
  get(owner: string): LastKnownEntry | undefined;
  /** The counters as the running core shows them now. */
  remember(owner: string, counters: readonly CounterState[]): void;
  addUnsent(owner: string, id: string, delta: number): void;
  /** Hands over the offline clicks (and forgets them: they now belong to the core's own ledger). */
  takeUnsent(owner: string): Record<string, number>;
  flush(): Promise<void>;
}

/** What is worth keeping of a counter: no in-flight flags, but what the server refused stays learned. */
function stored(counter: CounterState): CounterState {
  const { error: _error, ...rest } = counter;
  return { ...rest, pending: false };
}

export interface LastKnownTrust {
  serverText: ServerTextCleaner;
  /** The seal of an owner's clicks, when that account is signed in (undefined: they cannot be checked yet). */
  seal(owner: string): ClickSeal | undefined;
  /** Clicks in the file were refused (the file was backed up): tell the user once. */
  notice(message: string): void;
}

/** A counter as read from the file: its server texts sanitized like those that come from the core. */
function cleaned(counter: CounterState, serverText: ServerTextCleaner): CounterState {
  const refused = Object.fromEntries(Object.entries(counter.refused).flatMap(([direction, text]) => (text === undefined ? [] : [[direction, serverText(text)]])));
  return { ...counter, name: serverText(counter.name, TEXT_LIMITS.name), refused };
}

export function createLastKnownCache(file: TextFile, clock: Clock, log: (message: string) => void, trust: LastKnownTrust): LastKnownCache {
  let accounts: Record<string, LastKnownEntry> = {};
  /** Owners whose clicks came from the file and have not passed their MAC yet. */
  const unchecked = new Set<string>();
  let timer: unknown;
  let writing = Promise.resolve();

  const write = () => {
    timer = undefined;
    const text = JSON.stringify({ version: 1, accounts });
    writing = writing.then(() => file.write(text)).catch((e: unknown) => log(`last-known counters not saved: ${String(e)}`));
    return writing;
  };
  const schedule = () => {
    timer ??= clock.setTimeout(write, WRITE_DELAY_MS);
  };
  const put = (owner: string, entry: LastKnownEntry) => {
    const { [owner]: _old, ...others } = accounts;
    // Most recent last; drop the oldest beyond the limit.
    const kept = Object.entries(others).slice(-(MAX_ACCOUNTS - 1));
    const seal = trust.seal(owner);
    const { macs: _macs, ...rest } = entry;
    // Only the signed-in account writes clicks, and its seal is known then; without one nothing is kept to send.
    const sealed: LastKnownEntry = Object.keys(entry.unsent).length === 0 || !seal ? { ...rest, unsent: {} } : { ...rest, macs: sealEntries(seal, entry.unsent) };
    accounts = { ...Object.fromEntries(kept), [owner]: sealed };
    schedule();
  };

  /** The entry, its clicks checked once the account can be (and dropped, with a backup and a notice, when they fail). */
  const entryOf = (owner: string): LastKnownEntry | undefined => {
    const entry = accounts[owner];
    if (!entry || !unchecked.has(owner)) return entry;
    const seal = trust.seal(owner);
    if (!seal) return { ...entry, unsent: {} };
    unchecked.delete(owner);
    const { kept, refused } = openEntries(seal, entry.unsent, entry.macs);
    if (refused.length === 0) return entry;
    writing = writing
      .then(async () => {
        const backup = await file.backup().catch(() => 'nowhere (it could not be moved)');
        trust.notice(refusedClicksNotice('The saved copy of your counters (last-known-counters.json)', refused.length, backup));
      })
      .catch(() => undefined);
    put(owner, { ...entry, unsent: kept });
    return accounts[owner];
  };

  return {
    async load() {
      const text = await file.read().catch(() => null);
      if (text === null) return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const result = CacheFile.safeParse(parsed);
      if (result.success) {
        accounts = Object.fromEntries(
          Object.entries(result.data.accounts).map(([owner, entry]) => [owner, { ...entry, counters: entry.counters.map((c) => cleaned(c, trust.serverText)) }]),
        );
        unchecked.clear();
        for (const [owner, entry] of Object.entries(accounts)) if (Object.keys(entry.unsent).length > 0) unchecked.add(owner);
        return {};
      }
      const backup = await file.backup().catch(() => 'not possible');
      await file.write(JSON.stringify({ version: 1, accounts: {} })).catch(() => undefined);
      log(`last-known counters file unusable, reset (backup: ${backup})`);
      return { notice: `The saved copy of your counters could not be read and was reset; they show again once the server answers. (backup: ${backup})` };
    },
    get: entryOf,
    remember(owner, counters) {
      const previous = entryOf(owner);
      const next = counters.map(stored);
      if (previous && sameData(previous.counters, next)) return;
      put(owner, { savedAt: clock.now(), counters: next, unsent: previous?.unsent ?? {} });
    },
    addUnsent(owner, id, delta) {
      const entry = entryOf(owner);
      if (!entry) return;
      const net = (entry.unsent[id] ?? 0) + delta;
      const { [id]: _old, ...rest } = entry.unsent;
      put(owner, { ...entry, unsent: net === 0 ? rest : { ...rest, [id]: net } });
    },
    takeUnsent(owner) {
      const entry = entryOf(owner);
      if (!entry || Object.keys(entry.unsent).length === 0) return {};
      put(owner, { ...entry, unsent: {} });
      return entry.unsent;
    },
    async flush() {
      if (timer !== undefined) {
        clock.clearTimeout(timer);
        await write();
      } else await writing;
    },
  };
}
