import { useLayoutEffect, useRef } from 'react';

/** Keys for a whole screen, heard at the document (focus may be on <body>); in the layout phase, so a drawn screen already listens. */
export function useDocumentKeydown(handler: (event: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

/** Esc leaves the screen unless something inside took the key. */
export function useEscape(onEscape: () => void): void {
  useDocumentKeydown((event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onEscape();
  });
}
