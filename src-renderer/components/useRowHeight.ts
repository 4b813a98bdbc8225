import { useSyncExternalStore } from 'react';

/** As in styles.css. */
export interface RowHeights {
  one: number;
  two: number;
  header: number;
}

export const ROW_HEIGHTS: RowHeights = { one: 36, two: 48, header: 28 };
/** At 200 % zoom the name takes a line of its own. */
const NARROW_ROW_HEIGHTS: RowHeights = { one: 58, two: 105, header: 36 };
let narrowQuery: MediaQueryList | undefined;
/** The CSS's own query, made once. */
const narrow = () => (narrowQuery ??= window.matchMedia('(max-width: 320px)'));

function subscribe(onChange: () => void): () => void {
  const query = narrow();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useRowHeights(): RowHeights {
  return useNarrow() ? NARROW_ROW_HEIGHTS : ROW_HEIGHTS;
}

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => narrow().matches, () => false);
}
