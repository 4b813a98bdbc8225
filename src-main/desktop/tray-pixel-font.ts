// The badge's characters at 16 px, 1 px strokes on whole pixels (Inter squeezed to 14 px turns grey
// and soft). One string per row, '#' ink.

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
  ink(x: number, y: number): boolean;
}

export const PIXEL_FONT_HEIGHT = ROWS;
export const PIXEL_FONT_SPACING = 1;

export function pixelGlyph(char: string): PixelGlyph | undefined {
  const rows = GLYPHS[char];
  if (!rows) return undefined;
  return { width: rows[0]?.length ?? 0, ink: (x, y) => rows[y]?.[x] === '#' };
}

export function pixelTextWidth(text: string): number {
  const widths = [...text].map((char) => pixelGlyph(char)?.width ?? 0).filter((w) => w > 0);
  return widths.reduce((sum, w) => sum + w, 0) + Math.max(0, widths.length - 1) * PIXEL_FONT_SPACING;
}
