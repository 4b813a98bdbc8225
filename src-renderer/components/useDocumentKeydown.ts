import { useEffect, useRef } from 'react';

/**
 * Keys for a whole screen, heard at the document so they still work when focus fell to
 * <body> (a clicked non-focusable area, a button that went away). Always the latest handler.
 */
export function useDocumentKeydown(handler: (event: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

/** Esc leaves the screen (unless something inside, like a shortcut recorder, took the key). */
export function useEscape(onEscape: () => void): void {
  useDocumentKeydown((event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onEscape();
  });
}
