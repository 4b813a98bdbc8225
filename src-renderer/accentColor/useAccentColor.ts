import { useLayoutEffect } from 'react';
import { paintedAccent } from './paintedAccent';

/** Removed again when the OS has no accent: the stylesheet's neutral blue. */
const PROPERTIES = ['--accent', '--accent-text', '--focus'] as const;

/** The OS accent, readable in the theme, into the page's CSS variables; in the layout phase, for the first frame. */
export function useAccentColor(osAccent: string | undefined, theme: 'light' | 'dark' | undefined): void {
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    const painted = theme ? paintedAccent(osAccent, theme) : null;
    if (!painted) {
      PROPERTIES.forEach((property) => style.removeProperty(property));
      return;
    }
    style.setProperty('--accent', painted.accent);
    style.setProperty('--accent-text', painted.onAccent);
    style.setProperty('--focus', painted.accent);
  }, [osAccent, theme]);
}
