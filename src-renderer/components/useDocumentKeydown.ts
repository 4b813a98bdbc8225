import { useLayoutEffect, useRef } from 'react';

/**
 * Keys for a whole screen, heard at the document so they still work when focus fell to
 * <body> (a clicked non-focusable area, a button that went away). Always the latest handler.
 *
 * Attached in the layout phase, i.e. in the same commit that paints the screen: a passive
 * effect runs in a later task, and a key pressed in between (the popup just shown, the
 * user already typing) would reach a screen that looks ready but does not listen yet.
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

/** Esc leaves the screen (unless something inside, like a shortcut recorder, took the key). */
export function useEscape(onEscape: () => void): void {
  useDocumentKeydown((event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onEscape();
  });
}
