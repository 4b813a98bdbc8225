// The tray badge's sprites from 20 px up: Inter Bold (SIL Open Font License 1.1, @fontsource/inter)
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

export interface FittedText {
  cap: number;
  glyphs: TrayGlyph[];
  /** Each glyph's pen position, whole pixels (so stems stay where the sprite put them). */
  pens: number[];
  /** The ink's horizontal extent from the first pen. */
  inkLeft: number;
  inkRight: number;
}

/** `text` at the largest cap height up to `maxCap` whose ink is at most `room` px wide; null if none is, or a character has no sprite. */
export function fitText(text: string, maxCap: number, room: number): FittedText | null {
  const caps = Object.keys(TRAY_GLYPHS).map(Number).filter((cap) => cap <= maxCap).sort((a, b) => b - a);
  for (const cap of caps) {
    const set = TRAY_GLYPHS[cap] ?? {};
    const glyphs = [...text].map((char) => set[char]);
    if (glyphs.some((glyph) => glyph === undefined)) return null;
    const laid = layout(glyphs as TrayGlyph[]);
    if (laid.inkRight - laid.inkLeft <= room) return { cap, glyphs: glyphs as TrayGlyph[], ...laid };
  }
  return null;
}

function layout(glyphs: TrayGlyph[]): { pens: number[]; inkLeft: number; inkRight: number } {
  const pens: number[] = [];
  let pen = 0;
  let inkLeft = Infinity;
  let inkRight = -Infinity;
  for (const glyph of glyphs) {
    const x = Math.round(pen);
    pens.push(x);
    inkLeft = Math.min(inkLeft, x + glyph.x);
    inkRight = Math.max(inkRight, x + glyph.x + glyph.w);
    pen += glyph.adv;
  }
  return { pens, inkLeft, inkRight };
}
