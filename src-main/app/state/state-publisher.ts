// The app's state, published: numbered deltas to the popup, the whole state to main's listeners
// (README.md, "The state, published").
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { Emitter } from '../../../src-shared/events/emitter';
import type { AppState, AppStateBody, StateDelta } from '../../../src-shared/ipc/contract';
import type { Clock } from '../../core/contract';

/** After a push, the next waits this long (a timer, not the wall clock, which may step). */
const INTERVAL_MS = 16;

type DeltaBody = Omit<StateDelta, 'from' | 'to'>;

const REST_KEYS = ['session', 'settings', 'shortcutFailures', 'theme', 'platform', 'systemTimezone', 'locale', 'lastKnown', 'appVersion', 'activity', 'windowMaterial', 'accentColor', 'updates', 'extras', 'resetUndo', 'organise', 'ask', 'keepOpen'] as const satisfies readonly (keyof DeltaBody['changed'])[];

// Every part of the state but `core` (diffed below): a part left out would never reach the popup or the tray.
type Unlisted = Exclude<keyof DeltaBody['changed'], (typeof REST_KEYS)[number]>;
const everyPartListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyPartListed;

function diffCounters(previous: readonly CounterState[], next: readonly CounterState[]) {
  const before = new Map(previous.map((c) => [c.id, c]));
  const upserted = next.filter((c) => before.get(c.id) !== c);
  const present = new Set(next.map((c) => c.id));
  const removed = previous.filter((c) => !present.has(c.id)).map((c) => c.id);
  const sameOrder = previous.length === next.length && previous.every((c, i) => c.id === next[i]?.id);
  return { upserted, removed, ...(sameOrder ? {} : { order: next.map((c) => c.id) }) };
}

/** By identity; null when nothing changed. */
export function diffAppState(previous: AppStateBody | null, next: AppStateBody): DeltaBody | null {
  const changed: DeltaBody['changed'] = {};
  for (const key of REST_KEYS) {
    if (!previous || previous[key] !== next[key]) (changed as Record<string, unknown>)[key] = next[key];
  }
  const delta: DeltaBody = { changed };
  const before = previous?.core ?? null;
  if (next.core === null) {
    if (!previous || before !== null) delta.core = null;
  } else {
    const { connection, stats, outbox } = next.core;
    const counters = diffCounters(before?.counters ?? [], next.core.counters);
    const coreChanged =
      before === null || counters.upserted.length > 0 || counters.removed.length > 0 || counters.order !== undefined ||
      before.connection !== connection || before.stats !== stats || before.outbox !== outbox;
    if (coreChanged) delta.core = { connection, stats, outbox, ...counters };
  }
  return Object.keys(changed).length === 0 && delta.core === undefined ? null : delta;
}

export function createStatePublisher(read: () => AppStateBody, clock: Clock) {
  const willPublish = new Emitter<void>();
  const deltas = new Emitter<StateDelta>();
  const states = new Emitter<AppState>();
  let revision = 0;
  let lastSent: AppStateBody | null = null;
  let scheduled = false;
  let cancelled = false;
  /** Set for INTERVAL_MS after each push: a request meanwhile waits for it. */
  let cooling: unknown;

  /** Answers the state as sent, the base the next delta applies to. */
  function publishDelta(): AppState {
    const next = read();
    const body = diffAppState(lastSent, next);
    if (body) {
      revision += 1;
      lastSent = next;
      deltas.fire({ from: revision - 1, to: revision, ...body });
    }
    return { ...(lastSent ?? next), revision };
  }

  function push(): void {
    if (!scheduled || cancelled) return;
    scheduled = false;
    cooling = clock.setTimeout(() => {
      cooling = undefined;
      push();
    }, INTERVAL_MS);
    willPublish.fire();
    states.fire(publishDelta());
  }

  return {
    /** A push follows, coalesced with others. */
    changed() {
      if (scheduled || cancelled) return;
      scheduled = true;
      if (cooling === undefined) queueMicrotask(push);
    },
    publishDelta,
    /** Work that must see every change first (the last-known cache, goals). */
    onWillPublish: willPublish.event,
    onDelta: deltas.event,
    onState: states.event,
    cancel() {
      cancelled = true;
      scheduled = false;
      if (cooling !== undefined) clock.clearTimeout(cooling);
    },
  };
}
