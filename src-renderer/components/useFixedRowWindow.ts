import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Height assumed before the list is laid out (the popup's list area), so the first paint has rows. */
const UNMEASURED_HEIGHT = 400;

export interface RowWindow {
  /** First and one-past-last index to render. */
  start: number;
  end: number;
  totalHeight: number;
  /** Scrolls the least needed to show a row ("nearest"). */
  scrollToIndex(index: number): void;
}

/**
 * Windowing for rows of one fixed height: only the rows in view (plus a margin) are
 * rendered. With fixed heights the window is plain arithmetic on scrollTop, no
 * measuring, which keeps this a few lines instead of a library.
 */
export function useFixedRowWindow(scrollRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 8): RowWindow {
  const [viewport, setViewport] = useState({ top: 0, height: UNMEASURED_HEIGHT });

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const read = () => setViewport({ top: element.scrollTop, height: element.clientHeight || UNMEASURED_HEIGHT });
    read();
    element.addEventListener('scroll', read, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : undefined;
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      observer?.disconnect();
    };
  }, [scrollRef, count]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const top = index * rowHeight;
      const height = element.clientHeight || UNMEASURED_HEIGHT;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + height) element.scrollTop = top + rowHeight - height;
      else return;
      // Do not wait for the scroll event: the row must be rendered in this very update.
      setViewport({ top: element.scrollTop, height });
    },
    [scrollRef, rowHeight],
  );

  const start = Math.max(0, Math.floor(viewport.top / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((viewport.top + viewport.height) / rowHeight) + overscan);
  return { start, end, totalHeight: count * rowHeight, scrollToIndex };
}
