// The tray icon, drawn in code: a ring with a plus, or the pinned counter's number
// in a 3×5 pixel font. Pure pixels (BGRA, what nativeImage.createFromBitmap takes),
// so no image assets, no canvas, and a test can look at the result.
export interface IconSpec {
  /** Pixel size; drawn for scale factor 2 (32 px = 16 pt). */
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
  /** Premultiplication is not needed: pixels are opaque or fully transparent. */
  bgra: Uint8Array;
}

// 3×5 glyphs, rows top to bottom, bit 2 = left column.
const FONT: Record<string, number[]> = {
  '0': [7, 5, 5, 5, 7], '1': [2, 6, 2, 2, 7], '2': [7, 1, 7, 4, 7], '3': [7, 1, 7, 1, 7], '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7], '6': [7, 4, 7, 5, 7], '7': [7, 1, 1, 2, 2], '8': [7, 5, 7, 5, 7], '9': [7, 5, 7, 1, 7],
  '-': [0, 0, 7, 0, 0], '+': [0, 2, 7, 2, 0], k: [4, 5, 6, 5, 5], M: [5, 7, 7, 5, 5], G: [7, 4, 5, 5, 7],
};

type Rgb = [number, number, number];

export function drawTrayIcon(spec: IconSpec): IconBitmap {
  const { size } = spec;
  const bgra = new Uint8Array(size * size * 4);
  const fg: Rgb = spec.template ? [0, 0, 0] : spec.theme === 'dark' ? [240, 240, 240] : [32, 32, 32];
  const alpha = spec.dimmed ? 128 : 255;
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= size || y >= size) return;
    const i = (y * size + x) * 4;
    bgra[i] = b;
    bgra[i + 1] = g;
    bgra[i + 2] = r;
    bgra[i + 3] = alpha;
  };

  if (spec.badge && !spec.template) {
    drawText(spec.badge.slice(0, 4), size, fg, set);
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

function drawText(text: string, size: number, fg: Rgb, set: (x: number, y: number, c: Rgb) => void): void {
  const glyphs = [...text].map((ch) => FONT[ch] ?? FONT['-'] ?? []);
  // Largest integer scale at which the text (3 px glyphs + 1 px gaps) fits.
  const unitWidth = glyphs.length * 4 - 1;
  const scale = Math.max(1, Math.min(Math.floor(size / unitWidth), Math.floor(size / 5)));
  const left = Math.floor((size - unitWidth * scale) / 2);
  const top = Math.floor((size - 5 * scale) / 2);
  glyphs.forEach((rows, index) => {
    rows.forEach((bits, row) => {
      for (let col = 0; col < 3; col += 1) {
        if (!(bits & (4 >> col))) continue;
        for (let dy = 0; dy < scale; dy += 1) {
          for (let dx = 0; dx < scale; dx += 1) set(left + (index * 4 + col) * scale + dx, top + row * scale + dy, fg);
        }
      }
    });
  });
}
