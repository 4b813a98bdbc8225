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
}

const MARGIN = 12;

/** The top-left corner, wholly inside one work area; first time, the primary's top-right corner. */
export function placeMini(saved: MiniPlaces, displays: readonly DisplayArea[], primary: DisplayArea, size: { width: number; height: number }): Point {
  const display = displays.find((d) => String(d.id) === saved.last) ?? primary;
  const wa = display.workArea;
  const { x, y } = saved.places[String(display.id)] ?? { x: wa.width - size.width - MARGIN, y: MARGIN };
  return { x: Math.round(wa.x + clamp(x, 0, wa.width - size.width)), y: Math.round(wa.y + clamp(y, 0, wa.height - size.height)) };
}

/** After a move, on the display that holds most of the window. */
export function rememberMini(saved: MiniPlaces, display: DisplayArea, at: Point): MiniPlaces {
  const id = String(display.id);
  return { last: id, places: { ...saved.places, [id]: { x: at.x - display.workArea.x, y: at.y - display.workArea.y } } };
}

