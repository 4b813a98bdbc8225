import type { CounterState } from '../../src-shared/domain/snapshot';

/** Pins first, then the server's order, filtered by a search. Runs on every push: with no pins and no search the server's list is the answer as it is. */
export function visibleCounters(counters: readonly CounterState[], pinned: readonly string[], query: string): readonly CounterState[] {
  const needle = query.trim().toLocaleLowerCase();
  const matches = needle ? counters.filter((c) => c.name.toLocaleLowerCase().includes(needle)) : counters;
  if (pinned.length === 0) return matches;
  const pinRank = new Map(pinned.map((id, index) => [id, index]));
  const pinnedFirst: (CounterState | undefined)[] = new Array<CounterState | undefined>(pinned.length);
  const rest: CounterState[] = [];
  for (const counter of matches) {
    const rank = pinRank.get(counter.id);
    if (rank === undefined) rest.push(counter);
    else pinnedFirst[rank] = counter;
  }
  const shownPins = pinnedFirst.filter((c): c is CounterState => c !== undefined);
  return shownPins.length === 0 ? rest : [...shownPins, ...rest];
}
