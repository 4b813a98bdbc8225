import { useSyncExternalStore } from 'react';

/** As in styles.css (.counter, .counter.two-line); a header element must be exactly `header` high. */
export interface RowHeights {
  one: number;
  two: number;
  header: number;
}

/** design.md, "The list". */
export const ROW_HEIGHTS: RowHeights = { one: 36, two: 48, header: 28 };
/** At 200 % zoom (180 CSS px) the name takes a line of its own; the second line may take three (a longer language's milestone). */
export const NARROW_ROW_HEIGHTS: RowHeights = { one: 58, two: 105, header: 36 };
/** The CSS's own query (WCAG 1.4.10 reflow). */
const NARROW = '(max-width: 320px)';

let narrowQuery: MediaQueryList | undefined;
/** One query for the page: matchMedia anew on every render parses and evaluates it again. */
const narrow = () => (narrowQuery ??= window.matchMedia(NARROW));

function subscribe(onChange: () => void): () => void {
  const query = narrow();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Windowed rows are placed by arithmetic on these, so they follow the CSS's query: a zoom re-lays out long lists too. */
export function useRowHeights(): RowHeights {
  return useNarrow() ? NARROW_ROW_HEIGHTS : ROW_HEIGHTS;
}

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => narrow().matches, () => false);
}
