// Where the mini window opens: each display remembers where it was left there, as an offset into that
// display's work area, so a rearranged or resized display still shows it; a display gone falls back to the primary.
import { clamp, type Point, type Rect } from './popup-placement';

export interface DisplayArea {
  id: number;
  workArea: Rect;
}

export interface MiniPlaces {
  /** The display it was on last (Electron's `Display.id`, as text). */
  last?: string | undefined;
  places: Record<string, Point>;
  /** As the user last resized it. */
  size?: { width: number; height: number } | undefined;
}

const MARGIN = 12;

/** Wholly inside one work area (a size too large for it shrinks); first time, the primary's top-right corner. */
export function placeMini(saved: MiniPlaces, displays: readonly DisplayArea[], primary: DisplayArea, size: { width: number; height: number }): Rect {
  const display = displays.find((d) => String(d.id) === saved.last) ?? primary;
  const wa = display.workArea;
  const [width, height] = [Math.min(size.width, wa.width), Math.min(size.height, wa.height)];
  const { x, y } = saved.places[String(display.id)] ?? { x: wa.width - width - MARGIN, y: MARGIN };
  return { x: Math.round(wa.x + clamp(x, 0, wa.width - width)), y: Math.round(wa.y + clamp(y, 0, wa.height - height)), width, height };
}

/** After a move, on the display that holds most of the window. */
export function rememberMini(saved: MiniPlaces, display: DisplayArea, at: Point): MiniPlaces {
  const id = String(display.id);
  return { last: id, places: { ...saved.places, [id]: { x: at.x - display.workArea.x, y: at.y - display.workArea.y } } };
}

