// The OS accent made readable (4.5:1 for text on it and for it as text) in both themes; nothing but
// #rrggbb gets through.
import { describe, expect, it } from 'vitest';
import { contrast, paintedAccent, TEXT_CONTRAST } from '../../../src-renderer/accentColor/paintedAccent';

/** Accents the OSes offer: macOS's eight, Windows' default blue and a few of its palette, and extremes. */
const OS_ACCENTS = ['#007aff', '#a550a7', '#f74f9e', '#ff5257', '#f7821b', '#ffc600', '#62ba46', '#8c8c8c', '#0078d4', '#ffb900', '#e81123', '#00b7c3', '#ffffff', '#000000', '#777777'];
const BACKGROUNDS = { light: ['#ffffff', '#f3f4f6'], dark: ['#1d1f23', '#272a30'] } as const;

describe('paintedAccent', () => {
  it.each(['light', 'dark'] as const)('%s: every OS accent reads as text on the page and under text on it (≥ 4.5:1)', (theme) => {
    for (const accent of OS_ACCENTS) {
      const painted = paintedAccent(accent, theme);
      expect(painted, accent).not.toBeNull();
      for (const bg of BACKGROUNDS[theme]) expect(contrast(painted?.accent ?? '', bg), `${accent} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrast(painted?.accent ?? '', painted?.onAccent ?? ''), `${accent} under its text`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('keeps the user’s colour where it already reads, and moves a light one only as far as needed', () => {
    expect(paintedAccent('#0a58ca', 'light')?.accent).toBe('#0a58ca');
    const yellow = paintedAccent('#ffb900', 'light')?.accent ?? '';
    expect(yellow).not.toBe('#ffb900');
    // One step less would not read: the closest readable shade.
    expect(contrast(yellow, '#f3f4f6')).toBeLessThan(TEXT_CONTRAST + 1);
  });

  it('anything but #rrggbb is no accent (the stylesheet’s blue stays)', () => {
    for (const hostile of ['red', '#0078d4; --bg: red', 'url(x)', '#0078D4', '', undefined]) expect(paintedAccent(hostile, 'light'), String(hostile)).toBeNull();
  });
});
