// The badge over the mark's bottom-right corner (Windows, Linux): what it says, in at most
// three characters, and where its characters and its pill go at each icon size.
import { fitText } from './tray-glyphs';
import { PIXEL_FONT_HEIGHT, PIXEL_FONT_SPACING, pixelGlyph, pixelTextWidth } from './tray-pixel-font';

/**
 * At most three characters, never more than the value says: 0–999 exact; whole thousands,
 * cut toward zero, up to 99k ("1k" is 1000–1999); "<1M" below a million; whole millions to
 * 99M; "<1G"; "1G+". Negatives keep their sign in the three: −1…−99 exact, −1k…−9k; any
 * other negative is "<0" (3 characters cannot say −250 or −12 345 truthfully, and rounding
 * −250 to "-1k" would claim four times what it is). The exact value is in the tooltip and menu.
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

/** One character's ink: coverage 0–1 at whole-pixel offsets inside the icon. */
export interface PlacedInk {
  x: number;
  y: number;
  coverage: number;
}

export interface BadgeLayout {
  /** The pill, in pixels: left, top, width, height; corner radius. */
  pill: { x: number; y: number; width: number; height: number; radius: number };
  /** Height in pixels of the badge's characters (cap height; digits' ink). */
  glyphHeight: number;
  ink: PlacedInk[];
}

/**
 * Cap height of the badge's characters per icon size: about 37 % of the icon, so three of
 * Inter's digits fill its width at every size; 16 px uses the 6 px pixel font.
 */
export const BADGE_CAP: Readonly<Record<number, number>> = { 16: PIXEL_FONT_HEIGHT, 20: 7, 24: 8, 28: 10, 32: 11 };

/** Room between the pill's edge and its characters: 1 px, 2 px at 32 (at 28, 2 px would leave "999" a pixel short). */
const padding = (size: number) => (size >= 32 ? 2 : 1);

/** Where a badge's pill and characters go in a `size` px icon; null when there is nothing to draw. */
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
  // The characters centred in the pill, on a whole pixel, with the cap on its middle.
  const left = pill.x + Math.floor((width - run.width) / 2);
  const top = pill.y + pad;
  return { pill, glyphHeight: run.cap, ink: run.ink.map((dot) => ({ x: left + dot.x, y: top + dot.y, coverage: dot.coverage })) };
}

/** Characters laid out from (0, 0) = their run's top-left, the cap's top on row 0. */
interface Run {
  cap: number;
  width: number;
  ink: PlacedInk[];
}

function pixelRun(text: string): Run | null {
  const ink: PlacedInk[] = [];
  let pen = 0;
  for (const char of text) {
    const glyph = pixelGlyph(char);
    if (!glyph) return null;
    for (let y = 0; y < PIXEL_FONT_HEIGHT; y += 1) for (let x = 0; x < glyph.width; x += 1) if (glyph.ink(x, y)) ink.push({ x: pen + x, y, coverage: 1 });
    pen += glyph.width + PIXEL_FONT_SPACING;
  }
  return { cap: PIXEL_FONT_HEIGHT, width: pixelTextWidth(text), ink };
}

function interRun(text: string, size: number, room: number): Run | null {
  const fit = fitText(text, BADGE_CAP[size] ?? Math.round(size * 0.36), room);
  if (!fit) return null;
  const { cap, glyphs, pens, inkLeft, inkRight } = fit;
  const ink: PlacedInk[] = [];
  glyphs.forEach((glyph, index) => {
    const ox = (pens[index] ?? 0) + glyph.x - inkLeft;
    // Sprites hang from the baseline (y < 0 is above it): the cap's top is row 0.
    const oy = cap + glyph.y;
    for (let y = 0; y < glyph.h; y += 1) {
      for (let x = 0; x < glyph.w; x += 1) {
        const level = parseInt(glyph.a[y * glyph.w + x] ?? '0', 16);
        if (level > 0) ink.push({ x: ox + x, y: oy + y, coverage: level / 15 });
      }
    }
  });
  return { cap, width: inkRight - inkLeft, ink };
}
