#!/usr/bin/env node
// The tray badge's number is drawn from a real typeface from 20 px up: Inter Bold (SIL OFL 1.1,
// @fontsource/inter), rendered here at build time to alpha sprites, one set per cap height
// in pixels, and committed as src-main/desktop/tray-glyphs.json (data only; tray-badge.ts types
// it). The app then needs no font file, no font engine and no canvas at run time: it picks the
// largest set whose text fits the badge (tray-badge.ts). At 16 px a pixel font takes over
// (also tray-badge.ts): 6 px of Inter is too soft.
// Rendering: the outline is scaled so the cap height is a whole number of pixels and sits on a
// whole-pixel baseline (crisp tops and bottoms, the part that makes small digits legible), then
// filled with the non-zero rule at 8×8 samples per pixel, 16 levels of alpha.
//   node build/make-tray-glyphs.mjs          writes src-main/desktop/tray-glyphs.json
//   node build/make-tray-glyphs.mjs --check  exits 1 when the committed file is not what this gives
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';

const require = createRequire(import.meta.url);
const fontFile = (weight) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
export const OUTPUT = new URL('../src-main/desktop/tray-glyphs.json', import.meta.url);
/** What badgeText() can produce. */
const CHARS = '0123456789-+<kMG';
/** The hyphen in a badge is drawn as the minus sign: wider, on the digits' middle, so "-5" is not read as "5". */
const DRAWN_AS = { '-': '\u2212' };
/** Cap heights in pixels: the badge's at 20–32 px (7–11) and one or two smaller for its widest texts ("<1M"). */
const CAPS = Array.from({ length: 7 }, (_, i) => i + 5);
const SAMPLES = 8;
/** Tighter than the text face: in 16 px every column counts. */
const TRACKING_EM = 0.05;

const fonts = new Map();
function loadFont(weight = 700) {
  if (!fonts.has(weight)) {
    const bytes = readFileSync(fontFile(weight));
    fonts.set(weight, opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
  }
  return fonts.get(weight);
}

/** The outline as closed polygons (curves flattened), in pixels, y down, baseline at 0. */
function polygons(path) {
  const rings = [];
  let ring = [];
  let x = 0;
  let y = 0;
  const steps = 12;
  for (const c of path.commands) {
    if (c.type === 'M') {
      if (ring.length) rings.push(ring);
      ring = [[c.x, c.y]];
    } else if (c.type === 'L') ring.push([c.x, c.y]);
    else if (c.type === 'Q') {
      for (let i = 1; i <= steps; i += 1) {
        const t = i / steps;
        const u = 1 - t;
        ring.push([u * u * x + 2 * u * t * c.x1 + t * t * c.x, u * u * y + 2 * u * t * c.y1 + t * t * c.y]);
      }
    } else if (c.type === 'C') {
      for (let i = 1; i <= steps; i += 1) {
        const t = i / steps;
        const u = 1 - t;
        ring.push([
          u * u * u * x + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
          u * u * u * y + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
        ]);
      }
    } else if (c.type === 'Z') {
      if (ring.length) rings.push(ring);
      ring = [];
      continue;
    }
    if (c.type !== 'Z') {
      x = c.x;
      y = c.y;
    }
  }
  if (ring.length) rings.push(ring);
  return rings;
}

/** Where a horizontal line crosses the outline: x and the edge's direction, sorted by x. */
function crossings(rings, py) {
  const found = [];
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i += 1) {
      const [x1, y1] = ring[i];
      const [x2, y2] = ring[(i + 1) % ring.length];
      if ((y1 <= py && y2 > py) || (y2 <= py && y1 > py)) found.push([x1 + ((py - y1) / (y2 - y1)) * (x2 - x1), y2 > y1 ? 1 : -1]);
    }
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** Coverage (0–1) of each pixel under a path, sampled SAMPLES × SAMPLES per pixel: its ink box (x, y from the origin) and the values row by row. */
function rasterize(path) {
  const rings = polygons(path);
  const box = path.getBoundingBox();
  const x0 = Math.floor(box.x1);
  const y0 = Math.floor(box.y1);
  const w = Math.max(0, Math.ceil(box.x2) - x0);
  const h = Math.max(0, Math.ceil(box.y2) - y0);
  // Coverage per pixel: each sample row's crossings give the spans inside (non-zero rule).
  const coverage = new Float64Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let sy = 0; sy < SAMPLES; sy += 1) {
      const row = crossings(rings, y0 + y + (sy + 0.5) / SAMPLES);
      // Samples left to right, crossings passed once: the winding number at each sample.
      let next = 0;
      let winding = 0;
      for (let x = 0; x < w; x += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const px = x0 + x + (sx + 0.5) / SAMPLES;
          while (next < row.length && row[next][0] <= px) winding += row[next++][1];
          if (winding !== 0) coverage[y * w + x] += 1 / (SAMPLES * SAMPLES);
        }
      }
    }
  }
  return { x: x0, y: y0, w, h, coverage };
}

function renderGlyph(font, char, em) {
  const drawn = DRAWN_AS[char] ?? char;
  const { x, y, w, h, coverage } = rasterize(font.getPath(drawn, 0, 0, em));
  let alpha = '';
  for (const value of coverage) alpha += Math.round(Math.min(1, value) * 15).toString(16);
  const advance = (font.charToGlyph(drawn).advanceWidth / font.unitsPerEm) * em - TRACKING_EM * em;
  return { x, y, w, h, adv: Math.round(advance * 100) / 100, a: alpha };
}

/**
 * A line of text in Inter at `cap` px cap height, for pictures made at build time (the README's
 * tray contact sheet labels its columns with it): ink box from the pen and baseline, coverage row by row.
 */
export function rasterizeText(text, cap, weight = 500) {
  const font = loadFont(weight);
  const em = (cap / font.tables.os2.sCapHeight) * font.unitsPerEm;
  // Glyph by glyph with the font's kerning: opentype.js's own shaping stops at lookups it does not support.
  const scale = em / font.unitsPerEm;
  const path = new opentype.Path();
  let pen = 0;
  let previous = null;
  for (const char of text) {
    const glyph = font.charToGlyph(char);
    if (previous) pen += font.getKerningValue(previous, glyph) * scale;
    path.extend(glyph.getPath(pen, 0, em));
    pen += glyph.advanceWidth * scale;
    previous = glyph;
  }
  const { x, y, w, h, coverage } = rasterize(path);
  return { x, y, width: w, height: h, coverage: Float32Array.from(coverage, (v) => Math.min(1, v)) };
}

export function generate() {
  const font = loadFont();
  const capUnits = font.tables.os2.sCapHeight;
  const sets = {};
  for (const cap of CAPS) {
    const em = (cap / capUnits) * font.unitsPerEm;
    const glyphs = {};
    for (const char of CHARS) glyphs[char] = renderGlyph(font, char, em);
    sets[cap] = glyphs;
  }
  // One line per cap height: a reviewer sees which sizes changed, not 300 lines of hex.
  const sizes = Object.entries(sets).map(([cap, glyphs]) => `    ${JSON.stringify(cap)}: ${JSON.stringify(glyphs)}`);
  return `{\n  "chars": ${JSON.stringify(CHARS)},\n  "sizes": {\n${sizes.join(',\n')}\n  }\n}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = generate();
  if (process.argv.includes('--check')) {
    const committed = readFileSync(OUTPUT, 'utf8');
    if (committed !== text) {
      console.error('src-main/desktop/tray-glyphs.json is out of date: run node build/make-tray-glyphs.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT, text);
    console.log(fileURLToPath(OUTPUT));
  }
}
