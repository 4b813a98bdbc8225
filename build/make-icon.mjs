#!/usr/bin/env node
// The app icon has ONE source, build/icon.svg; this script rasterises it into every PNG
// the packagers use: build/icon.png (1024², macOS dmg/icns and Windows ico are derived
// from it by electron-builder) and build/icons/<n>x<n>.png (the Linux hicolor sizes).
// No SVG rasteriser can be assumed on a build machine, so it reads the small subset the
// icon is drawn in (<rect> with rx, <circle> filled or stroked, #rrggbb colours) and
// refuses anything else, so the source cannot silently outgrow what is drawn.
//   node build/make-icon.mjs          writes the PNGs
//   node build/make-icon.mjs --check  exits 1 when a committed PNG is not what the SVG gives
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync, inflateSync } from 'node:zlib';

export const SOURCE = new URL('./icon.svg', import.meta.url);
export const MAIN_ICON = { size: 1024, url: new URL('./icon.png', import.meta.url) };
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
export const linuxIconUrl = (size) => new URL(`./icons/${size}x${size}.png`, import.meta.url);
const SAMPLES = 4; // 4×4 samples per pixel: smooth edges at 16 px too

/** The shapes of the icon, in painting order, in viewBox units. */
export function parseIconSvg(text) {
  const root = /<svg\b([^>]*)>/.exec(text);
  if (!root) throw new Error('icon.svg: no <svg> element');
  const viewBox = attr(root[1], 'viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (!viewBox || viewBox.length !== 4 || viewBox.some(Number.isNaN)) throw new Error('icon.svg: the <svg> needs a numeric viewBox');
  const [minX, minY, width, height] = viewBox;
  const shapes = [];
  const body = text.slice(root.index + root[0].length).replace(/<!--[\s\S]*?-->/g, '');
  for (const match of body.matchAll(/<([a-zA-Z][\w:-]*)\b([^>]*?)\/?>/g)) {
    const [, tag, attrs] = match;
    if (tag === 'title' || tag === 'desc') continue;
    if (tag === 'rect') {
      shapes.push({ kind: 'rect', x: num(attrs, 'x', 0), y: num(attrs, 'y', 0), width: num(attrs, 'width'), height: num(attrs, 'height'), rx: num(attrs, 'rx', 0), fill: color(attrs, 'fill') });
    } else if (tag === 'circle') {
      shapes.push({ kind: 'circle', cx: num(attrs, 'cx'), cy: num(attrs, 'cy'), r: num(attrs, 'r'), fill: color(attrs, 'fill'), stroke: color(attrs, 'stroke'), strokeWidth: num(attrs, 'stroke-width', 1) });
    } else {
      throw new Error(`icon.svg: <${tag}> is not drawn by build/make-icon.mjs (rect and circle only)`);
    }
  }
  return { minX, minY, width, height, shapes };
}

function attr(attrs, name) {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];
}
function num(attrs, name, fallback) {
  const raw = attr(attrs, name);
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = Number(raw);
  if (raw === undefined || Number.isNaN(value)) throw new Error(`icon.svg: ${name}="${raw}" is not a number`);
  return value;
}
function color(attrs, name) {
  const raw = attr(attrs, name);
  if (raw === undefined || raw === 'none') return null;
  const hex = /^#([0-9a-fA-F]{6})$/.exec(raw);
  if (!hex) throw new Error(`icon.svg: ${name}="${raw}" must be #rrggbb or none`);
  const n = parseInt(hex[1], 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

/** The colour a shape paints at (x, y), or null. */
function paintAt(shape, x, y) {
  if (shape.kind === 'rect') {
    if (!shape.fill || x < shape.x || y < shape.y || x > shape.x + shape.width || y > shape.y + shape.height) return null;
    const r = Math.min(shape.rx, shape.width / 2, shape.height / 2);
    const dx = Math.max(shape.x + r - x, 0, x - (shape.x + shape.width - r));
    const dy = Math.max(shape.y + r - y, 0, y - (shape.y + shape.height - r));
    return dx * dx + dy * dy <= r * r ? shape.fill : null;
  }
  const d = Math.sqrt((x - shape.cx) ** 2 + (y - shape.cy) ** 2);
  if (shape.stroke && Math.abs(d - shape.r) <= shape.strokeWidth / 2) return shape.stroke;
  return shape.fill && d <= shape.r ? shape.fill : null;
}

/** Distance from (x, y) to the nearest edge the shape paints (signed-distance functions). */
function edgeDistance(shape, x, y) {
  if (shape.kind === 'rect') {
    const r = Math.min(shape.rx, shape.width / 2, shape.height / 2);
    const qx = Math.abs(x - (shape.x + shape.width / 2)) - (shape.width / 2 - r);
    const qy = Math.abs(y - (shape.y + shape.height / 2)) - (shape.height / 2 - r);
    return Math.abs(Math.sqrt(Math.max(qx, 0) ** 2 + Math.max(qy, 0) ** 2) + Math.min(Math.max(qx, qy), 0) - r);
  }
  const d = Math.sqrt((x - shape.cx) ** 2 + (y - shape.cy) ** 2);
  const half = shape.stroke ? shape.strokeWidth / 2 : 0;
  return Math.min(Math.abs(d - shape.r - half), Math.abs(d - shape.r + half));
}

const topPaint = (icon, x, y) => {
  // The topmost shape wins: look from the last painted down.
  let paint = null;
  for (let s = icon.shapes.length - 1; s >= 0 && !paint; s -= 1) paint = paintAt(icon.shapes[s], x, y);
  return paint;
};

/** Straight-alpha RGBA pixels of the icon at size × size. */
export function renderIcon(icon, size) {
  const rgba = Buffer.alloc(size * size * 4);
  const sx = icon.width / size;
  const sy = icon.height / size;
  const halfDiagonal = Math.hypot(sx, sy) / 2;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      // A pixel no edge crosses is one flat colour: sample it once (a 10× faster 1024²).
      const cx = icon.minX + (px + 0.5) * sx;
      const cy = icon.minY + (py + 0.5) * sy;
      if (icon.shapes.every((shape) => edgeDistance(shape, cx, cy) > halfDiagonal)) {
        const paint = topPaint(icon, cx, cy);
        if (paint) rgba.set([paint[0], paint[1], paint[2], 255], (py * size + px) * 4);
        continue;
      }
      let covered = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < SAMPLES; j += 1) {
        for (let i = 0; i < SAMPLES; i += 1) {
          const x = icon.minX + (px + (i + 0.5) / SAMPLES) * sx;
          const y = icon.minY + (py + (j + 0.5) / SAMPLES) * sy;
          const paint = topPaint(icon, x, y);
          if (!paint) continue;
          covered += 1;
          r += paint[0];
          g += paint[1];
          b += paint[2];
        }
      }
      if (covered === 0) continue;
      const at = (py * size + px) * 4;
      rgba[at] = Math.round(r / covered);
      rgba[at + 1] = Math.round(g / covered);
      rgba[at + 2] = Math.round(b / covered);
      rgba[at + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
    }
  }
  return rgba;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let v = n;
  for (let k = 0; k < 8; k += 1) v = v & 1 ? 0xedb88320 ^ (v >>> 1) : v >>> 1;
  return v >>> 0;
});
function crc32(buf) {
  let v = 0xffffffff;
  for (const byte of buf) v = crcTable[(v ^ byte) & 0xff] ^ (v >>> 8);
  return (v ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** 8-bit RGBA PNG, filter 0 on every row; `size` wide and `height` (default: square) high. */
export function encodePng(rgba, size, height = size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((size * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Reads back a PNG written by encodePng: { width, height, rgba }. */
export function decodePng(png) {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  const data = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6) throw new Error('expected 8-bit RGBA');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    if (raw[y * (width * 4 + 1)] !== 0) throw new Error('only filter 0 rows are read');
    raw.copy(rgba, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  }
  return { width, height, rgba };
}

/** Every PNG the SVG gives: [{ url, size, png }]. */
export function iconOutputs(svgText = readFileSync(SOURCE, 'utf8')) {
  const icon = parseIconSvg(svgText);
  return [MAIN_ICON, ...LINUX_SIZES.map((size) => ({ size, url: linuxIconUrl(size) }))].map(({ size, url }) => ({ size, url, png: encodePng(renderIcon(icon, size), size) }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const stale = [];
  mkdirSync(new URL('./icons/', import.meta.url), { recursive: true });
  for (const { url, size, png } of iconOutputs()) {
    const path = fileURLToPath(url);
    if (check) {
      if (!existsSync(path) || !decodePng(readFileSync(path)).rgba.equals(decodePng(png).rgba)) stale.push(path);
      continue;
    }
    writeFileSync(url, png);
    console.log(`${path} ${size}×${size} ${png.length} bytes`);
  }
  if (stale.length > 0) {
    console.error(`out of date with build/icon.svg (run node build/make-icon.mjs): ${stale.join(', ')}`);
    process.exit(1);
  }
}
