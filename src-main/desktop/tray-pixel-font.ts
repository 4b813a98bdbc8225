// The badge's characters at 16 px (100 % scaling), drawn pixel by pixel. Three characters
// have about 14 px across a 16 px icon; Inter Bold (the larger sizes, tray-glyphs.ts) is
// 5 px wide a digit at a 6 px cap height and turns grey and soft when squeezed (its stems
// fall between pixels). These are 6 px tall, 1 px strokes on whole pixels, 4 px wide (1: 3),
// so "999" is 14 px and every stroke is black or white: what 16 px can show crisply.
// One string per row, '#' ink, '.' none; the baseline is under the last row.

const ROWS = 6;

const GLYPHS: Record<string, readonly string[]> = {
  '0': ['.##.', '#..#', '#..#', '#..#', '#..#', '.##.'],
  '1': ['.#.', '##.', '.#.', '.#.', '.#.', '###'],
  '2': ['.##.', '#..#', '...#', '..#.', '.#..', '####'],
  '3': ['###.', '...#', '.##.', '...#', '...#', '###.'],
  '4': ['#..#', '#..#', '#..#', '####', '...#', '...#'],
  '5': ['####', '#...', '###.', '...#', '...#', '###.'],
  '6': ['.##.', '#...', '###.', '#..#', '#..#', '.##.'],
  '7': ['####', '...#', '..#.', '..#.', '.#..', '.#..'],
  '8': ['.##.', '#..#', '.##.', '#..#', '#..#', '.##.'],
  '9': ['.##.', '#..#', '#..#', '.###', '...#', '.##.'],
  '-': ['...', '...', '###', '...', '...', '...'],
  '+': ['...', '.#.', '###', '.#.', '...', '...'],
  '<': ['....', '...#', '..#.', '.#..', '..#.', '...#'],
  k: ['#...', '#..#', '#.#.', '##..', '#.#.', '#..#'],
  M: ['#...#', '##.##', '#.#.#', '#...#', '#...#', '#...#'],
  G: ['.###', '#...', '#.##', '#..#', '#..#', '.###'],
};

export interface PixelGlyph {
  width: number;
  /** Ink at (x, y), row y from the top of the 6 px cell. */
  ink(x: number, y: number): boolean;
}

export const PIXEL_FONT_HEIGHT = ROWS;
/** Blank columns between characters. */
export const PIXEL_FONT_SPACING = 1;

export function pixelGlyph(char: string): PixelGlyph | undefined {
  const rows = GLYPHS[char];
  if (!rows) return undefined;
  return { width: rows[0]?.length ?? 0, ink: (x, y) => rows[y]?.[x] === '#' };
}

/** Width in pixels of `text` set in this font (unknown characters take no room). */
export function pixelTextWidth(text: string): number {
  const widths = [...text].map((char) => pixelGlyph(char)?.width ?? 0).filter((w) => w > 0);
  return widths.reduce((sum, w) => sum + w, 0) + Math.max(0, widths.length - 1) * PIXEL_FONT_SPACING;
}
