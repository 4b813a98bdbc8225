// Where the popup opens, after menubar's positioner. Tray bounds can be all zeros on Linux
// (electron/electron#15003): then the cursor or the work area's corner by the panel.
import type { AppPlatform } from '../app/ports';

export interface Point { x: number; y: number }
export interface Rect { x: number; y: number; width: number; height: number }
type Edge = 'top' | 'bottom' | 'left' | 'right';

export interface PlacementInput {
  platform: AppPlatform;
  trayBounds: Rect;
  /** Only when the tray triggered it: a shortcut's cursor is anywhere. */
  cursor?: Point;
  displayBounds: Rect;
  workArea: Rect;
  size: { width: number; height: number };
}

const DEFAULT_EDGE: Record<AppPlatform, Edge> = { darwin: 'top', win32: 'bottom', linux: 'top', other: 'top' };

/** Auto-hidden bars fall back to the platform's usual side. */
export function taskbarEdge(displayBounds: Rect, workArea: Rect, platform: AppPlatform): Edge {
  if (workArea.y > displayBounds.y) return 'top';
  if (workArea.x > displayBounds.x) return 'left';
  if (workArea.y + workArea.height < displayBounds.y + displayBounds.height) return 'bottom';
  if (workArea.x + workArea.width < displayBounds.x + displayBounds.width) return 'right';
  return DEFAULT_EDGE[platform];
}

const isZero = (r: Rect) => r.width <= 0 || r.height <= 0;
const contains = (r: Rect, p: Point) => p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;

/** The top-left corner, always inside the work area. */
export function placePopup(input: PlacementInput): Point {
  const { workArea: wa, size } = input;
  const edge = taskbarEdge(input.displayBounds, wa, input.platform);
  const anchor = anchorFor(input, edge);
  const centerX = anchor.x + anchor.width / 2 - size.width / 2;
  const centerY = anchor.y + anchor.height / 2 - size.height / 2;
  let x: number;
  let y: number;
  switch (edge) {
    case 'top':
      x = centerX;
      y = anchor.y + anchor.height;
      break;
    case 'bottom':
      x = centerX;
      y = anchor.y - size.height;
      break;
    case 'left':
      x = anchor.x + anchor.width;
      y = centerY;
      break;
    case 'right':
      x = anchor.x - size.width;
      y = centerY;
      break;
  }
  return { x: Math.round(clamp(x, wa.x, wa.x + wa.width - size.width)), y: Math.round(clamp(y, wa.y, wa.y + wa.height - size.height)) };
}

function anchorFor(input: PlacementInput, edge: Edge): Rect {
  if (!isZero(input.trayBounds)) return input.trayBounds;
  if (input.cursor && contains(input.displayBounds, input.cursor)) return { ...input.cursor, width: 0, height: 0 };
  const wa = input.workArea;
  const right = wa.x + wa.width;
  const bottom = wa.y + wa.height;
  const corner: Point =
    edge === 'top' ? { x: right, y: wa.y } : edge === 'left' ? { x: wa.x, y: bottom } : { x: right, y: bottom };
  return { ...corner, width: 0, height: 0 };
}

/** A window larger than the work area is pinned to its top-left rather than pushed off-screen. */
export function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}
