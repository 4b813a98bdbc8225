// The popup's adapters driven with fakes of the Electron objects they touch.
import { describe, expect, it, vi } from 'vitest';
import type { Display } from 'electron';
import { createPopup, POPUP_SIZE, popupMaterial, SOLID_BACKGROUND, type PopupWindowLike, type ScreenLike } from '../../../src-main/electron/popup';
import { hardenContents, hardenSession, popupWindowOptions, type HardenableContents, type HardenableSession } from '../../../src-main/electron/window-security';
import { PRODUCTION_CSP } from '../../../src-main/desktop/app-assets';

describe('popup window options', () => {
  it('sandboxed, context-isolated, no Node anywhere, no webview', () => {
    const options = popupWindowOptions('/app/dist/main/preload.cjs', POPUP_SIZE, 'linux');
    expect(options.webPreferences).toMatchObject({
      preload: '/app/dist/main/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(options).toMatchObject({ frame: false, show: false, skipTaskbar: true });
    expect(popupWindowOptions('/p', { width: 1, height: 1 }, 'darwin')).toMatchObject({ type: 'panel' });
  });
});

describe('popup materials (issue 24): the OS draws the popover where Electron offers it', () => {
  it('macOS: popover vibrancy, always active, transparent behind it, rounded corners', () => {
    const { material, options } = popupMaterial({ platform: 'darwin', osRelease: '24.1.0', dark: false });
    expect(material).toBe('vibrancy');
    expect(options).toEqual({ vibrancy: 'popover', visualEffectState: 'active', backgroundColor: '#00000000', roundedCorners: true });
  });

  it('Windows 11 22H2 and later: acrylic (never with `transparent`); older Windows: a solid theme colour', () => {
    expect(popupMaterial({ platform: 'win32', osRelease: '10.0.22621', dark: true })).toEqual({ material: 'acrylic', options: { backgroundMaterial: 'acrylic', backgroundColor: '#00000000', roundedCorners: true } });
    expect(popupMaterial({ platform: 'win32', osRelease: '10.0.26100', dark: false }).material).toBe('acrylic');
    // Windows 11 21H2 (22000) has rounded corners but no system backdrop; Windows 10 neither.
    expect(popupMaterial({ platform: 'win32', osRelease: '10.0.22000', dark: true })).toEqual({ material: 'solid', options: { backgroundColor: SOLID_BACKGROUND.dark, roundedCorners: true } });
    expect(popupMaterial({ platform: 'win32', osRelease: '10.0.19045', dark: false }).options.backgroundColor).toBe(SOLID_BACKGROUND.light);
    expect(popupMaterial({ platform: 'win32', osRelease: 'garbage', dark: false }).material).toBe('solid');
    for (const release of ['10.0.22621', '10.0.19045']) expect(popupMaterial({ platform: 'win32', osRelease: release, dark: false }).options).not.toHaveProperty('transparent');
  });

  it('Linux and the rest: a solid background in the theme colour the page paints (styles.css --bg)', () => {
    expect(popupMaterial({ platform: 'linux', osRelease: '6.1.0', dark: false })).toEqual({ material: 'solid', options: { backgroundColor: '#ffffff' } });
    expect(popupMaterial({ platform: 'linux', osRelease: '6.1.0', dark: true })).toEqual({ material: 'solid', options: { backgroundColor: '#1d1f23' } });
    expect(popupMaterial({ platform: 'freebsd', osRelease: '14.0', dark: false }).material).toBe('solid');
  });

  it('the window options carry the material and keep every webPreference', () => {
    const options = popupWindowOptions('/p', POPUP_SIZE, 'darwin', popupMaterial({ platform: 'darwin', osRelease: '24.1.0', dark: false }).options);
    expect(options).toMatchObject({ vibrancy: 'popover', frame: false, webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false } });
  });
});

describe('hardening', () => {
  function fakeContents() {
    const listeners = new Map<string, (...args: never[]) => void>();
    let openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
    const contents: HardenableContents = {
      setWindowOpenHandler: (h) => void (openHandler = h),
      on: (event: string, listener: (...args: never[]) => void) => void listeners.set(event, listener),
    };
    return { contents, listeners, open: (url: string) => openHandler?.({ url }) };
  }

  it('denies window.open and prevents navigation, redirects and webviews', () => {
    const { contents, listeners, open } = fakeContents();
    const logs: string[] = [];
    hardenContents(contents, (m) => logs.push(m));
    expect(open('https://evil.example/x')).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      (listeners.get(event) as (e: { preventDefault(): void }, url: string) => void)({ preventDefault }, 'https://evil.example/y');
      expect(preventDefault, event).toHaveBeenCalled();
    }
    expect(logs).toEqual(['window.open denied: https://evil.example', 'navigation prevented: https://evil.example']);
  });

  it('denies every permission and sets the CSP header on responses', () => {
    const captured: {
      request?: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | null;
      check?: ((c: unknown, p: string) => boolean) | null;
      headers?: Parameters<HardenableSession['webRequest']['onHeadersReceived']>[0];
    } = {};
    const session: HardenableSession = {
      setPermissionRequestHandler: (h) => void (captured.request = h),
      setPermissionCheckHandler: (h) => void (captured.check = h),
      webRequest: { onHeadersReceived: (l) => void (captured.headers = l) },
    };
    hardenSession(session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      captured.request?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(captured.check?.({}, permission)).toBe(false);
    }
    const callback = vi.fn();
    (captured.headers as unknown as (d: { responseHeaders: Record<string, string[]> }, cb: typeof callback) => void)({ responseHeaders: { 'Content-Type': ['text/html'] } }, callback);
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [PRODUCTION_CSP] } });
  });
});

