// Once the first screen is drawn, state and catalog both in (bench/README.md, 12).
import { useEffect } from 'react';

export function usePrefetchAfterFirstScreen(loaders: Readonly<Record<string, () => Promise<unknown>>>, drawn: boolean): void {
  useEffect(() => {
    if (!drawn) return;
    const timer = setTimeout(() => Object.values(loaders).forEach((load) => void load().catch(() => undefined)), 0);
    return () => clearTimeout(timer);
  }, [loaders, drawn]);
}
