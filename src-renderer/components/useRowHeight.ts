import { useSyncExternalStore } from 'react';

/**
 * The list items' heights, as in styles.css (.counter, .counter.two-line): a row of one line, or one
 * and a muted second; a header between rows (a group's name) is `header` high, and its element
 * must be exactly that (set it as its style's height).
 */
export interface RowHeights {
  one: number;
  two: number;
  header: number;
}

/** 36 px with nothing more to say, 48 px with a 12 px second line (design.md, "The list"); a header 28 px. */
export const ROW_HEIGHTS: RowHeights = { one: 36, two: 48, header: 28 };
/**
 * Narrow (200 % zoom: the 360 px popup is 180 CSS px wide): the name has a line of its own, the
 * value, − / + and ⋯ the next; the second line may take three (a date, then a longer language's
 * milestone: the pseudo-locale's "30 days left on Jan 30" takes two at 180 px).
 */
export const NARROW_ROW_HEIGHTS: RowHeights = { one: 58, two: 105, header: 36 };
/** The CSS uses the same query (WCAG 1.4.10 reflow). */
const NARROW = '(max-width: 320px)';

let narrowQuery: MediaQueryList | undefined;
/** One query for the page, whose `matches` follows the width: matchMedia anew on every render parses and evaluates it again. */
const narrow = () => (narrowQuery ??= window.matchMedia(NARROW));

function subscribe(onChange: () => void): () => void {
  const query = narrow();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The heights of list rows at the current width. Windowed rows are placed by arithmetic on these
 * numbers, so they must follow the same media query the CSS uses: a zoom change re-lays out long
 * lists as it does short ones.
 */
export function useRowHeights(): RowHeights {
  return useNarrow() ? NARROW_ROW_HEIGHTS : ROW_HEIGHTS;
}

/** Whether the popup is narrow (200 % zoom), following the CSS's own query. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => narrow().matches, () => false);
}
