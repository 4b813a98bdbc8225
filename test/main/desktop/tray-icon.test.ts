// The tray icon's pixels at every size it is drawn (16, 20, 24, 28, 32 px: 100–200 % scaling,
// 32 px being macOS's @2x): the app's mark in every state, a badge that fits and reads, a
// template image of black and alpha only, and the README's sheet as drawn now.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trayIconSheet } from '../../../dev-tools/support/tray-icon-sheet';
import { drawTrayIcon, TRAY_ICON_SIZES, trayIconSize, type IconBitmap, type IconSpec } from '../../../src-main/desktop/tray-icon';
import { badgeGlyphs, freeOfBadgeAndDot, markAgreement, pixelAt, premultipliedColours, symbolInked, tileInteriorClear } from '../../support/tray-pixels';

const ROOT = join(import.meta.dirname, '../../..');
const MARKS = ['solid', 'hollow'] as const;
const DOTS = [null, 'needsYou', 'update'] as const;
const BADGES = [null, '7', '42', '999', '12k', '-5', '-42', '<1M', '1G+'] as const;

/** Every face the app can show: colour with each badge, template without, in each mark and dot, on both panels. */
function everyFace(size: number): IconSpec[] {
  const faces: IconSpec[] = [];
  for (const theme of ['light', 'dark'] as const) {
    for (const mark of MARKS) {
      for (const dot of DOTS) {
        faces.push({ size, template: true, theme, mark, badge: null, dot });
        for (const badge of BADGES) faces.push({ size, template: false, theme, mark, badge, dot });
      }
    }
  }
  return faces;
}
const describeFace = (f: IconSpec) => `${f.size} px ${f.template ? 'template' : `colour ${f.theme}`} ${f.mark} badge ${f.badge} dot ${f.dot}`;
const allCells = (size: number) => Array.from({ length: size * size }, (_, i) => i);

describe('the app’s mark at every size, in every state', () => {
  it.each(TRAY_ICON_SIZES.map((size) => [size]))('%i px: alone, the solid mark is icon.svg’s, pixel class for pixel class (≥ 90 %)', (size) => {
    for (const template of [false, true]) {
      const icon = drawTrayIcon({ size, template, theme: 'dark', mark: 'solid', badge: null, dot: null });
      expect(markAgreement(icon, template, allCells(size)), `template ${template}`).toBeGreaterThanOrEqual(0.9);
    }
  });

  it.each(TRAY_ICON_SIZES.map((size) => [size]))('%i px: where no badge or dot goes, every face shows the mark (solid: ≥ 88 % icon.svg; hollow: its ring and plus, an empty tile)', (size) => {
    const free = freeOfBadgeAndDot(size);
    for (const face of everyFace(size)) {
      const icon = drawTrayIcon(face);
      if (face.mark === 'solid') {
        expect(markAgreement(icon, face.template, free), describeFace(face)).toBeGreaterThanOrEqual(0.88);
      } else {
        expect(symbolInked(icon, free), `${describeFace(face)}: ring and plus`).toBeGreaterThanOrEqual(0.8);
        expect(tileInteriorClear(icon, free), `${describeFace(face)}: hollow`).toBeGreaterThanOrEqual(0.8);
      }
    }
  });

  it('negative control: the same check refuses a tile without its ring and plus, and a solid tile passed off as hollow', () => {
    const size = 16;
    const free = freeOfBadgeAndDot(size);
    const solid = drawTrayIcon({ size, template: false, theme: 'dark', mark: 'solid', badge: null, dot: null });
    // The tile's blue painted over every pixel: the mark's symbol is gone.
    const blank: IconBitmap = { ...solid, bgra: solid.bgra.map((v, i) => (solid.bgra[i - (i % 4) + 3] === 0 ? v : [235, 99, 37, 255][i % 4] ?? v)) };
    expect(markAgreement(blank, false, free)).toBeLessThan(0.88);
    expect(tileInteriorClear(solid, free)).toBeLessThan(0.8);
  });

  it('hollow is also greyer: no pixel of the tile’s blue', () => {
    for (const size of TRAY_ICON_SIZES) {
      const icon = drawTrayIcon({ size, template: false, theme: 'light', mark: 'hollow', badge: null, dot: null });
      const blue = allCells(size).filter((i) => {
        const p = pixelAt(icon, i % size, Math.floor(i / size));
        return p.a > 64 && p.b - p.r > 80;
      });
      expect(blue, `${size} px`).toEqual([]);
    }
  });
});

