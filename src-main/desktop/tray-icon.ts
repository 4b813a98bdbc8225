// The tray icon drawn in code as premultiplied BGRA (what createFromBitmap takes): no assets at run
// time, and a test can look at the result.
import { layoutBadge } from './tray-badge';
import { inRoundedRect, markLayers } from './tray-mark';

/** Hollow (the tile's outline, greyed): not connected. */
export type TrayMarkLook = 'solid' | 'hollow';
export type TrayDot = 'needsYou' | 'update' | null;

export interface IconSpec {
  size: number;
  /** macOS: black with alpha, tinted by the menu bar; no badge (the title carries the number). */
  template: boolean;
  theme: 'light' | 'dark';
  mark: TrayMarkLook;
  badge: string | null;
  dot: TrayDot;
}

export interface IconBitmap {
  width: number;
  height: number;
  bgra: Uint8Array;
}

/** 16 pt at 100 … 200 % display scaling. */
export const TRAY_ICON_SIZES = [16, 20, 24, 28, 32] as const;

/** The nearest drawn size (above 2×, the OS scales the 32 px icon). */
export function trayIconSize(scaleFactor: number): (typeof TRAY_ICON_SIZES)[number] {
  const wanted = 16 * (Number.isFinite(scaleFactor) && scaleFactor > 0 ? scaleFactor : 1);
  return TRAY_ICON_SIZES.reduce((best, size) => (Math.abs(size - wanted) < Math.abs(best - wanted) ? size : best));
}

type Rgb = readonly [number, number, number];

/** Electron reports the app's theme, not the taskbar's (Windows 10 pairs light apps with a dark taskbar): a blue that reads on both, an opaque pill. */
const TRAY_COLOURS = {
  tile: [37, 99, 235],
  symbol: [255, 255, 255],
  hollow: { light: [95, 99, 104], dark: [170, 174, 179] },
  pill: { light: [32, 33, 36], dark: [241, 243, 244] },
  pillText: { light: [255, 255, 255], dark: [32, 33, 36] },
  needsYou: [229, 57, 53],
  update: { light: [26, 127, 55], dark: [63, 185, 80] },
} as const satisfies Record<string, Rgb | Record<'light' | 'dark', Rgb>>;

/** Premultiplied RGBA in 0–1, painted with "source over". */
class Canvas {
  readonly px: Float32Array;
  constructor(readonly size: number) {
    this.px = new Float32Array(size * size * 4);
  }

  paint(i: number, [r, g, b]: Rgb, coverage: number): void {
    if (coverage <= 0) return;
    const a = Math.min(1, coverage);
    const o = i * 4;
    const keep = 1 - a;
    this.px[o] = (r / 255) * a + (this.px[o] ?? 0) * keep;
    this.px[o + 1] = (g / 255) * a + (this.px[o + 1] ?? 0) * keep;
    this.px[o + 2] = (b / 255) * a + (this.px[o + 2] ?? 0) * keep;
    this.px[o + 3] = a + (this.px[o + 3] ?? 0) * keep;
  }

  /** A knock-out: the panel shows through. */
  clear(i: number, coverage: number): void {
    const keep = 1 - Math.min(1, Math.max(0, coverage));
    for (let c = 0; c < 4; c += 1) this.px[i * 4 + c] = (this.px[i * 4 + c] ?? 0) * keep;
  }

  toBitmap(): IconBitmap {
    const bgra = new Uint8Array(this.size * this.size * 4);
    for (let i = 0; i < this.size * this.size; i += 1) {
      const o = i * 4;
      bgra[o] = Math.round((this.px[o + 2] ?? 0) * 255);
      bgra[o + 1] = Math.round((this.px[o + 1] ?? 0) * 255);
      bgra[o + 2] = Math.round((this.px[o] ?? 0) * 255);
      bgra[o + 3] = Math.round((this.px[o + 3] ?? 0) * 255);
    }
    return { width: this.size, height: this.size, bgra };
  }
}

const BLACK: Rgb = [0, 0, 0];
const SAMPLES = 4;

function coverage(x: number, y: number, inside: (sx: number, sy: number) => boolean): number {
  let hits = 0;
  for (let j = 0; j < SAMPLES; j += 1) for (let i = 0; i < SAMPLES; i += 1) if (inside(x + (i + 0.5) / SAMPLES, y + (j + 0.5) / SAMPLES)) hits += 1;
  return hits / (SAMPLES * SAMPLES);
}

