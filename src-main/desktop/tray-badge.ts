// The badge over the mark's bottom-right corner (Windows, Linux): at most three characters, laid out per icon size.
import { fitText } from './tray-glyphs';
import { PIXEL_FONT_HEIGHT, PIXEL_FONT_SPACING, pixelGlyph, pixelTextWidth } from './tray-pixel-font';

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

export interface PlacedInk {
  x: number;
  y: number;
  coverage: number;
}

export interface BadgeLayout {
  pill: { x: number; y: number; width: number; height: number; radius: number };
  glyphHeight: number;
  ink: PlacedInk[];
}

/** Cap height per icon size: three of Inter's digits fill its width; 16 px uses the pixel font. */
const BADGE_CAP: Readonly<Record<number, number>> = { 16: PIXEL_FONT_HEIGHT, 20: 7, 24: 8, 28: 10, 32: 11 };

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
