import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';

const UNMEASURED_HEIGHT = 400;
export const FIRST_PAINT_OVERSCAN = 1;

/** Once the frame being prepared is painted. */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

interface RowWindow {
  start: number;
  end: number;
  totalHeight: number;
  offsetOf(index: number): number;
  scrollToIndex(index: number): void;
}

function rowAt(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle + 1]! <= y) low = middle + 1;
    else high = middle;
  }
  return Math.max(0, low);
}

export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, heights: readonly number[], overscan = 8): RowWindow {
  const [viewport, setViewport] = useState({ top: 0, height: UNMEASURED_HEIGHT });
  const seen = useRef(viewport);
  seen.current = viewport;
  const count = heights.length;
  const empty = count === 0;
  const [margined, setMargined] = useState(false);
  if (empty && margined) setMargined(false);
  const offsets = useMemo(() => {
    const running = new Array<number>(heights.length + 1);
    running[0] = 0;
    for (let i = 0; i < heights.length; i += 1) running[i + 1] = running[i]! + heights[i]!;
    return running;
  }, [heights]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const read = () => {
      const top = element.scrollTop;
      const height = element.clientHeight || UNMEASURED_HEIGHT;
      if (seen.current.top !== top || seen.current.height !== height) setViewport({ top, height });
    };
    read();
    element.addEventListener('scroll', read, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : undefined;
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      observer?.disconnect();
    };
  }, [scrollRef, count]);

  const offsetOf = useCallback((index: number) => offsets[Math.max(0, Math.min(index, offsets.length - 1))]!, [offsets]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element || index < 0 || index >= offsets.length - 1) return;
      const top = offsets[index]!;
      const bottom = offsets[index + 1]!;
      const height = element.clientHeight || UNMEASURED_HEIGHT;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (bottom > element.scrollTop + height) element.scrollTop = bottom - height;
      else return;
      // Now: the row must be drawn in this update.
      setViewport({ top: element.scrollTop, height });
    },
    [scrollRef, offsets],
  );

  const first = empty ? 0 : rowAt(offsets, viewport.top);
  const last = empty ? -1 : rowAt(offsets, viewport.top + viewport.height);
  const narrow = Math.min(overscan, FIRST_PAINT_OVERSCAN);
  const widens = !margined && !empty && (first - narrow > 0 || last + 1 + narrow < count);
  useEffect(() => (widens ? afterPaint(() => setMargined(true)) : undefined), [widens]);

  if (empty) return { start: 0, end: 0, totalHeight: 0, offsetOf, scrollToIndex };
  const margin = margined ? overscan : narrow;
  const start = Math.max(0, first - margin);
  const end = Math.min(count, last + 1 + margin);
  return { start, end, totalHeight: offsets[count]!, offsetOf, scrollToIndex };
}
