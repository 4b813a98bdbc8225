// The tray number's sprites: Inter Bold (SIL Open Font License 1.1, @fontsource/inter)
// rendered by build/make-tray-glyphs.mjs into tray-glyphs.json, generated data that is
// never edited by hand (run `node build/make-tray-glyphs.mjs`; the tests run it with --check).
import generated from './tray-glyphs.json';

/**
 * One glyph at one cap height: ink box offset from the pen and the baseline (x, y), size
 * (w × h), advance in pixels, and alpha as one hex digit (0–f) per pixel, row by row.
 */
export interface TrayGlyph {
  x: number;
  y: number;
  w: number;
  h: number;
  adv: number;
  a: string;
}

export const GLYPH_CHARS: string = generated.chars;

/** Per cap height in pixels, each character's glyph. */
export const TRAY_GLYPHS: Record<number, Record<string, TrayGlyph>> = generated.sizes;
