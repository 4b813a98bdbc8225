import { useCallback, useRef, type RefObject } from 'react';
import type { LineContext } from '../format/rowLines';
import { indexOfKey, type ListItem } from './listItems';
import { useLineHeights } from './useLineHeights';
import { useRowHeights } from './useRowHeight';
import { useRowWindow } from './useRowWindow';

export interface ListWindow<Item extends ListItem<unknown>> {
  /** The items in view and a margin; the first is `items[start]`. */
  shown: readonly Item[];
  start: number;
  /** As tall as every item, the items above the window as padding. */
  style: { height: number; paddingTop: number };
  /** A header's element must be exactly this tall. */
  headerHeight: number;
  /** Scrolls the least needed to show the item (`hint`: where it probably is). Stable across renders. */
  scrollToKey(key: string, hint?: number): void;
}

/**
 * The list, windowed whatever its length, by arithmetic on heights known from the data, so rendering
 * costs the same for 10 counters as for 5 000 and nothing is measured. Headers are items like rows.
 */
export function useListWindow<Item extends ListItem<unknown>>(scrollRef: RefObject<HTMLElement | null>, items: readonly Item[], context: LineContext): ListWindow<Item> {
  const sizes = useRowHeights();
  const heights = useLineHeights(items, context, sizes);
  const placed = useRowWindow(scrollRef, heights);
  // The latest list and window, read when the current row changes: a push that only moves offsets scrolls nothing.
  const latest = useRef({ items, placed });
  latest.current = { items, placed };
  const scrollToKey = useCallback((key: string, hint?: number) => {
    const at = indexOfKey(latest.current.items, key, hint);
    if (at >= 0) latest.current.placed.scrollToIndex(at);
  }, []);
  return {
    shown: items.slice(placed.start, placed.end),
    start: placed.start,
    style: { height: placed.totalHeight, paddingTop: placed.offsetOf(placed.start) },
    headerHeight: sizes.header,
    scrollToKey,
  };
}
