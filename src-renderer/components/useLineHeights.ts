import { useRef } from 'react';
import { secondLineAsker, type LineContext } from '../format/rowLines';
import type { ListItem } from './listItems';
import type { RowHeights } from './useRowHeight';

interface Last {
  items: readonly ListItem<unknown>[];
  context: LineContext;
  sizes: RowHeights;
  heights: number[];
}

function touchedIds(before: LineContext, after: LineContext): Set<string> {
  const touched = new Set<string>();
  const diff = (a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined) => {
    if (a === b) return;
    for (const id of Object.keys(a ?? {})) if (a?.[id] !== b?.[id]) touched.add(id);
    for (const id of Object.keys(b ?? {})) if (a?.[id] !== b?.[id]) touched.add(id);
  };
  diff(before.today, after.today);
  diff(before.extras?.goals, after.extras?.goals);
  for (const id of [before.offer?.counterId, after.offer?.counterId, before.reset?.counterId, after.reset?.counterId, before.amountFor, after.amountFor]) if (id) touched.add(id);
  return touched;
}

function sameItem(a: ListItem<unknown> | undefined, b: ListItem<unknown>): boolean {
  if (a?.kind === 'row') return b.kind === 'row' && a.counter === b.counter;
  return a?.kind === 'header' && b.kind === 'header';
}

export function useLineHeights(items: readonly ListItem<unknown>[], context: LineContext, sizes: RowHeights): readonly number[] {
  const last = useRef<Last | null>(null);
  const before = last.current;
  if (before && before.items === items && before.context === context && before.sizes === sizes) return before.heights;
  const twoLines = secondLineAsker(context);
  const heightOf = (item: ListItem<unknown>) => (item.kind === 'header' ? sizes.header : twoLines(item.counter) ? sizes.two : sizes.one);
  let heights: number[];
  const touched = before ? touchedIds(before.context, context) : undefined;
  if (before && touched && before.sizes === sizes && before.items.length === items.length && before.context.clicksWait === context.clicksWait) {
    const asked = new Map<number, number>();
    items.forEach((item, i) => {
      if (!sameItem(before.items[i], item) || touched.has(item.key)) asked.set(i, heightOf(item));
    });
    const moved = [...asked].filter(([at, height]) => before.heights[at] !== height);
    heights = moved.length === 0 ? before.heights : before.heights.slice();
    for (const [at, height] of moved) heights[at] = height;
  } else {
    heights = items.map(heightOf);
  }
  last.current = { items, context, sizes, heights };
  return heights;
}
