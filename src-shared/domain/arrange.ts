// The list's rows from the counters and how the user organised them.
import type { CounterState } from './snapshot';
import type { Organisation } from './organise';

/** A group's header: `id` null is "Ungrouped". `count`: its counters the list would show unfolded. */
interface GroupHeading {
  id: string | null;
  name: string | null;
  folded: boolean;
  count: number;
}

/** A header is keyed `group:<id>`, never a counter's id. */
export type ListItem =
  | { kind: 'row'; key: string; counter: CounterState; hidden: boolean; /** Shown beside the name while searching. */ groupName: string | null }
  | { kind: 'header'; key: string; header: GroupHeading };

const heading = (header: GroupHeading): ListItem => ({ kind: 'header', key: `group:${header.id ?? ''}`, header });

export interface Arranged {
  items: readonly ListItem[];
  /** The counter rows alone, in the order shown: what ↑/↓ walk. */
  counters: readonly CounterState[];
  hiddenCount: number;
  /** Without headers, items and counters are row for row the same. */
  headers: boolean;
}

export interface ArrangeInput {
  counters: readonly CounterState[];
  organisation: Organisation | undefined;
  pinned: readonly string[];
  query: string;
  showHidden: boolean;
  compareNames: (a: string, b: string) => number;
}

const isPlain = (o: Organisation | undefined) => !o || (o.groups.length === 0 && o.order.length === 0 && o.hidden.length === 0 && o.sort === 'manual');

interface Keyed {
  counter: CounterState;
  rank: number;
  /** Highest first: the value, or when it last changed (-Infinity: never); 0 for the other sorts. */
  first: number;
}

const byRank = (a: Keyed, b: Keyed) => a.rank - b.rank;
// Two never changed: -Infinity - -Infinity is NaN, falsy, so the manual order decides.
const byFirst = (a: Keyed, b: Keyed) => b.first - a.first || a.rank - b.rank;

/** In place, each key looked up once, not in the comparator: 5 000 counters take some 60 000 comparisons. */
function sortSections(sections: CounterState[][], o: Organisation, counters: readonly CounterState[], compareNames: ArrangeInput['compareNames']): void {
  const { sort, changedAt } = o;
  const compare = sort === 'name' ? (a: Keyed, b: Keyed) => compareNames(a.counter.name, b.counter.name) || byRank(a, b) : sort === 'manual' ? byRank : byFirst;
  const firstOf = (c: CounterState) => (sort === 'value' ? c.value : sort === 'changed' ? (Object.hasOwn(changedAt, c.id) ? changedAt[c.id]! : -Infinity) : 0);
  const kept = new Map(o.order.map((id, i) => [id, i]));
  const listed = new Map(counters.map((c, i) => [c.id, i]));
  const rankOf = (id: string) => kept.get(id) ?? o.order.length + (listed.get(id) ?? 0);
  for (const section of sections) {
    if (section.length < 2) continue;
    const keyed = section.map((counter): Keyed => ({ counter, rank: rankOf(counter.id), first: firstOf(counter) }));
    keyed.sort(compare);
    for (let i = 0; i < keyed.length; i += 1) section[i] = keyed[i]!.counter;
  }
}

/** Runs on every state push: with nothing organised it is one pass. */
export function arrangeList({ counters, organisation, pinned, query, showHidden, compareNames }: ArrangeInput): Arranged {
  const needle = query.trim().toLocaleLowerCase();
  const hiddenIds = new Set(organisation?.hidden ?? []);
  const isHidden = hiddenIds.size === 0 ? () => false : (c: CounterState) => hiddenIds.has(c.id);
  let hiddenCount = 0;
  if (hiddenIds.size > 0) for (const c of counters) if (isHidden(c)) hiddenCount += 1;
  const matches = !needle && hiddenIds.size === 0 ? counters : counters.filter((c) => (showHidden || !isHidden(c)) && (!needle || c.name.toLocaleLowerCase().includes(needle)));

  const pinRank = new Map(pinned.map((id, index) => [id, index]));
  const pinnedFirst = pinRank.size === 0 ? [] : matches.filter((c) => pinRank.has(c.id)).sort((a, b) => pinRank.get(a.id)! - pinRank.get(b.id)!);
  const rest = pinnedFirst.length === 0 ? matches : matches.filter((c) => !pinRank.has(c.id));
  const row = (counter: CounterState, groupName: string | null = null): ListItem => ({ kind: 'row', key: counter.id, counter, hidden: isHidden(counter), groupName });

  if (isPlain(organisation)) {
    const shown = pinnedFirst.length === 0 ? rest : [...pinnedFirst, ...rest];
    return { items: shown.map((c) => row(c)), counters: shown, hiddenCount, headers: false };
  }
  const o = organisation!;
  const groupOf = new Map<string, number>();
  o.groups.forEach((g, index) => g.counters.forEach((id) => groupOf.set(id, index)));
  const sections: CounterState[][] = o.groups.map(() => []);
  const ungrouped: CounterState[] = [];
  for (const c of rest) {
    const at = groupOf.get(c.id);
    (at === undefined ? ungrouped : sections[at]!).push(c);
  }
  sortSections([...sections, ungrouped], o, counters, compareNames);

  const items: ListItem[] = [];
  const shown: CounterState[] = [];
  let headers = false;
  const add = (counter: CounterState, groupName: string | null = null) => {
    items.push(row(counter, groupName));
    shown.push(counter);
  };
  const addHeading = (header: GroupHeading) => {
    items.push(heading(header));
    headers = true;
  };
  for (const c of pinnedFirst) add(c, needle ? (o.groups[groupOf.get(c.id) ?? -1]?.name ?? null) : null);
  if (needle || o.groups.length === 0) {
    sections.forEach((s, index) => s.forEach((c) => add(c, needle ? o.groups[index]!.name : null)));
    ungrouped.forEach((c) => add(c));
  } else {
    o.groups.forEach((g, index) => {
      const members = sections[index]!;
      addHeading({ id: g.id, name: g.name, folded: g.folded, count: members.length });
      if (!g.folded) members.forEach((c) => add(c));
    });
    if (ungrouped.length > 0) {
      addHeading({ id: null, name: null, folded: false, count: ungrouped.length });
      ungrouped.forEach((c) => add(c));
    }
  }
  return { items, counters: shown, hiddenCount, headers };
}

