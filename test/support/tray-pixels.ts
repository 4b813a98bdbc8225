// Reading a drawn tray icon the way a person looks at it: which of its pixels are the app's
// mark (compared with build/icon.svg rendered at the same size by build/make-icon.mjs), where
// the badge's characters are and how tall, what colours it uses. Only pixels: nothing here
// asks the drawing code how it meant to draw.
import { readFileSync } from 'node:fs';
import { parseIconSvg, renderIcon, SOURCE } from '../../build/make-icon.mjs';
import type { IconBitmap } from '../../src-main/desktop/tray-icon';

export interface Pixel {
  r: number;
  g: number;
  b: number;
  /** 0–255. */
  a: number;
}

/** Straight-alpha colour of pixel (x, y) of a premultiplied BGRA bitmap. */
export function pixelAt(bitmap: IconBitmap, x: number, y: number): Pixel {
  const i = (y * bitmap.width + x) * 4;
  const a = bitmap.bgra[i + 3] ?? 0;
  const un = (v: number | undefined) => (a === 0 ? 0 : Math.min(255, Math.round(((v ?? 0) * 255) / a)));
  return { r: un(bitmap.bgra[i + 2]), g: un(bitmap.bgra[i + 1]), b: un(bitmap.bgra[i]), a };
}

export type MarkClass = 'tile' | 'symbol' | 'none';

const svgIcon = parseIconSvg(readFileSync(SOURCE, 'utf8'));

/** The app icon (build/icon.svg) at `size`, each pixel as tile (blue), symbol (ring and plus, white) or none. */
export function appIconClasses(size: number): MarkClass[] {
  const rgba = renderIcon(svgIcon, size);
  return Array.from({ length: size * size }, (_, i) => {
    if ((rgba[i * 4 + 3] ?? 0) < 128) return 'none';
    // White over the blue tile: more red than halfway from the tile's 37 to white's 255.
    return (rgba[i * 4] ?? 0) > 146 ? 'symbol' : 'tile';
  });
}

/** A colour tray icon's pixel as the same three classes: opaque blue is tile, opaque near-white symbol. */
export function colourClass(p: Pixel): MarkClass | 'other' {
  if (p.a < 128) return 'none';
  if (p.b - p.r > 80) return 'tile';
  if (Math.min(p.r, p.g, p.b) > 180) return 'symbol';
  return 'other';
}

/** Where a badge cannot reach and a dot does not go: the top-left of the icon (rows above 43 %, columns left of the middle). */
export function freeOfBadgeAndDot(size: number): number[] {
  const cells: number[] = [];
  for (let y = 0; y < Math.floor(size * 0.43); y += 1) for (let x = 0; x < size / 2; x += 1) cells.push(y * size + x);
  return cells;
}

/**
 * How much of the app's mark a tray icon shows in `cells`: the share of them whose class
 * matches icon.svg's. Colour icons compare tile, symbol and none; a template image has only
 * alpha, so it compares "ink" (the tile less the cut-out symbol) with "no ink".
 */
export function markAgreement(bitmap: IconBitmap, template: boolean, cells = Array.from({ length: bitmap.width * bitmap.width }, (_, i) => i)): number {
  const reference = appIconClasses(bitmap.width);
  let same = 0;
  for (const i of cells) {
    const p = pixelAt(bitmap, i % bitmap.width, Math.floor(i / bitmap.width));
    const expected = reference[i];
    if (template ? (p.a >= 128) === (expected === 'tile') : colourClass(p) === expected) same += 1;
  }
  return same / cells.length;
}

/** The share of icon.svg's ring-and-plus pixels in `cells` that an icon inks (alpha ≥ 50 %), whatever colour. */
export function symbolInked(bitmap: IconBitmap, cells: number[]): number {
  const reference = appIconClasses(bitmap.width);
  const symbol = cells.filter((i) => reference[i] === 'symbol');
  return symbol.filter((i) => pixelAt(bitmap, i % bitmap.width, Math.floor(i / bitmap.width)).a >= 128).length / symbol.length;
}

