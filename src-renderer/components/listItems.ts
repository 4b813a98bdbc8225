import type { CounterState } from '../../src-shared/domain/snapshot';

export interface RowItem {
  kind: 'row';
  key: string;
  counter: CounterState;
}

/** Its key is never a counter's id (`group:<id>`). */
export interface HeaderItem<Header = unknown> {
  kind: 'header';
  key: string;
  header: Header;
}

export type ListItem<Header = unknown> = RowItem | HeaderItem<Header>;

export function rowItems(counters: readonly CounterState[]): RowItem[] {
  const items = new Array<RowItem>(counters.length);
  for (let i = 0; i < counters.length; i += 1) items[i] = { kind: 'row', key: counters[i]!.id, counter: counters[i]! };
  return items;
}

/** `hint` first: a list without headers needs no scan. */
export function indexOfKey(items: readonly ListItem<unknown>[], key: string, hint = -1): number {
  if (items[hint]?.key === key) return hint;
  return items.findIndex((item) => item.key === key);
}
