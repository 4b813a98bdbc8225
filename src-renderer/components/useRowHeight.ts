import { useSyncExternalStore } from 'react';

/**
 * Row heights, as in styles.css (.counter): one line plus a sub-line; narrow rows put − / + on a
 * line of their own and give the sub-line two lines (a longer language's "+1 heute · Rückgängig").
 */
export const ROW_HEIGHT = 52;
export const NARROW_ROW_HEIGHT = 96;
/** At 200 % zoom the 360 px popup is 180 CSS px wide (WCAG 1.4.10 reflow); the CSS uses the same query. */
const NARROW = '(max-width: 320px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The fixed height of a list row at the current width. Virtualized rows are placed by
 * arithmetic on this number, so it must follow the same media query the CSS uses: a zoom
 * change re-lays out long lists as it does short ones.
 */
export function useRowHeight(): number {
  return useSyncExternalStore(subscribe, () => (window.matchMedia(NARROW).matches ? NARROW_ROW_HEIGHT : ROW_HEIGHT), () => ROW_HEIGHT);
}
