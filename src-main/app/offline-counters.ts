// What the controller does with the last-known counters (last-known.ts holds the file):
// show them while a launch cannot reach the server, take clicks on them, hand those to
// the core once it runs, and keep what the server refused per counter across runs.
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { AppState } from '../../src-shared/ipc/contract';
import type { CounterCore } from '../core/contract';
import { AppError } from '../ipc/errors';
import { accountOwnerKey } from './account-pending-store';
import type { LastKnownCache } from './last-known';
import type { Session } from './session';

export interface OfflineCountersDeps {
  cache: LastKnownCache | null;
  session: () => Session;
  /** The running core for a known counter, or throws the controller's AppError. */
  requireCounter: (id: string) => CounterCore;
  changed: () => void;
}

/** Last-known counters with the clicks taken offline applied, marked pending as a running core would. */
function withUnsent(counters: CounterState[], unsent: Record<string, number>): CounterState[] {
  return counters.map((c) => (unsent[c.id] ? { ...c, value: c.value + (unsent[c.id] ?? 0), pending: true } : c));
}

export function createOfflineCounters({ cache, session, requireCounter, changed }: OfflineCountersDeps) {
  /** The account's key in the cache (the same digest that owns its pending clicks). */
  const ownerKey = (): string | null => {
    const account = session().account();
    return account ? accountOwnerKey(account.serverUrl, account.token) : null;
  };
  const signedIn = () => session().state().status === 'signedIn';

  /** The running core's counters, with the directions this account learned were refused. */
  function coreCounters(core: CounterCore): CounterState[] {
    const counters = core.snapshot().counters;
    const owner = ownerKey();
    const known = owner ? cache?.get(owner) : undefined;
    if (!known) return counters;
    const learned = new Map(known.counters.map((c) => [c.id, c.refused]));
    return counters.map((c) => {
      const refused = learned.get(c.id);
      return refused && (refused.increment || refused.decrement) ? { ...c, refused: { ...refused, ...c.refused } } : c;
    });
  }

  /** At launch, before the core could start: the owner a click on a last-known counter is kept for, or null. */
  function offlineOwner(id: string, direction: Direction): string | null {
    const owner = ownerKey();
    if (session().core() || session().state().status !== 'connecting' || !owner) return null;
    const counter = cache?.get(owner)?.counters.find((c) => c.id === id);
    if (!counter) return null;
    const refused = counter.refused[direction];
    if (refused) throw new AppError('direction-refused', refused);
    return owner;
  }

  return {
    load: async (): Promise<{ notice?: string }> => (cache ? cache.load() : {}),
    flush: async () => cache?.flush(),
    coreCounters,
    remember(): void {
      const core = session().core();
      const owner = ownerKey();
      if (cache && core && owner && signedIn()) cache.remember(owner, coreCounters(core));
    },
    /** What the popup shows while a launch is still connecting (null otherwise). */
    shown(): AppState['lastKnown'] {
      const owner = ownerKey();
      const known = owner && !session().core() && session().state().status === 'connecting' ? cache?.get(owner) : undefined;
      return known ? { savedAt: known.savedAt, counters: withUnsent(known.counters, known.unsent) } : null;
    },
    /** A click: to the running core, or kept for later when only last-known counters exist. */
    step(id: string, direction: Direction, amount = 1): null {
      const owner = offlineOwner(id, direction);
      if (owner) {
        cache?.addUnsent(owner, id, direction === 'increment' ? amount : -amount);
        changed();
      } else if (direction === 'increment') requireCounter(id).increment(id, amount);
      else requireCounter(id).decrement(id, amount);
      return null;
    },
    /** Clicks taken offline go to the core once it runs, which then owns (and persists) them. */
    sendUnsent(): void {
      const core = session().core();
      const owner = ownerKey();
      if (!cache || !core || !owner || !signedIn()) return;
      const known = new Set(core.snapshot().counters.map((c) => c.id));
      for (const [id, net] of Object.entries(cache.takeUnsent(owner))) {
        if (!known.has(id) || net === 0) continue;
        if (net > 0) core.increment(id, net);
        else core.decrement(id, -net);
      }
    },
  };
}
