// A contact sheet of the tray icon's number at every size it is drawn (16–32 px), on a light
// and a dark panel, each icon enlarged 4× pixel for pixel so the README can show it. The
// legibility test compares it with docs/screenshots/tray-icons.png; `npm run screenshots` rewrites it.
import { encodePng } from '../../build/make-icon.mjs';
import { drawTrayIcon, TRAY_ICON_SIZES } from '../../src-main/desktop/tray-icon';

export const SHEET_BADGES = ['7', '42', '999', '12k', '-5'] as const;
const ZOOM = 4;
const GAP = 4;
const PANELS = [
  { theme: 'light' as const, background: [236, 236, 236] },
  { theme: 'dark' as const, background: [32, 33, 36] },
];

export function trayIconSheet(): Buffer {
  const cell = 32 + GAP;
  const width = (PANELS.length * SHEET_BADGES.length * cell + GAP) * ZOOM;
  const height = (TRAY_ICON_SIZES.length * cell + GAP) * ZOOM;
  const rgba = Buffer.alloc(width * height * 4, 255);
  const put = (x: number, y: number, [r, g, b]: number[]) => {
    for (let dy = 0; dy < ZOOM; dy += 1) {
      for (let dx = 0; dx < ZOOM; dx += 1) {
        const i = ((y * ZOOM + dy) * width + x * ZOOM + dx) * 4;
        rgba[i] = r ?? 0;
        rgba[i + 1] = g ?? 0;
        rgba[i + 2] = b ?? 0;
        rgba[i + 3] = 255;
      }
    }
  };
  TRAY_ICON_SIZES.forEach((size, row) => {
    PANELS.forEach((panel, p) => {
      SHEET_BADGES.forEach((badge, col) => {
        const left = GAP + (p * SHEET_BADGES.length + col) * cell;
        const top = GAP + row * cell;
        const icon = drawTrayIcon({ size, theme: panel.theme, badge, dimmed: false, template: false });
        for (let y = 0; y < 32; y += 1) {
          for (let x = 0; x < 32; x += 1) {
            // The icon sits at the top left of its 32 px cell; premultiplied BGRA over the panel colour.
            const i = (y * size + x) * 4;
            // Outside the icon's own size the sheet stays white: each icon shows at its real extent.
            if (x >= size || y >= size) continue;
            const a = (icon.bgra[i + 3] ?? 0) / 255;
            put(left + x, top + y, panel.background.map((bg, c) => Math.round((icon.bgra[i + 2 - c] ?? 0) + bg * (1 - a))));
          }
        }
      });
    });
  });
  return encodePng(rgba, width, height);
}
