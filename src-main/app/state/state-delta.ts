// What changed between the AppState last sent to the popup and the current one, by identity: each
// part's owner keeps its object until it changes, and the core each counter's (a fresh object is sent).
import type { CounterState } from '../../../src-shared/domain/snapshot';
import type { AppStateBody, StateDelta } from '../../../src-shared/ipc/contract';

export type DeltaBody = Omit<StateDelta, 'from' | 'to'>;

const REST_KEYS = ['session', 'settings', 'shortcutFailures', 'theme', 'platform', 'systemTimezone', 'locale', 'lastKnown', 'appVersion', 'publicServer', 'activity', 'windowMaterial', 'accentColor', 'updates', 'extras', 'resetUndo', 'organise', 'ask'] as const satisfies readonly (keyof DeltaBody['changed'])[];

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

/** The delta from `previous` (null: nothing sent yet) to `next`, or null when nothing changed. */
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
