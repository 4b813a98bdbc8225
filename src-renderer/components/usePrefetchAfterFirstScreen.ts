// The screens a launch does not show first are fetched once it is drawn, state and catalog both in:
// fetched as soon as main's state arrived, they raced the catalog the first screen waits for
// (bench/README.md, 12).
import { useEffect } from 'react';

export function usePrefetchAfterFirstScreen(loaders: Readonly<Record<string, () => Promise<unknown>>>, drawn: boolean): void {
  useEffect(() => {
    if (!drawn) return;
    // A task after the commit: the browser paints the first screen before the fetches begin.
    const timer = setTimeout(() => Object.values(loaders).forEach((load) => void load().catch(() => undefined)), 0);
    return () => clearTimeout(timer);
  }, [loaders, drawn]);
}