describe('the badge', () => {
  const spec = (size: number, badge: string | null): IconSpec => ({ size, template: false, theme: 'dark', mark: 'solid', badge, dot: null });

  it.each(TRAY_ICON_SIZES.map((size) => [size]))('%i px: digits at least 35 % of the icon tall (6 px at 16), in the bottom-right corner', (size) => {
    const tallest = Math.max(6, Math.floor(size * 0.35));
    for (const badge of ['7', '42', '999', '12k', '-5', '-42']) {
      const glyphs = badgeGlyphs(drawTrayIcon(spec(size, badge)), drawTrayIcon(spec(size, null)));
      // A minus is a bar (1–2 px): every other ink run is digits, which may touch each other above 16 px.
      const digits = glyphs.filter((g) => g.height > 2);
      expect(digits.length, `${badge} at ${size}`).toBeGreaterThan(0);
      for (const g of digits) {
        expect(g.height, `${badge} at ${size}: ${JSON.stringify(g)}`).toBeGreaterThanOrEqual(tallest);
        expect(g.top, `${badge} at ${size}: in the lower half`).toBeGreaterThanOrEqual(size / 2);
      }
      // In the right-hand corner: the ink ends within 15 % of the icon's width from its right edge.
      expect(Math.max(...glyphs.map((g) => g.right)), `${badge} at ${size}`).toBeGreaterThanOrEqual(Math.floor(size * 0.85) - 1);
    }
  });

  it('never draws a badge on a macOS template (the title carries the number there)', () => {
    for (const size of TRAY_ICON_SIZES) {
      const face = { size, template: true, theme: 'dark', mark: 'solid', dot: null } as const;
      expect(drawTrayIcon({ ...face, badge: '999' }).bgra).toEqual(drawTrayIcon({ ...face, badge: null }).bgra);
    }
  });
});

describe('the corner marks', () => {
  it('needs-you and update-ready differ in shape, not only colour (a template has no colour)', () => {
    for (const size of TRAY_ICON_SIZES) {
      const alphaOf = (dot: 'needsYou' | 'update') => {
        const { bgra } = drawTrayIcon({ size, template: true, theme: 'dark', mark: 'solid', badge: null, dot });
        return allCells(size).map((i) => (bgra[i * 4 + 3] ?? 0) >= 128);
      };
      const [a, b] = [alphaOf('needsYou'), alphaOf('update')];
      const differing = a.filter((on, i) => on !== b[i]).length;
      expect(differing, `${size} px`).toBeGreaterThanOrEqual(Math.round(size / 4));
    }
  });

  it('the needs-you dot is red and the update arrow green, each apart from the mark by a ring of panel', () => {
    for (const size of TRAY_ICON_SIZES) {
      const icon = (dot: 'needsYou' | 'update') => drawTrayIcon({ size, template: false, theme: 'light', mark: 'solid', badge: null, dot });
      const reds = allCells(size).filter((i) => {
        const p = pixelAt(icon('needsYou'), i % size, Math.floor(i / size));
        return p.a > 200 && p.r > 180 && p.g < 100 && p.b < 100;
      });
      const greens = allCells(size).filter((i) => {
        const p = pixelAt(icon('update'), i % size, Math.floor(i / size));
        return p.a > 200 && p.g > p.r + 50 && p.g > p.b + 50;
      });
      expect(reds.length, `${size} px red`).toBeGreaterThanOrEqual(Math.round(size / 2));
      expect(greens.length, `${size} px green`).toBeGreaterThanOrEqual(Math.round(size / 4));
      // Top-right: every red pixel is in the corner's box.
      expect(reds.every((i) => i % size >= size / 2 && Math.floor(i / size) < size / 2), `${size} px`).toBe(true);
      // The ring: pixels just outside the dot are clear (the panel shows), where the mark would be blue or white.
      const d = Math.round(size * 0.38);
      const justOutside = Math.floor(size - d - 1) + Math.floor(d / 2) * size;
      expect(icon('needsYou').bgra[justOutside * 4 + 3], `${size} px`).toBeLessThan(64);
    }
  });
});

describe('a macOS template image is black and alpha only', () => {
  it.each(TRAY_ICON_SIZES.map((size) => [size]))('%i px, in every state', (size) => {
    for (const face of everyFace(size).filter((f) => f.template)) {
      const icon = drawTrayIcon(face);
      expect([...premultipliedColours(icon)], describeFace(face)).toEqual(['0,0,0']);
      expect(icon.bgra.some((v, i) => i % 4 === 3 && v > 0), describeFace(face)).toBe(true);
    }
  });

  it('negative control: the colour faces would not pass it', () => {
    expect(premultipliedColours(drawTrayIcon({ size: 16, template: false, theme: 'dark', mark: 'solid', badge: null, dot: null })).size).toBeGreaterThan(1);
  });
});

it('draws at the display scale: 16 px at 1×, 20 at 1.25×, 24 at 1.5×, 32 at 2× and beyond', () => {
  expect([1, 1.25, 1.5, 1.75, 2, 3, 0, Number.NaN].map(trayIconSize)).toEqual([16, 20, 24, 28, 32, 32, 16, 16]);
});

it('the glyph sprites are what build/make-tray-glyphs.mjs makes from the font', () => {
  execFileSync(process.execPath, [join(ROOT, 'build/make-tray-glyphs.mjs'), '--check'], { stdio: 'pipe' });
});

it('the README’s contact sheet (docs/screenshots/tray-icons.png) shows the icons as drawn now', () => {
  const sheet = trayIconSheet();
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(ROOT, 'test-results/tray-icons.png'), sheet);
  const committed = join(ROOT, 'docs/screenshots/tray-icons.png');
  expect(existsSync(committed), 'run npm run screenshots').toBe(true);
  expect(readFileSync(committed).equals(sheet), 'docs/screenshots/tray-icons.png is out of date: npm run screenshots').toBe(true);
});
