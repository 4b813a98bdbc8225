import type { CounterState } from '../../src-shared/domain/snapshot';

/** A counter's row; its key is the counter's id, so the keyboard and a focus request find it by id. */
export interface RowItem {
  kind: 'row';
  key: string;
  counter: CounterState;
}

/**
 * Anything else the list shows between rows (a group's header): its key must never equal a
 * counter's id (prefix it, e.g. `group:<id>`); `header` is whatever its renderer needs. Its height
 * is `RowHeights.header`, at every width.
 */
export interface HeaderItem<Header = unknown> {
  kind: 'header';
  key: string;
  header: Header;
}

/** What the windowed list shows, in order: rows and headers alike are placed by arithmetic on their heights. */
export type ListItem<Header = unknown> = RowItem | HeaderItem<Header>;

/** The list with no headers: one row per counter, in the order given. */
export function rowItems(counters: readonly CounterState[]): RowItem[] {
  const items = new Array<RowItem>(counters.length);
  for (let i = 0; i < counters.length; i += 1) items[i] = { kind: 'row', key: counters[i]!.id, counter: counters[i]! };
  return items;
}

/** Where the item with `key` is; `hint` (where it was last time, or its index among the rows) is tried first, so a list without headers needs no scan. */
export function indexOfKey(items: readonly ListItem<unknown>[], key: string, hint = -1): number {
  if (items[hint]?.key === key) return hint;
  return items.findIndex((item) => item.key === key);
}
