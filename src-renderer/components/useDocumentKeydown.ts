import { useLayoutEffect, useRef } from 'react';

/** Keys for a whole screen; in the layout phase, so a drawn screen already listens. */
export function useDocumentKeydown(handler: (event: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

export function useEscape(onEscape: () => void): void {
  useDocumentKeydown((event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onEscape();
  });
}