/** The share of icon.svg's tile-only pixels (not the symbol, not the tile's outer 2 px) in `cells` an icon leaves clear (alpha < 50 %). */
export function tileInteriorClear(bitmap: IconBitmap, cells: number[]): number {
  const size = bitmap.width;
  const reference = appIconClasses(size);
  const inner = cells.filter((i) => {
    const [x, y] = [i % size, Math.floor(i / size)];
    return reference[i] === 'tile' && x >= 2 && y >= 2 && x < size - 2 && y < size - 2;
  });
  return inner.filter((i) => pixelAt(bitmap, i % size, Math.floor(i / size)).a < 128).length / inner.length;
}

export interface GlyphBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
  height: number;
}

/**
 * The badge's characters, found by comparing the icon with a badge to the same icon without
 * one: the pixels that changed frame the badge; its most common opaque colour is the pill;
 * the characters' ink is every grey (neutral) pixel in that frame at least 100 levels of
 * luminance away from the pill. Ink columns separated by an empty column are one character.
 * Give it icons on the dark panel: there the ink is dark grey, a colour the mark never uses
 * (blue tile, white ring and plus), so no pixel of the mark passes for a character.
 */
export function badgeGlyphs(withBadge: IconBitmap, without: IconBitmap): GlyphBox[] {
  const size = withBadge.width;
  const changed: number[] = [];
  for (let i = 0; i < size * size; i += 1) {
    for (let c = 0; c < 4; c += 1) {
      if (withBadge.bgra[i * 4 + c] !== without.bgra[i * 4 + c]) {
        changed.push(i);
        break;
      }
    }
  }
  const luminance = (p: Pixel) => 0.299 * p.r + 0.587 * p.g + 0.114 * p.b;
  const at = (x: number, y: number) => pixelAt(withBadge, x, y);
  const counts = new Map<string, { n: number; lum: number }>();
  for (const i of changed) {
    const p = at(i % size, Math.floor(i / size));
    if (p.a < 250) continue;
    const key = `${p.r},${p.g},${p.b}`;
    counts.set(key, { n: (counts.get(key)?.n ?? 0) + 1, lum: luminance(p) });
  }
  const pill = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  if (!pill) return [];
  const xs = changed.map((i) => i % size);
  const ys = changed.map((i) => Math.floor(i / size));
  const columns = new Map<number, number[]>();
  for (let y = Math.min(...ys); y <= Math.max(...ys); y += 1) {
    for (let x = Math.min(...xs); x <= Math.max(...xs); x += 1) {
      const p = at(x, y);
      const neutral = Math.max(p.r, p.g, p.b) - Math.min(p.r, p.g, p.b) < 40;
      if (p.a >= 128 && neutral && Math.abs(luminance(p) - pill.lum) >= 100) columns.set(x, [...(columns.get(x) ?? []), y]);
    }
  }
  const boxes: GlyphBox[] = [];
  for (const x of [...columns.keys()].sort((a, b) => a - b)) {
    const rows = columns.get(x) ?? [];
    const last = boxes.at(-1);
    if (last && last.right === x - 1) {
      last.right = x;
      last.top = Math.min(last.top, ...rows);
      last.bottom = Math.max(last.bottom, ...rows);
    } else boxes.push({ left: x, right: x, top: Math.min(...rows), bottom: Math.max(...rows), height: 0 });
  }
  for (const box of boxes) box.height = box.bottom - box.top + 1;
  return boxes;
}

/** Every colour an icon uses, as "r,g,b" of its premultiplied channels, over pixels with any alpha. */
export function premultipliedColours(bitmap: IconBitmap): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i < bitmap.width * bitmap.height; i += 1) {
    if ((bitmap.bgra[i * 4 + 3] ?? 0) > 0) found.add(`${bitmap.bgra[i * 4 + 2]},${bitmap.bgra[i * 4 + 1]},${bitmap.bgra[i * 4]}`);
  }
  return found;
}