class FakeWindow implements PopupWindowLike {
  readonly webContents = { id: 5 };
  visible = false;
  position: [number, number] | undefined;
  loads: string[] = [];
  private listeners = new Map<string, (...args: never[]) => void>();
  /** Like Electron's: once destroyed (the app quit), every call but isDestroyed() throws. */
  destroyed = false;
  /** Set to hold the page's load until the test says so. */
  loading: Promise<void> = Promise.resolve();
  private alive = () => {
    if (this.destroyed) throw new TypeError('Object has been destroyed');
  };
  isVisible = () => (this.alive(), this.visible);
  isDestroyed = () => this.destroyed;
  show = () => void (this.alive(), (this.visible = true));
  hide = () => void (this.alive(), (this.visible = false));
  focus = () => this.alive();
  setPosition = (x: number, y: number) => void (this.alive(), (this.position = [x, y]));
  size: number[] = [360, 480];
  getSize = () => (this.alive(), this.size);
  loadURL = async (url: string) => {
    this.alive();
    this.loads.push(url);
    await this.loading;
  };
  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  fire(event: 'blur'): void;
  fire(event: 'close', e: { preventDefault(): void }): void;
  fire(event: string, ...args: unknown[]): void {
    (this.listeners.get(event) as (...a: unknown[]) => void)(...args);
  }
}

const display = (bounds: Display['bounds'], workArea: Display['workArea']) => ({ bounds, workArea }) as Display;

