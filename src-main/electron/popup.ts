// The popup window: frameless, under the tray, hidden on blur unless pinned open, never closed (only Quit ends the app).
import type { BrowserWindowConstructorOptions, Display, Point, Rectangle } from 'electron';
import type { AppPlatform } from '../app/ports';
import { placePopup } from '../desktop/popup-placement';

type WindowMaterial = 'vibrancy' | 'acrylic' | 'solid';

/** CSS px at 100 %: the README's screenshots and the e2e pages use it too. */
export const POPUP_SIZE = { width: 360, height: 480 } as const;

/** styles.css --bg, where there is no material and before the first paint. */
export const SOLID_BACKGROUND = { light: '#ffffff', dark: '#1d1f23' } as const;

/** Windows 11 22H2: the first build with the system backdrops `backgroundMaterial` asks for. */
const WINDOWS_BACKDROP_BUILD = 22_621;

export type MaterialOptions = Pick<BrowserWindowConstructorOptions, 'vibrancy' | 'visualEffectState' | 'backgroundMaterial' | 'backgroundColor' | 'roundedCorners'>;

/** Acrylic (Microsoft's material for light-dismiss surfaces) on a frameless window needs Electron ≥ 26 (electron/electron#39708) and no `transparent` (electron/electron#41072). */
export function popupMaterial(env: { platform: NodeJS.Platform; osRelease: string; dark: boolean }): { material: WindowMaterial; options: MaterialOptions } {
  if (env.platform === 'darwin') {
    // 'active': hidden on blur, it never needs the dimmed inactive material.
    return { material: 'vibrancy', options: { vibrancy: 'popover', visualEffectState: 'active', backgroundColor: '#00000000', roundedCorners: true } };
  }
  const solid = env.dark ? SOLID_BACKGROUND.dark : SOLID_BACKGROUND.light;
  if (env.platform === 'win32') {
    // os.release() on Windows is "10.0.<build>" for Windows 10 and 11 alike.
    const build = Number(env.osRelease.split('.')[2]);
    if (Number.isInteger(build) && build >= WINDOWS_BACKDROP_BUILD) {
      return { material: 'acrylic', options: { backgroundMaterial: 'acrylic', backgroundColor: '#00000000', roundedCorners: true } };
    }
    return { material: 'solid', options: { backgroundColor: solid, roundedCorners: true } };
  }
  return { material: 'solid', options: { backgroundColor: solid } };
}

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

interface PopupOptions<W extends PopupWindowLike> {
  createWindow(options: BrowserWindowConstructorOptions): W;
  windowOptions: BrowserWindowConstructorOptions;
  url: string;
  screen: ScreenLike;
  platform: AppPlatform;
  now?: () => number;
  isQuitting(): boolean;
}

type OpenTrigger = { kind: 'tray'; trayBounds: Rectangle } | { kind: 'other'; trayBounds?: Rectangle };

// A tray click on an open popup first blurs (hiding it), then clicks, which would show it again.
const BLUR_CLICK_GRACE_MS = 300;

export function createPopup<W extends PopupWindowLike>(options: PopupOptions<W>) {
  const now = options.now ?? Date.now;
  const window = options.createWindow(options.windowOptions);
  let hiddenByBlurAt = Number.NEGATIVE_INFINITY;
  let loaded: Promise<void> | undefined;
  let keepOpen = false;

  window.on('blur', () => {
    if (!window.isVisible() || keepOpen) return;
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
    const [width = POPUP_SIZE.width, height = POPUP_SIZE.height] = window.getSize();
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
    // The app may have quit while the page loaded.
    if (window.isDestroyed()) return;
    position(trigger);
    window.show();
    window.focus();
  }

  return {
    window,
    webContentsId: () => window.webContents.id,
    isVisible: () => !window.isDestroyed() && window.isVisible(),
    setKeepOpen: (keep: boolean) => void (keepOpen = keep),
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