/** Past this many changed counters, arranging anew costs no more than finding each one's row. */
const FEW_CHANGES = 16;

/** When a few counters changed (by reference), none in what the arrangement reads: their rows get the new objects in place. Null: arrange anew. */
export function rearranged(was: ArrangeInput, arranged: Arranged, input: ArrangeInput): Arranged | null {
  if (was.organisation !== input.organisation || was.pinned !== input.pinned || was.query !== input.query || was.showHidden !== input.showHidden || was.compareNames !== input.compareNames) return null;
  if (was.counters === input.counters) return arranged;
  if (was.counters.length !== input.counters.length) return null;
  const byValue = input.organisation?.sort === 'value';
  const changed: [before: CounterState, after: CounterState][] = [];
  for (let i = 0; i < input.counters.length; i += 1) {
    const before = was.counters[i]!;
    const after = input.counters[i]!;
    if (before === after) continue;
    if (before.id !== after.id || before.name !== after.name || (byValue && before.value !== after.value) || changed.length === FEW_CHANGES) return null;
    changed.push([before, after]);
  }
  let items: ListItem[] | undefined;
  let shown: CounterState[] | undefined;
  for (const [before, after] of changed) {
    const at = arranged.counters.indexOf(before);
    if (at < 0) continue; // hidden, folded away, or not a match: not shown
    (shown ??= arranged.counters.slice())[at] = after;
    const itemAt = arranged.items.findIndex((item) => item.kind === 'row' && item.counter === before);
    const item = arranged.items[itemAt] as Extract<ListItem, { kind: 'row' }>;
    (items ??= arranged.items.slice())[itemAt] = { ...item, counter: after };
  }
  return items && shown ? { ...arranged, items, counters: shown } : arranged;
}

/** Where Alt+↑/↓ takes a counter: past its neighbour, or over its section's edge (the group above at its end, below at its start). Null: it stays. */
export function stepInOrder(arranged: Arranged, pinned: readonly string[], counterId: string, delta: -1 | 1): { group: string | null; before: string | null } | null {
  const { items } = arranged;
  const at = items.findIndex((item) => item.kind === 'row' && item.key === counterId);
  if (at < 0 || pinned.includes(counterId)) return null;
  const isFree = (item: ListItem | undefined): item is Extract<ListItem, { kind: 'row' }> => item?.kind === 'row' && !pinned.includes(item.counter.id);
  let header = at - 1;
  while (header >= 0 && items[header]!.kind !== 'header') header -= 1;
  const headingAt = (index: number) => (items[index] as Extract<ListItem, { kind: 'header' }>).header;
  const own = header >= 0 ? headingAt(header).id : null;
  const next = items[at + delta];
  if (isFree(next)) {
    if (delta === -1) return { group: own, before: next.counter.id };
    const after = items[at + 2];
    return { group: own, before: isFree(after) ? after.counter.id : null };
  }
  if (next?.kind !== 'header') return null;
  if (delta === 1) {
    const first = items[at + 2];
    return { group: next.header.id, before: !next.header.folded && isFree(first) ? first.counter.id : null };
  }
  let above = header - 1;
  while (above >= 0 && items[above]!.kind !== 'header') above -= 1;
  return above >= 0 ? { group: headingAt(above).id, before: null } : null;
}