describe('popup', () => {
  function setup(options: { quitting?: boolean; cursor?: { x: number; y: number } } = {}) {
    const window = new FakeWindow();
    let time = 1000;
    const main = display({ x: 0, y: 0, width: 1920, height: 1080 }, { x: 0, y: 32, width: 1920, height: 1048 });
    const screen: ScreenLike = {
      getCursorScreenPoint: () => options.cursor ?? { x: 1700, y: 10 },
      getDisplayMatching: () => main,
      getDisplayNearestPoint: () => main,
      getPrimaryDisplay: () => main,
    };
    const popup = createPopup({ createWindow: () => window, windowOptions: {}, url: 'app://counter-tray/index.html', screen, platform: 'linux', now: () => time, isQuitting: () => options.quitting ?? false });
    return { popup, window, advance: (ms: number) => void (time += ms) };
  }

  it('loads once, places under the panel at the cursor when tray bounds are zero, and shows', async () => {
    const { popup, window } = setup();
    await popup.show({ kind: 'tray', trayBounds: { x: 0, y: 0, width: 0, height: 0 } });
    await popup.show({ kind: 'tray', trayBounds: { x: 0, y: 0, width: 0, height: 0 } });
    expect(window.loads).toEqual(['app://counter-tray/index.html']);
    expect(window.position).toEqual([1520, 32]);
    expect(window.visible).toBe(true);
  });

  it('placed by its one size, 360×480, when the window does not report one (Windows, taskbar at the bottom)', async () => {
    const window = new FakeWindow();
    window.size = [];
    const desk = display({ x: 0, y: 0, width: 1920, height: 1080 }, { x: 0, y: 0, width: 1920, height: 1040 });
    const screen: ScreenLike = { getCursorScreenPoint: () => ({ x: 1810, y: 1060 }), getDisplayMatching: () => desk, getDisplayNearestPoint: () => desk, getPrimaryDisplay: () => desk };
    const popup = createPopup({ createWindow: () => window, windowOptions: {}, url: 'app://counter-tray/index.html', screen, platform: 'win32', isQuitting: () => false });
    await popup.show({ kind: 'tray', trayBounds: { x: 1800, y: 1040, width: 24, height: 40 } });
    // Its bottom edge sits on the taskbar: 1040 − 480.
    expect(window.position?.[1]).toBe(560);
  });

  it('hides on blur; the tray click that caused the blur does not reopen it', async () => {
    const { popup, window, advance } = setup();
    await popup.show({ kind: 'other' });
    window.fire('blur');
    expect(window.visible).toBe(false);
    advance(50);
    await popup.toggle({ kind: 'tray', trayBounds: { x: 1700, y: 0, width: 24, height: 32 } });
    expect(window.visible).toBe(false);
    advance(1000);
    await popup.toggle({ kind: 'tray', trayBounds: { x: 1700, y: 0, width: 24, height: 32 } });
    expect(window.visible).toBe(true);
    await popup.toggle({ kind: 'tray', trayBounds: { x: 1700, y: 0, width: 24, height: 32 } });
    expect(window.visible).toBe(false);
  });

  it('pinned open, it stays on blur; unpinned, it hides again; a tray click still closes it', async () => {
    const { popup, window, advance } = setup();
    await popup.show({ kind: 'other' });
    popup.setKeepOpen(true);
    window.fire('blur');
    expect(window.visible).toBe(true);
    advance(1000);
    await popup.toggle({ kind: 'tray', trayBounds: { x: 1700, y: 0, width: 24, height: 32 } });
    expect(window.visible).toBe(false);
    await popup.show({ kind: 'other' });
    popup.setKeepOpen(false);
    window.fire('blur');
    expect(window.visible).toBe(false);
  });

  it('a window destroyed while its first page loads (the app quit meanwhile) is left alone, not placed or shown', async () => {
    const { popup, window } = setup();
    let finishLoad: () => void = () => undefined;
    window.loading = new Promise<void>((resolve) => (finishLoad = resolve));
    const shown = popup.show({ kind: 'tray', trayBounds: { x: 1700, y: 0, width: 24, height: 32 } });
    window.destroyed = true;
    finishLoad();
    // Before the check after the load, this threw Electron's "Object has been destroyed" from getSize().
    await expect(shown).resolves.toBeUndefined();
    expect(window.position).toBeUndefined();
    expect(window.visible).toBe(false);
  });

  it('closing hides instead of closing, unless the app is quitting', async () => {
    const { window, popup } = setup();
    await popup.show({ kind: 'other' });
    const preventDefault = vi.fn();
    window.fire('close', { preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    expect(window.visible).toBe(false);

    const quitting = setup({ quitting: true });
    const allow = vi.fn();
    quitting.window.fire('close', { preventDefault: allow });
    expect(allow).not.toHaveBeenCalled();
  });
});
