// A contact sheet of the tray icon: each state (columns) at every size it is drawn (rows,
// 16–32 px), on a light and on a dark panel, each icon enlarged 4× pixel for pixel (and
// centred in a 32 px cell) so the
// README can show it. Windows/Linux columns first (the colour mark, the number as a badge),
// then macOS's template image as the menu bar tints it (black on light, white on dark; the
// number is the title beside it, text the OS draws, not shown). Labels are set in Inter at
// build time (build/make-tray-glyphs.mjs). The tray-icon test compares it with
// docs/screenshots/tray-icons.png; `npm run screenshots` rewrites it.
import { encodePng } from '../../build/make-icon.mjs';
import { rasterizeText } from '../../build/make-tray-glyphs.mjs';
import { drawTrayIcon, TRAY_ICON_SIZES, type IconSpec } from '../../src-main/desktop/tray-icon';

type Face = Omit<IconSpec, 'size' | 'theme'>;
type Rgb = readonly number[];

const colour = (badge: string | null, mark: Face['mark'] = 'solid', dot: Face['dot'] = null): Face => ({ template: false, mark, badge, dot });
const template = (mark: Face['mark'], dot: Face['dot'] = null): Face => ({ template: true, mark, badge: null, dot });

/** The sheet's columns, left to right, under their group's title. */
export const SHEET_GROUPS: readonly { title: string; columns: readonly { label: string; face: Face }[] }[] = [
  {
    title: 'Windows and Linux: the number as a badge',
    columns: [
      { label: 'no pin', face: colour(null) },
      { label: '7', face: colour('7') },
      { label: '42', face: colour('42') },
      { label: '999', face: colour('999') },
      { label: '12k', face: colour('12k') },
      { label: '−5', face: colour('-5') },
      { label: 'offline', face: colour('42', 'hollow') },
      { label: 'needs you', face: colour('42', 'solid', 'needsYou') },
      { label: 'update', face: colour('42', 'solid', 'update') },
      { label: 'signed out', face: colour(null, 'hollow', 'needsYou') },
    ],
  },
  {
    title: 'macOS: template, number in the title',
    columns: [
      { label: 'live', face: template('solid') },
      { label: 'offline', face: template('hollow') },
      { label: 'needs you', face: template('solid', 'needsYou') },
      { label: 'update', face: template('solid', 'update') },
    ],
  },
];

const ZOOM = 4;
/** Final pixels: one column (a 32 px icon and a gap, enlarged), the gap between groups, the margins. */
const PITCH = (32 + 6) * ZOOM;
const GROUP_GAP = 14 * ZOOM;
const LEFT = 96;
const HEADER = 84;
const PAD = 24;
const PANELS = [
  { theme: 'light' as const, background: [243, 243, 243], ink: [0, 0, 0], text: [60, 64, 67] },
  { theme: 'dark' as const, background: [32, 32, 32], ink: [255, 255, 255], text: [200, 204, 208] },
];
const HEADER_TEXT: Rgb = [60, 64, 67];

class Sheet {
  readonly rgba: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgba = Buffer.alloc(width * height * 4, 255);
  }

  /** Paints `colour` over (x, y) with `alpha` (0–1). */
  blend(x: number, y: number, colour: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 4;
    for (let c = 0; c < 3; c += 1) this.rgba[i + c] = Math.round((colour[c] ?? 0) * alpha + (this.rgba[i + c] ?? 0) * (1 - alpha));
  }

  fill(x: number, y: number, w: number, h: number, colour: Rgb): void {
    for (let py = y; py < y + h; py += 1) for (let px = x; px < x + w; px += 1) this.blend(px, py, colour, 1);
  }

  /** Text with its baseline at y, starting at x (or centred on x). */
  text(label: string, x: number, y: number, colour: Rgb, { cap = 13, centred = false } = {}): void {
    const run = rasterizeText(label, cap);
    const left = (centred ? Math.round(x - run.width / 2) : x) + (centred ? 0 : run.x);
    for (let ty = 0; ty < run.height; ty += 1) for (let tx = 0; tx < run.width; tx += 1) this.blend(left + tx, y + run.y + ty, colour, run.coverage[ty * run.width + tx] ?? 0);
  }
}

export function trayIconSheet(): Buffer {
  const columns = SHEET_GROUPS.flatMap((group, g) => group.columns.map((column) => ({ ...column, group: g })));
  const columnLeft = (index: number) => LEFT + index * PITCH + (columns[index]?.group ?? 0) * GROUP_GAP;
  const panelHeight = TRAY_ICON_SIZES.length * PITCH + PAD;
  const sheet = new Sheet(columnLeft(columns.length - 1) + PITCH, HEADER + PANELS.length * panelHeight);

  SHEET_GROUPS.forEach((group, g) => sheet.text(group.title, columnLeft(columns.findIndex((c) => c.group === g)), 30, HEADER_TEXT, { cap: 15 }));
  columns.forEach((column, index) => sheet.text(column.label, columnLeft(index) + 16 * ZOOM, HEADER - 18, HEADER_TEXT, { centred: true }));

  PANELS.forEach((panel, p) => {
    const panelTop = HEADER + p * panelHeight;
    sheet.fill(0, panelTop, sheet.width, panelHeight, panel.background);
    TRAY_ICON_SIZES.forEach((size, row) => {
      // Each icon centred in its 32 px cell, so a column's sizes share one middle with its label.
      const inset = ((32 - size) / 2) * ZOOM;
      const top = panelTop + PAD + row * PITCH + inset;
      sheet.text(`${size} px`, 20, panelTop + PAD + row * PITCH + 16 * ZOOM + 6, panel.text);
      columns.forEach(({ face }, index) => {
        const left = columnLeft(index) + inset;
        const icon = drawTrayIcon({ size, theme: panel.theme, ...face });
        for (let y = 0; y < size; y += 1) {
          for (let x = 0; x < size; x += 1) {
            // At its real extent, enlarged; premultiplied BGRA over the panel.
            const i = (y * size + x) * 4;
            const alpha = (icon.bgra[i + 3] ?? 0) / 255;
            if (alpha === 0) continue;
            // The menu bar draws a template's alpha in its own ink; a colour icon brings its own (un-premultiplied here).
            const ink = face.template ? panel.ink : [icon.bgra[i + 2] ?? 0, icon.bgra[i + 1] ?? 0, icon.bgra[i] ?? 0].map((v) => v / alpha);
            for (let dy = 0; dy < ZOOM; dy += 1) for (let dx = 0; dx < ZOOM; dx += 1) sheet.blend(left + x * ZOOM + dx, top + y * ZOOM + dy, ink, alpha);
          }
        }
      });
    });
  });
  return encodePng(sheet.rgba, sheet.width, sheet.height);
}
