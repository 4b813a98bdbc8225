// The screens a launch does not show first are fetched once it is drawn, state and catalog both in:
// fetched on main's state alone, they raced the catalog the first screen waits for (bench/README.md, 12).
import { useEffect } from 'react';

export function usePrefetchAfterFirstScreen(loaders: Readonly<Record<string, () => Promise<unknown>>>, drawn: boolean): void {
  useEffect(() => {
    if (!drawn) return;
    // A task after the commit: the first screen is painted before the fetches begin.
    const timer = setTimeout(() => Object.values(loaders).forEach((load) => void load().catch(() => undefined)), 0);
    return () => clearTimeout(timer);
  }, [loaders, drawn]);
}
