// The counters each account saw last, shown while a launch cannot reach the server, and the refusals
// learned across runs. The file is untrusted: zod-parsed, texts sanitized again.
import { z } from 'zod';
import { CounterState, type Direction } from '../../../src-shared/domain/snapshot';
import { english } from '../../../src-shared/i18n/compile';
import { words } from '../../../src-shared/i18n/messages';
import { backupNote, sentences, type Notice } from '../../../src-shared/i18n/notice';
import type { Translator } from '../../../src-shared/i18n/translator';
import type { AppState } from '../../../src-shared/ipc/contract';
import { TEXT_LIMITS, type ServerTextCleaner } from '../../../src-shared/text/server-text';
import type { Clock, CounterCore } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import type { TextFile } from '../ports';
import type { Session } from '../session/session-api';
import { accountOwnerKey } from './account-pending-store';
import { parseJson } from '../storage/parsed-file';

/** Older accounts are dropped first. */
const MAX_ACCOUNTS = 5;
const WRITE_DELAY_MS = 1_000;

const Entry = z.object({
  savedAt: z.number(),
  counters: z.array(CounterState),
  /** 0.2 kept offline clicks here; read only to tell the user they were not carried over. */
  unsent: z.record(z.string(), z.int()).optional(),
});
type LastKnownEntry = Omit<z.infer<typeof Entry>, 'unsent'>;
const CacheFile = z.object({ version: z.literal(1), accounts: z.record(z.string(), Entry) });

interface LastKnownCache {
  load(): Promise<{ notice?: Notice }>;
  get(owner: string): LastKnownEntry | undefined;
  remember(owner: string, counters: readonly CounterState[]): void;
  flush(): Promise<void>;
}

/** No in-flight flags; what the server refused stays learned. */
function stored(counter: CounterState): CounterState {
  const { error: _error, ...rest } = counter;
  return { ...rest, pending: false };
}

function cleaned(counter: CounterState, serverText: ServerTextCleaner): CounterState {
  const refused = Object.fromEntries(Object.entries(counter.refused).flatMap(([direction, text]) => (text === undefined ? [] : [[direction, serverText(text)]])));
  return { ...counter, name: serverText(counter.name, TEXT_LIMITS.name), refused };
}

export function createLastKnownCache(file: TextFile, clock: Clock, log: (message: string) => void, serverText: ServerTextCleaner): LastKnownCache {
  let accounts: Record<string, LastKnownEntry> = {};
  /** Per account, the list last remembered: the same counter objects again, nothing to write. */
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
      const result = CacheFile.safeParse(parseJson(text));
      if (result.success) {
        accounts = {};
        const stale: { net: number; name: string }[] = [];
        for (const [owner, { unsent, ...entry }] of Object.entries(result.data.accounts)) {
          accounts[owner] = { ...entry, counters: entry.counters.map((counter) => cleaned(counter, serverText)) };
          for (const [id, net] of Object.entries(unsent ?? {})) {
            // Untrusted: the name told comes from the cleaned counters, an unknown id through the sanitizer.
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

interface OfflineCountersDeps {
  cache: LastKnownCache | null;
  session: Session;
  changed: () => void;
}

export type OfflineCounters = ReturnType<typeof createOfflineCounters>;

/** With the clicks the connecting core holds for them, pending as a running core would show. */
function withLedger(counters: CounterState[], core: CounterCore): CounterState[] {
  return counters.map((c) => {
    const local = core.localDelta(c.id);
    const waiting = core.waitingClicks(c.id);
    return waiting === 0 ? c : { ...c, value: c.value + local, pending: true, waiting };
  });
}

export function createOfflineCounters({ cache, session, changed }: OfflineCountersDeps) {
  let lastShown: { saved: LastKnownEntry; key: string; shown: NonNullable<AppState['lastKnown']> } | undefined;
  const ownerKey = (): string | null => {
    const account = session.account();
    return account ? accountOwnerKey(account.serverUrl, account.token) : null;
  };
  const signedIn = () => session.state().status === 'signedIn';
  const known = () => {
    const owner = ownerKey();
    return owner ? cache?.get(owner) : undefined;
  };

  /** Per core counter, the one with learned refusals: kept while neither changes. */
  const withLearned = new WeakMap<CounterState, CounterState>();

  function coreCounters(core: CounterCore): CounterState[] {
    const counters = core.snapshot().counters;
    const saved = known();
    if (!saved) return counters;
    const learned = new Map(saved.counters.map((c) => [c.id, c.refused]));
    return counters.map((c) => {
      const refused = learned.get(c.id);
      if (!refused || !(refused.increment || refused.decrement)) return c;
      const kept = withLearned.get(c);
      const merged = { ...refused, ...c.refused };
      if (kept && kept.refused.increment === merged.increment && kept.refused.decrement === merged.decrement) return kept;
      const next = { ...c, refused: merged };
      withLearned.set(c, next);
      return next;
    });
  }

  /** At launch, before the core listed anything: the connecting core that takes a click on a last-known counter. */
  function offlineCore(id: string, direction: Direction): CounterCore | null {
    const core = session.connectingCore();
    if (!core || session.core() || session.state().status !== 'connecting') return null;
    const counter = known()?.counters.find((c) => c.id === id);
    if (!counter) return null;
    const refused = counter.refused[direction];
    // The server's reason is log text; the user reads the app's words.
    if (refused) throw new AppError('direction-refused', words('refusal.only', { direction, name: counter.name }), refused);
    return core;
  }

  return {
    load: async (): Promise<{ notice?: Notice }> => (cache ? cache.load() : {}),
    flush: async () => cache?.flush(),
    coreCounters,
    remember(): void {
      const core = session.core();
      const owner = ownerKey();
      if (cache && core && owner && signedIn()) cache.remember(owner, coreCounters(core));
    },
    shown(): AppState['lastKnown'] {
      const core = session.connectingCore();
      const saved = !session.core() && session.state().status === 'connecting' ? known() : undefined;
      if (!saved) return null;
      const next = core ? { savedAt: saved.savedAt, counters: withLedger(saved.counters, core), outbox: core.snapshot().outbox } : { savedAt: saved.savedAt, counters: saved.counters };
      // The ledger's part (clicks held, the outbox) is all that differs between two reads of one entry.
      const key = JSON.stringify([next.outbox, next.counters.filter((c) => c.waiting).map((c) => [c.id, c.value, c.waiting])]);
      if (lastShown?.saved !== saved || lastShown.key !== key) lastShown = { saved, key, shown: next };
      return lastShown.shown;
    },
    nameOf: (id: string): string | undefined => known()?.counters.find((c) => c.id === id)?.name,
    /** To the running core, or the connecting one for a last-known counter; answers the core that took it. */
    step(id: string, direction: Direction, amount = 1): CounterCore {
      const core = offlineCore(id, direction) ?? session.requireCounter(id);
      if (direction === 'increment') core.increment(id, amount);
      else core.decrement(id, amount);
      if (!session.core()) changed(); // the connecting core publishes to nobody: show the click
      return core;
    },
  };
}
