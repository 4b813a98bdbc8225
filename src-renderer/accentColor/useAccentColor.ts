import { useLayoutEffect } from 'react';
import { paintedAccent } from './paintedAccent';

const PROPERTIES = ['--accent', '--accent-text', '--focus'] as const;

/** In the layout phase: a screen's first frame has it. */
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
