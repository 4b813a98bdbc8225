// The popup window: frameless, placed under the tray by placePopup, hidden on blur,
// never closed (closing hides; only Quit ends the app). Electron objects come in
// through `createWindow` and `screen` so a test can drive it with fakes.
import type { BrowserWindowConstructorOptions, Display, Point, Rectangle } from 'electron';
import type { AppPlatform } from '../app/ports';
import { placePopup } from '../shell/popup-placement';

export interface PopupWindowLike {
  readonly webContents: { readonly id: number };
  isVisible(): boolean;
  isDestroyed(): boolean;
  show(): void;
  hide(): void;
  focus(): void;
  setPosition(x: number, y: number): void;
  getSize(): number[];
  loadURL(url: string): Promise<void>;
  on(event: 'blur', listener: () => void): unknown;
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
}

export interface ScreenLike {
  getCursorScreenPoint(): Point;
  getDisplayMatching(rect: Rectangle): Display;
  getDisplayNearestPoint(point: Point): Display;
  getPrimaryDisplay(): Display;
}

export interface PopupOptions<W extends PopupWindowLike> {
  createWindow(options: BrowserWindowConstructorOptions): W;
  windowOptions: BrowserWindowConstructorOptions;
  url: string;
  screen: ScreenLike;
  platform: AppPlatform;
  now?: () => number;
  /** When true (quitting), a close really closes. */
  isQuitting(): boolean;
}

/** What opened the popup: the tray (its bounds and the cursor matter) or a shortcut/command. */
export type OpenTrigger = { kind: 'tray'; trayBounds: Rectangle } | { kind: 'other'; trayBounds?: Rectangle };

// A tray click on an open popup first blurs (hiding it), then clicks: without this,
// the click would show it again at once (menubar's well-known flicker).
const BLUR_CLICK_GRACE_MS = 300;

export function createPopup<W extends PopupWindowLike>(options: PopupOptions<W>) {
  const now = options.now ?? Date.now;
  const window = options.createWindow(options.windowOptions);
  let hiddenByBlurAt = Number.NEGATIVE_INFINITY;
  let loaded: Promise<void> | undefined;

  window.on('blur', () => {
    if (!window.isVisible()) return;
    hiddenByBlurAt = now();
    window.hide();
  });
  window.on('close', (event) => {
    if (options.isQuitting()) return;
    event.preventDefault();
    window.hide();
  });

  function position(trigger: OpenTrigger): void {
    const zero = { x: 0, y: 0, width: 0, height: 0 };
    const trayBounds = trigger.trayBounds ?? zero;
    const cursor = trigger.kind === 'tray' ? options.screen.getCursorScreenPoint() : undefined;
    const hasBounds = trayBounds.width > 0 && trayBounds.height > 0;
    const display = hasBounds ? options.screen.getDisplayMatching(trayBounds) : cursor ? options.screen.getDisplayNearestPoint(cursor) : options.screen.getPrimaryDisplay();
    const [width = 360, height = 520] = window.getSize();
    const point = placePopup({
      platform: options.platform,
      trayBounds,
      ...(cursor ? { cursor } : {}),
      displayBounds: display.bounds,
      workArea: display.workArea,
      size: { width, height },
    });
    window.setPosition(point.x, point.y);
  }

  async function show(trigger: OpenTrigger): Promise<void> {
    if (window.isDestroyed()) return;
    loaded ??= window.loadURL(options.url);
    await loaded;
    position(trigger);
    window.show();
    window.focus();
  }

  return {
    window,
    webContentsId: () => window.webContents.id,
    isVisible: () => !window.isDestroyed() && window.isVisible(),
    /** Preloads the page so the first open is instant. */
    load: () => (loaded ??= window.loadURL(options.url)),
    show,
    hide: () => {
      if (!window.isDestroyed()) window.hide();
    },
    async toggle(trigger: OpenTrigger): Promise<void> {
      if (window.isDestroyed()) return;
      if (window.isVisible()) return window.hide();
      if (now() - hiddenByBlurAt < BLUR_CLICK_GRACE_MS) return;
      await show(trigger);
    },
  };
}

export type Popup = ReturnType<typeof createPopup>;
