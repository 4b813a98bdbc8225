// The counters each account saw last, so a launch while the server is away still shows them; no
// clicks (those go to the account's core and its ledger). Keyed by owner key, so never shown under
// another account; the file is untrusted: zod-parsed, its texts sanitized again.
import { z } from 'zod';
import { CounterState } from '../../../src-shared/domain/snapshot';
import { TEXT_LIMITS, type ServerTextCleaner } from '../../../src-shared/text/server-text';
import type { Clock } from '../../core/contract';
import type { TextFile } from '../ports';
import { backupNote, sentences, type Notice } from '../../../src-shared/i18n/notice';
import { english } from '../../../src-shared/i18n/compile';
import type { Translator } from '../../../src-shared/i18n/translator';

/** Few people switch between more accounts; older ones are dropped first. */
const MAX_ACCOUNTS = 5;
const WRITE_DELAY_MS = 1_000;

const Entry = z.object({
  savedAt: z.number(),
  counters: z.array(CounterState),
  /** Counter Tray 0.2 kept offline clicks here; read only to tell the user they were not carried over. */
  unsent: z.record(z.string(), z.int()).optional(),
});
export type LastKnownEntry = Omit<z.infer<typeof Entry>, 'unsent'>;
const CacheFile = z.object({ version: z.literal(1), accounts: z.record(z.string(), Entry) });

export interface LastKnownCache {
  load(): Promise<{ notice?: Notice }>;
  get(owner: string): LastKnownEntry | undefined;
  remember(owner: string, counters: readonly CounterState[]): void;
  flush(): Promise<void>;
}

/** What is worth keeping of a counter: no in-flight flags, but what the server refused stays learned. */
function stored(counter: CounterState): CounterState {
  const { error: _error, ...rest } = counter;
  return { ...rest, pending: false };
}

/** Server texts from the file sanitized like the core's. */
function cleaned(counter: CounterState, serverText: ServerTextCleaner): CounterState {
  const refused = Object.fromEntries(Object.entries(counter.refused).flatMap(([direction, text]) => (text === undefined ? [] : [[direction, serverText(text)]])));
  return { ...counter, name: serverText(counter.name, TEXT_LIMITS.name), refused };
}

export function createLastKnownCache(file: TextFile, clock: Clock, log: (message: string) => void, serverText: ServerTextCleaner): LastKnownCache {
  let accounts: Record<string, LastKnownEntry> = {};
  /** Per account, the list last remembered as the core showed it: the same counter objects again, nothing to write. */
  const remembered = new Map<string, readonly CounterState[]>();
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
    const kept = Object.entries(others).slice(-(MAX_ACCOUNTS - 1));
    accounts = { ...Object.fromEntries(kept), [owner]: entry };
    schedule();
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
        accounts = {};
        const stale: { net: number; name: string }[] = [];
        for (const [owner, { unsent, ...entry }] of Object.entries(result.data.accounts)) {
          accounts[owner] = { ...entry, counters: entry.counters.map((counter) => cleaned(counter, serverText)) };
          for (const [id, net] of Object.entries(unsent ?? {})) {
            // The file is untrusted: the name told comes from the cleaned counters, an unknown id through the sanitizer too.
            const name = accounts[owner].counters.find((c) => c.id === id)?.name ?? serverText(id, TEXT_LIMITS.name);
            if (net !== 0) stale.push({ net, name });
          }
        }
        if (stale.length === 0) return {};
        schedule(); // rewritten without them: told once
        const clicks = (i18n: Translator) => i18n.list(stale.map(({ net, name }) => i18n.t('notice.staleClick', { amount: i18n.signed(net), name })));
        log(`last-known counters file held offline clicks of an older version, not sent: ${clicks(english())}`);
        return { notice: { title: 'notice.clicksNotSentTitle', body: (i18n) => i18n.t('notice.staleOfflineClicks', { clicks: clicks(i18n) }) } };
      }
      const backup = await file.backup().catch(() => null);
      await file.write(JSON.stringify({ version: 1, accounts: {} })).catch(() => undefined);
      log(`last-known counters file unusable, reset (backup: ${backup ?? 'not possible'})`);
      return { notice: { title: 'notice.savedCountersTitle', body: sentences((i18n) => i18n.t('notice.savedCountersReset'), backupNote(backup)) } };
    },
    get: (owner) => accounts[owner],
    remember(owner, counters) {
      const last = remembered.get(owner);
      if (accounts[owner] && last?.length === counters.length && last.every((c, i) => c === counters[i])) return;
      remembered.set(owner, counters);
      put(owner, { savedAt: clock.now(), counters: counters.map(stored) });
    },
    async flush() {
      if (timer !== undefined) {
        clock.clearTimeout(timer);
        await write();
      } else await writing;
    },
  };
}
