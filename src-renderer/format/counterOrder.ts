import type { CounterState } from '../../src-shared/domain/snapshot';

/** Pinned counters first (in pin order), then the rest in the server's order; filtered by a name search. */
export function visibleCounters(counters: readonly CounterState[], pinned: readonly string[], query: string): CounterState[] {
  const needle = query.trim().toLocaleLowerCase();
  const matches = needle ? counters.filter((c) => c.name.toLocaleLowerCase().includes(needle)) : [...counters];
  const pinRank = new Map(pinned.map((id, index) => [id, index]));
  // Array.prototype.sort is stable: unpinned counters keep the server's order.
  const rank = (id: string) => pinRank.get(id) ?? pinned.length;
  return matches.sort((a, b) => rank(a.id) - rank(b.id));
}
