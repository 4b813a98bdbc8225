// The badge over the mark (Windows, Linux), laid out per icon size (README.md). tray-glyphs.json is
// made by build/make-tray-glyphs.mjs (the tests run --check).
import generated from './tray-glyphs.json';

/**
 * Never more than the value says: 0–999 exact, then "12k", "<1M", "5M", "<1G", "1G+"; −1…−99,
 * −1k…−9k, any other negative "<0" (rounding −250 to "-1k" would claim four times what it is).
 */
export function badgeText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const whole = Math.trunc(value);
  const abs = Math.abs(whole);
  if (whole < 0) {
    if (abs < 100) return `-${abs}`;
    if (abs >= 1000 && abs < 10_000) return `-${Math.floor(abs / 1000)}k`;
    return '<0';
  }
  if (abs < 1000) return String(abs);
  if (abs < 100_000) return `${Math.floor(abs / 1000)}k`;
  if (abs < 1_000_000) return '<1M';
  if (abs < 100_000_000) return `${Math.floor(abs / 1_000_000)}M`;
  return abs < 1_000_000_000 ? '<1G' : '1G+';
}

interface PlacedInk {
  x: number;
  y: number;
  coverage: number;
}

interface BadgeLayout {
  pill: { x: number; y: number; width: number; height: number; radius: number };
  glyphHeight: number;
  ink: PlacedInk[];
}

const PIXEL_ROWS = 6;
/** Cap height per icon size: three of Inter's digits fill its width; 16 px uses the pixel font. */
const BADGE_CAP: Readonly<Record<number, number>> = { 16: PIXEL_ROWS, 20: 7, 24: 8, 28: 10, 32: 11 };

/** 2 px at 28 would leave "999" a pixel short. */
const padding = (size: number) => (size >= 32 ? 2 : 1);

export function layoutBadge(text: string, size: number): BadgeLayout | null {
  if (text === '') return null;
  const pad = padding(size);
  const run = size <= 16 ? pixelRun(text) : interRun(text, size, size - 2 * pad);
  if (!run) return null;
  const height = run.cap + 2 * pad;
  // As wide as tall at least (one digit gets a round badge); never wider than the icon.
  const width = Math.min(size, Math.max(height, run.width + 2 * pad));
  // Round ends for one or two characters; squarer for three, whose outer strokes a round end would cut.
  const radius = width >= height * 1.5 ? Math.max(2, Math.round(height * 0.3)) : height / 2;
  const pill = { x: size - width, y: size - height, width, height, radius };
  const left = pill.x + Math.floor((width - run.width) / 2);
  const top = pill.y + pad;
  return { pill, glyphHeight: run.cap, ink: run.ink.map((dot) => ({ x: left + dot.x, y: top + dot.y, coverage: dot.coverage })) };
}

interface Run {
  cap: number;
  width: number;
  ink: PlacedInk[];
}

/** One string per row, '#' ink. */
const PIXEL_GLYPHS: Record<string, readonly string[]> = {
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
function pixelRun(text: string): Run | null {
  const ink: PlacedInk[] = [];
  let pen = 0;
  for (const char of text) {
    const rows = PIXEL_GLYPHS[char];
    if (!rows) return null;
    rows.forEach((row, y) => [...row].forEach((dot, x) => {
      if (dot === '#') ink.push({ x: pen + x, y, coverage: 1 });
    }));
    pen += (rows[0]?.length ?? 0) + 1;
  }
  return { cap: PIXEL_ROWS, width: pen - 1, ink };
}

/** Ink box offset from pen and baseline, size, advance, alpha as one hex digit per pixel. */
interface TrayGlyph {
  x: number;
  y: number;
  w: number;
  h: number;
  adv: number;
  a: string;
}

export const GLYPH_CHARS: string = generated.chars;
const TRAY_GLYPHS: Record<number, Record<string, TrayGlyph>> = generated.sizes;

/** At the largest cap height whose ink fits `room`; null if none does, or a character has no sprite. */
function interRun(text: string, size: number, room: number): Run | null {
  const maxCap = BADGE_CAP[size] ?? Math.round(size * 0.36);
  const caps = Object.keys(TRAY_GLYPHS).map(Number).filter((cap) => cap <= maxCap).sort((a, b) => b - a);
  for (const cap of caps) {
    const set = TRAY_GLYPHS[cap] ?? {};
    const glyphs = [...text].map((char) => set[char]);
    if (glyphs.some((glyph) => glyph === undefined)) return null;
    // Pens on whole pixels, so stems stay where the sprite put them.
    let pen = 0;
    let inkLeft = Infinity;
    let inkRight = -Infinity;
    const placed = (glyphs as TrayGlyph[]).map((glyph) => {
      const x = Math.round(pen);
      pen += glyph.adv;
      inkLeft = Math.min(inkLeft, x + glyph.x);
      inkRight = Math.max(inkRight, x + glyph.x + glyph.w);
      return { glyph, x };
    });
    if (inkRight - inkLeft > room) continue;
    const ink: PlacedInk[] = [];
    for (const { glyph, x } of placed) {
      // Sprites hang from the baseline (y < 0 is above it): the cap's top is row 0.
      const ox = x + glyph.x - inkLeft;
      const oy = cap + glyph.y;
      for (let y = 0; y < glyph.h; y += 1) {
        for (let dx = 0; dx < glyph.w; dx += 1) {
          const level = parseInt(glyph.a[y * glyph.w + dx] ?? '0', 16);
          if (level > 0) ink.push({ x: ox + dx, y: oy + y, coverage: level / 15 });
        }
      }
    }
    return { cap, width: inkRight - inkLeft, ink };
  }
  return null;
}
