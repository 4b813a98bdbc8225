// The last-known counters shown while a launch cannot reach the server, and the refusals learned per
// counter across runs. A click on them goes to the connecting core's ledger: none is held here.
import type { CounterState, Direction } from '../../../src-shared/domain/snapshot';
import type { AppState } from '../../../src-shared/ipc/contract';
import type { CounterCore } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import { accountOwnerKey } from './account-pending-store';
import type { LastKnownCache, LastKnownEntry } from './last-known';
import type { Session } from '../session/session-api';
import { words } from '../../../src-shared/i18n/messages';
import type { Notice } from '../../../src-shared/i18n/notice';

export interface OfflineCountersDeps {
  cache: LastKnownCache | null;
  session: Session;
  /** What the popup shows changed (a click the connecting core took). */
  changed: () => void;
}

export type OfflineCounters = ReturnType<typeof createOfflineCounters>;

/** Last-known counters with the clicks the connecting core holds for them, marked pending as a running core would. */
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

  /** Per core counter, the one with learned refusals added: kept while neither changes, so the popup's delta sees it unchanged. */
  const withLearned = new WeakMap<CounterState, CounterState>();

  /** The running core's counters, with the directions this account learned were refused. */
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

  /** At launch, before the core could list anything: the connecting core that takes a click on a last-known counter, or null. */
  function offlineCore(id: string, direction: Direction): CounterCore | null {
    const core = session.connectingCore();
    if (!core || session.core() || session.state().status !== 'connecting') return null;
    const counter = known()?.counters.find((c) => c.id === id);
    if (!counter) return null;
    const refused = counter.refused[direction];
    // The server's reason is log text; the user reads the app's words for a refused direction.
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
      // What the ledger adds (clicks held for a counter, the outbox) is all that differs between two reads of one entry.
      const key = JSON.stringify([next.outbox, next.counters.filter((c) => c.waiting).map((c) => [c.id, c.value, c.waiting])]);
      if (lastShown?.saved !== saved || lastShown.key !== key) lastShown = { saved, key, shown: next };
      return lastShown.shown;
    },
    nameOf: (id: string): string | undefined => known()?.counters.find((c) => c.id === id)?.name,
    /** A click: to the running core, or to the one still connecting for a last-known counter. Answers the core that took it. */
    step(id: string, direction: Direction, amount = 1): CounterCore {
      const core = offlineCore(id, direction) ?? session.requireCounter(id);
      if (direction === 'increment') core.increment(id, amount);
      else core.decrement(id, amount);
      if (!session.core()) changed(); // the connecting core publishes to nobody: show the click
      return core;
    },
  };
}