export function drawTrayIcon(spec: IconSpec): IconBitmap {
  const canvas = new Canvas(spec.size);
  drawMark(canvas, spec);
  if (spec.badge !== null && !spec.template) drawBadge(canvas, spec.badge, spec.theme);
  if (spec.dot) drawDot(canvas, spec.dot, spec.template, spec.theme);
  return canvas.toBitmap();
}

function drawMark(canvas: Canvas, spec: IconSpec): void {
  const { tile, outline, symbol } = markLayers(spec.size);
  for (let i = 0; i < spec.size * spec.size; i += 1) {
    const s = symbol[i] ?? 0;
    if (spec.mark === 'hollow') {
      canvas.paint(i, spec.template ? BLACK : TRAY_COLOURS.hollow[spec.theme], Math.max(outline[i] ?? 0, s));
    } else if (spec.template) {
      // The tile with ring and plus cut out: the app icon's shape in the menu bar's ink.
      canvas.paint(i, BLACK, (tile[i] ?? 0) * (1 - s));
    } else {
      canvas.paint(i, TRAY_COLOURS.tile, tile[i] ?? 0);
      canvas.paint(i, TRAY_COLOURS.symbol, s);
    }
  }
}

function drawBadge(canvas: Canvas, text: string, theme: 'light' | 'dark'): void {
  const size = canvas.size;
  const badge = layoutBadge(text, size);
  if (!badge) return;
  const { x, y, width, height, radius } = badge.pill;
  const gap = knockOut(size);
  const inPill = (grow: number) => (px: number, py: number) => inRoundedRect(px, py, x - grow, y - grow, width + 2 * grow, height + 2 * grow, radius + grow);
  const [around, pill] = [inPill(gap), inPill(0)];
  for (let py = Math.max(0, Math.floor(y - gap)); py < size; py += 1) {
    for (let px = Math.max(0, Math.floor(x - gap)); px < size; px += 1) {
      // A gap of panel round the pill: a light pill would run into the white ring otherwise.
      canvas.clear(py * size + px, coverage(px, py, around));
      canvas.paint(py * size + px, TRAY_COLOURS.pill[theme], coverage(px, py, pill));
    }
  }
  for (const dot of badge.ink) {
    if (dot.x >= 0 && dot.y >= 0 && dot.x < size && dot.y < size) canvas.paint(dot.y * size + dot.x, TRAY_COLOURS.pillText[theme], dot.coverage);
  }
}

const knockOut = (size: number) => Math.max(1, Math.round(size / 20));

const dotDiameter = (size: number): number => Math.round(size * 0.38);

function drawDot(canvas: Canvas, dot: 'needsYou' | 'update', template: boolean, theme: 'light' | 'dark'): void {
  const size = canvas.size;
  const d = dotDiameter(size);
  const gap = knockOut(size);
  const cx = size - d / 2;
  const cy = d / 2;
  // A round hole first, so the dot stands apart from the mark in any colour.
  const hole = (px: number, py: number) => Math.hypot(px - cx, py - cy) <= d / 2 + gap;
  const disc = (px: number, py: number) => Math.hypot(px - cx, py - cy) <= d / 2;
  const arrow = upArrow(size, d);
  const colour = template ? BLACK : dot === 'needsYou' ? TRAY_COLOURS.needsYou : TRAY_COLOURS.update[theme];
  const reach = Math.ceil(d + gap);
  for (let py = 0; py < Math.min(size, reach); py += 1) {
    for (let px = Math.max(0, size - reach); px < size; px += 1) {
      const i = py * size + px;
      canvas.clear(i, coverage(px, py, hole));
      canvas.paint(i, colour, dot === 'needsYou' ? coverage(px, py, disc) : arrow(px, py) ? 1 : 0);
    }
  }
}

/** On whole pixels (a smooth one is a smudge at 16 px): odd width, a 45° head, an odd stem. */
function upArrow(size: number, d: number): (px: number, py: number) => boolean {
  const width = d % 2 === 1 ? d : d - 1;
  const mid = size - d + Math.floor((d - width) / 2) + (width - 1) / 2;
  const headRows = (width + 1) / 2;
  const stemHalf = (Math.max(1, Math.round(width * 0.3)) | 1) / 2 - 0.5;
  return (px, py) => (py < headRows ? Math.abs(px - mid) <= py : py < d && Math.abs(px - mid) <= stemHalf);
}
