import { useLayoutEffect, useRef } from 'react';

/**
 * Keys for a whole screen, heard at the document (focus may have fallen to <body>). Attached in the
 * layout phase: a key pressed before a passive effect ran would reach a screen that looks ready
 * but does not listen yet.
 */
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
