import { useCallback, useRef, type RefObject } from 'react';
import type { LineContext } from '../format/rowLines';
import { indexOfKey, type ListItem } from './listItems';
import { useLineHeights } from './useLineHeights';
import { useRowHeights } from './useRowHeight';
import { useRowWindow } from './useRowWindow';

interface ListWindow<Item extends ListItem<unknown>> {
  shown: readonly Item[];
  start: number;
  style: { height: number; paddingTop: number };
  headerHeight: number;
  /** Stable. `hint`: where it probably is. */
  scrollToKey(key: string, hint?: number): void;
}

export function useListWindow<Item extends ListItem<unknown>>(scrollRef: RefObject<HTMLElement | null>, items: readonly Item[], context: LineContext): ListWindow<Item> {
  const sizes = useRowHeights();
  const heights = useLineHeights(items, context, sizes);
  const placed = useRowWindow(scrollRef, heights);
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
