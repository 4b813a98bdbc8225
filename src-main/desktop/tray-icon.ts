// The tray icon, drawn in code: a ring with a plus, or the pinned counter's number set in
// Inter Bold from sprites rendered at build time (tray-glyphs.ts, build/make-tray-glyphs.mjs),
// at the size the display needs (16, 20, 24, 28 or 32 px for 100–200 % scaling). Pure pixels
// (BGRA, premultiplied, what nativeImage.createFromBitmap takes), so no image assets, no
// canvas, no font at run time, and a test can look at the result.
import { TRAY_GLYPHS, type TrayGlyph } from './tray-glyphs';
export interface IconSpec {
  /** Pixel size: 16 × the display's scale factor (TRAY_ICON_SIZES). */
  size: number;
  /** Panel colour: a dark panel gets a light glyph. */
  theme: 'light' | 'dark';
  badge: string | null;
  dimmed: boolean;
  /** macOS template image: black with alpha only; the OS tints it. */
  template: boolean;
}

export interface IconBitmap {
  width: number;
  height: number;
  /** Premultiplied by alpha (the glyphs' edges are smooth). */
  bgra: Uint8Array;
}

/** The sizes drawn: 16 pt at 100, 125, 150, 175 and 200 % display scaling. */
export const TRAY_ICON_SIZES = [16, 20, 24, 28, 32] as const;

/** The icon size for a display scale factor: the nearest drawn one (above 2×, the OS scales the 32 px icon). */
export function trayIconSize(scaleFactor: number): (typeof TRAY_ICON_SIZES)[number] {
  const wanted = 16 * (Number.isFinite(scaleFactor) && scaleFactor > 0 ? scaleFactor : 1);
  return TRAY_ICON_SIZES.reduce((best, size) => (Math.abs(size - wanted) < Math.abs(best - wanted) ? size : best));
}

type Rgb = [number, number, number];

export function drawTrayIcon(spec: IconSpec): IconBitmap {
  const { size } = spec;
  const bgra = new Uint8Array(size * size * 4);
  const fg: Rgb = spec.template ? [0, 0, 0] : spec.theme === 'dark' ? [240, 240, 240] : [32, 32, 32];
  const opacity = spec.dimmed ? 0.5 : 1;
  /** Paints one pixel with `coverage` (0–1) of the foreground, premultiplied. */
  const set = (x: number, y: number, [r, g, b]: Rgb, coverage = 1) => {
    if (x < 0 || y < 0 || x >= size || y >= size) return;
    const a = Math.round(255 * opacity * coverage);
    if (a === 0) return;
    const i = (y * size + x) * 4;
    bgra[i] = Math.round((b * a) / 255);
    bgra[i + 1] = Math.round((g * a) / 255);
    bgra[i + 2] = Math.round((r * a) / 255);
    bgra[i + 3] = a;
  };

  if (spec.badge && !spec.template) {
    drawText(spec.badge, size, fg, set);
  } else {
    // A ring with a plus: "a counter you can bump".
    const c = (size - 1) / 2;
    const outer = size * 0.47;
    const inner = outer - Math.max(2, size / 10);
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const d = Math.hypot(x - c, y - c);
        if (d <= outer && d >= inner) set(x, y, fg);
      }
    }
    const arm = Math.round(size * 0.22);
    const thick = Math.max(1, Math.round(size / 16));
    for (let t = -thick; t <= thick; t += 1) {
      for (let i = -arm; i <= arm; i += 1) {
        set(Math.round(c + i), Math.round(c + t), fg);
        set(Math.round(c + t), Math.round(c + i), fg);
      }
    }
  }
  return { width: size, height: size, bgra };
}

/** Pen positions of each glyph and the ink's horizontal extent, for one glyph set. */
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

/** The largest cap height at which `text` fits `size` with a pixel to spare each side, its glyphs and layout. */
export function fitText(text: string, size: number): { cap: number; glyphs: TrayGlyph[]; layout: ReturnType<typeof layout> } | null {
  // Digits taller than ~60 % of the icon crowd its edges and the panel's own padding.
  const tallest = Math.floor(size * 0.62);
  const caps = Object.keys(TRAY_GLYPHS).map(Number).filter((cap) => cap <= tallest).sort((a, b) => b - a);
  for (const cap of caps) {
    const set = TRAY_GLYPHS[cap];
    if (!set) continue;
    const glyphs = [...text].map((ch) => set[ch] ?? set['-']).filter((g): g is TrayGlyph => g !== undefined);
    const laid = layout(glyphs);
    if (laid.inkRight - laid.inkLeft <= size - 2) return { cap, glyphs, layout: laid };
  }
  return null;
}

function drawText(text: string, size: number, fg: Rgb, set: (x: number, y: number, c: Rgb, coverage?: number) => void): void {
  const fit = fitText(text, size);
  if (!fit) return;
  const { cap, glyphs, layout: laid } = fit;
  const left = Math.floor((size - (laid.inkRight - laid.inkLeft)) / 2) - laid.inkLeft;
  // The cap height centred on a whole-pixel baseline.
  const baseline = Math.floor((size - cap) / 2) + cap;
  glyphs.forEach((glyph, index) => {
    const ox = left + (laid.pens[index] ?? 0) + glyph.x;
    const oy = baseline + glyph.y;
    for (let y = 0; y < glyph.h; y += 1) {
      for (let x = 0; x < glyph.w; x += 1) {
        const level = parseInt(glyph.a[y * glyph.w + x] ?? '0', 16);
        if (level > 0) set(ox + x, oy + y, fg, level / 15);
      }
    }
  });
}
