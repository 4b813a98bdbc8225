// The tray's number is legible at 1×, 1.25×, 1.5×, 1.75× and 2× (16–32 px), set in a
// real typeface (Inter Bold sprites from build/make-tray-glyphs.mjs), never cut by the icon's edge.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawTrayIcon, fitText, TRAY_ICON_SIZES, trayIconSize } from '../../../src-main/desktop/tray-icon';
import { badgeText } from '../../../src-main/desktop/tray-presentation';
import { trayIconSheet } from '../../../dev-tools/support/tray-icon-sheet';

const ROOT = join(import.meta.dirname, '../../..');
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const BADGES = [...DIGITS, '42', '99', '999', '12k', '<1M', '3M', '-5', '-42', '-9k', '1G+'];
/** Cap height in pixels a badge of n characters gets at least, per icon size (a 3×5 pixel font had 5 at every size). */
const MIN_CAP: Record<number, [number, number, number]> = { 16: [9, 7, 5], 20: [12, 9, 6], 24: [14, 11, 7], 28: [17, 13, 9], 32: [19, 15, 10] };

/** Ink pixels (alpha ≥ 50 %) of a drawn icon, as a set of indices. */
function ink(size: number, badge: string): Set<number> {
  const { bgra } = drawTrayIcon({ size, theme: 'light', badge, dimmed: false, template: false });
  const on = new Set<number>();
  for (let i = 0; i < size * size; i += 1) if ((bgra[i * 4 + 3] ?? 0) >= 128) on.add(i);
  return on;
}

describe('the tray icon number at every size', () => {
  it.each(TRAY_ICON_SIZES.map((size) => [size]))('%i px: every badge fits with a pixel to spare and is as tall as its length allows', (size) => {
    for (const badge of BADGES) {
      const fit = fitText(badge, size);
      expect(fit, `${badge} at ${size}`).not.toBeNull();
      // Letters (k, M, G) are wide: such badges get the three-character minimum.
      const minimum = MIN_CAP[size]?.[/^\d+$/.test(badge) ? Math.min(badge.length, 3) - 1 : 2] ?? 0;
      expect(fit?.cap ?? 0, `${badge} at ${size}: cap height`).toBeGreaterThanOrEqual(minimum);
      const { bgra } = drawTrayIcon({ size, theme: 'dark', badge, dimmed: false, template: false });
      // Nothing touches the outer column or row: no glyph is cut by the icon's edge.
      for (let i = 0; i < size; i += 1) {
        for (const [x, y] of [[0, i], [size - 1, i], [i, 0], [i, size - 1]] as const) expect(bgra[(y * size + x) * 4 + 3], `${badge} at ${size}: edge pixel ${x},${y}`).toBe(0);
      }
    }
  });

  it.each(TRAY_ICON_SIZES.map((size) => [size]))('%i px: the ten digits are told apart (each differs from every other in many pixels)', (size) => {
    const shapes = DIGITS.map((digit) => ink(size, digit));
    for (let a = 0; a < shapes.length; a += 1) {
      for (let b = a + 1; b < shapes.length; b += 1) {
        const [sa, sb] = [shapes[a] as Set<number>, shapes[b] as Set<number>];
        const differing = [...sa].filter((i) => !sb.has(i)).length + [...sb].filter((i) => !sa.has(i)).length;
        expect(differing, `${DIGITS[a]} vs ${DIGITS[b]} at ${size}`).toBeGreaterThanOrEqual(Math.round(size / 4));
      }
    }
  });

  it('draws at the display scale: 16 px at 1×, 20 at 1.25×, 24 at 1.5×, 32 at 2× and beyond', () => {
    expect([1, 1.25, 1.5, 1.75, 2, 3, 0, Number.NaN].map(trayIconSize)).toEqual([16, 20, 24, 28, 32, 32, 16, 16]);
  });

  it('badge text keeps to three characters for common values', () => {
    expect([7, 999, 1000, 12_345, 99_999, 100_000, 3_400_000, 500_000_000, 2e9, -42, -999, -12_345, -5e6, -1e9].map(badgeText)).toEqual([
      '7', '999', '1k', '12k', '99k', '<1M', '3M', '<1G', '1G+', '-42', '-999', '-12k', '-5M', '-G',
    ]);
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
});
