// The screens a launch does not show first are chunks of their own; once the first screen is
// drawn they are fetched in the background, so opening one later does not wait for its chunk.
// "Drawn" means under <I18n>: state from main and the catalog both in. Fetched as soon as main's
// state arrived, they raced the catalog the first screen waits for (bench/README.md, 12:
// under the double, the catalog's chunk came in behind eight of them).
import { useEffect } from 'react';

export function usePrefetchAfterFirstScreen(loaders: Readonly<Record<string, () => Promise<unknown>>>, drawn: boolean): void {
  useEffect(() => {
    if (!drawn) return;
    // A task after the commit: the browser paints the first screen before the fetches begin.
    const timer = setTimeout(() => Object.values(loaders).forEach((load) => void load().catch(() => undefined)), 0);
    return () => clearTimeout(timer);
  }, [loaders, drawn]);
}
