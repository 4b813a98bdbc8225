// The OS accent is a fill behind text and text itself: kept where both read at 4.5:1 (WCAG 1.4.3), else moved just enough.
import { isAccentColor } from '../../src-shared/domain/accent-color';

type Rgb = readonly [number, number, number];

/** styles.css --bg, --surface, and the text on an accent fill. */
const PAGE = {
  light: { backgrounds: ['#ffffff', '#f3f4f6'], onAccent: '#ffffff', towards: [0, 0, 0] as Rgb },
  dark: { backgrounds: ['#1d1f23', '#272a30'], onAccent: '#0c1526', towards: [255, 255, 255] as Rgb },
} as const;

export const TEXT_CONTRAST = 4.5;

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hexOf = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2, of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function paintedAccent(osAccent: string | undefined, theme: 'light' | 'dark'): { accent: string; onAccent: string } | null {
  if (!isAccentColor(osAccent)) return null;
  const page = PAGE[theme];
  const from = rgbOf(osAccent);
  const readable = (hex: string) => page.backgrounds.every((bg) => contrast(hex, bg) >= TEXT_CONTRAST) && contrast(hex, page.onAccent) >= TEXT_CONTRAST;
  // The first step that reads is the closest to the user's colour.
  for (let step = 0; step <= 20; step += 1) {
    const t = step / 20;
    const hex = hexOf(from.map((c, i) => c + ((page.towards[i] ?? 0) - c) * t));
    if (readable(hex)) return { accent: hex, onAccent: page.onAccent };
  }
  return null;
}
