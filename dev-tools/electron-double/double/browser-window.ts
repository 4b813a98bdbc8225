// BrowserWindow, after https://www.electronjs.org/docs/latest/api/browser-window and
// shell/browser/api/electron_api_browser_window.cc, native_window*.cc (v45 line). The
// window's state (visible, position, focus) is recorded; its page is a PageHost (a real
// Chromium page); its options are read as Electron reads them (web-preferences.ts). Once
// destroyed, every member but isDestroyed/destroy throws "Object has been destroyed".
import { EventEmitter } from 'node:events';
import type { BrowserContext, Page } from '@playwright/test';
import { ElectronEvent } from './app';
import type { IpcMainDouble } from './ipc-main';
import { PageHost } from './page-host';
import type { ProtocolDouble } from './protocol';
import { ginBool, ginInt, refuseBeforeReady, strict } from './strict';
import { readWebPreferences } from './web-preferences';
import { WebContentsDouble } from './web-contents';

export interface WindowWorld {
  isReady(): boolean;
  platform: NodeJS.Platform;
  context(): Promise<BrowserContext>;
  protocol: ProtocolDouble;
  ipcMain: IpcMainDouble;
  windows: Set<BrowserWindowDouble>;
  /** Electron's own log lines (LOG(ERROR), console.error in its lib/): the fixture fails on any. */
  electronLog(line: string): void;
  /** Called with each new window (the test waits for the popup this way). */
  created(window: BrowserWindowDouble): void;
  /** Negative controls: what the sender identity says instead of the truth. */
  forgeSenderUrl?: string;
  /** Negative controls: code appended to every preload. */
  weakenPreload?: string;
  /** Negative controls: webPreferences laid over the app's own (a window main did not ask for). */
  weakenWebPreferences?: Record<string, unknown>;
  /** Benchmarks: a main-world timing probe for every page. */
  instrument?: string;
}

const DESTROYED = () => new TypeError('Object has been destroyed');

export class BrowserWindowDouble extends EventEmitter {
  /** The test's handle on the webContents (main gets Electron's view of it, webContents.ts). */
  readonly webContents: WebContentsDouble;
  /** The BrowserWindow object main holds (strict), once built. */
  seenByMain: BrowserWindowDouble = this;
  readonly options: Record<string, unknown>;
  private visible = false;
  private focused = false;
  private destroyed = false;
  private position: [number, number] = [0, 0];
  private size: [number, number];
  private readonly host: Promise<PageHost>;

  constructor(options: unknown, private readonly world: WindowWorld) {
    super();
    // electron_api_browser_window.cc BrowserWindow::New.
    refuseBeforeReady(world.isReady, 'Cannot create BrowserWindow before app is ready');
    this.options = (options !== null && typeof options === 'object' ? options : {}) as Record<string, unknown>;
    // native_window_views.cc: ValueOrDefault(kWidth, 800): an Int32 or the default.
    this.size = [ginInt(this.options.width) ?? 800, ginInt(this.options.height) ?? 600];
    // native_window.cc: x and y both Int32 place it (else Electron centres it; the double leaves it at 0, 0).
    const [x, y] = [ginInt(this.options.x), ginInt(this.options.y)];
    if (x !== undefined && y !== undefined) this.position = [x, y];
    const prefs = readWebPreferences({ ...(this.options.webPreferences as object | undefined), ...world.weakenWebPreferences });
    prefs.logged.forEach((line) => world.electronLog(line));
    // eslint-disable-next-line prefer-const -- assigned below: the page's callbacks need the webContents, which needs the page
    let contents!: WebContentsDouble;
    this.host = world.context().then((context) =>
      PageHost.open({
        context,
        preloadPath: prefs.preloadPath,
        contextIsolation: prefs.contextIsolation,
        platform: world.platform,
        protocol: world.protocol,
        viewport: { width: this.size[0], height: this.size[1] },
        ...(world.weakenPreload ? { weakenPreload: world.weakenPreload } : {}),
        ...(world.instrument ? { instrument: world.instrument } : {}),
        invoke: (document, channel, args) => contents.invoke(document, channel, args),
        send: (document, channel, args) => contents.sendFromPage(document, channel, args),
        preloadError: (path, message) => contents.preloadFailed(path, message),
        windowOpen: (url) => {
          const handler = contents.windowOpenHandler;
          // Unset, Electron would open a BrowserWindow: not modelled, so refuse loudly.
          if (!handler) throw new Error(`Electron double: window.open(${url}) with no setWindowOpenHandler is not modelled`);
          return handler({ url }).action === 'allow';
        },
        willNavigate: (url) => {
          const event = new ElectronEvent();
          contents.emit('will-navigate', event, url);
          return !event.defaultPrevented;
        },
      }),
    );
    this.host.catch(() => undefined); // surfaced by loadURL / page()
    contents = new WebContentsDouble(this.host, world.ipcMain, (line) => world.electronLog(line), world.forgeSenderUrl);
    this.webContents = contents;
    world.windows.add(this);
    world.created(this);
    // native_window.cc: ValueOrDefault(kShow, true), a gin bool.
    if (!Object.hasOwn(this.options, 'show') || ginBool(this.options.show)) this.show();
  }

  isDestroyed = (): boolean => this.destroyed;
  isVisible = (): boolean => this.visible;
  isFocused = (): boolean => this.focused;

  loadURL = async (url: string): Promise<void> => {
    try {
      await (await this.host).load(url);
    } catch (error) {
      // Closed while loading (the launch exited): a dead process runs nothing more, so neither does its promise.
      if (this.destroyed) return new Promise<void>(() => undefined);
      throw error;
    }
    this.webContents.emit('did-finish-load');
  };

  show = (): void => {
    const wasVisible = this.visible;
    this.visible = true;
    this.focused = true;
    if (!wasVisible) this.emit('show');
    this.emit('focus');
  };

  hide = (): void => {
    if (!this.visible) return;
    this.visible = false;
    this.focused = false;
    this.emit('hide');
  };

  focus = (): void => {
    this.focused = true;
    this.emit('focus');
  };

  /** Test side: the user clicked elsewhere. */
  blur(): void {
    this.focused = false;
    this.emit('blur');
  }

  setPosition = (x: number, y: number): void => {
    this.position = [x, y];
  };

  getPosition = (): number[] => [...this.position];
  getBounds = () => ({ x: this.position[0], y: this.position[1], width: this.size[0], height: this.size[1] });

  /** Test side: the user dragged it. 'move' everywhere; 'moved' once more on macOS and Windows only (browser-window docs). */
  moveTo(x: number, y: number): void {
    this.position = [x, y];
    this.emit('move');
    if (this.world.platform === 'darwin' || this.world.platform === 'win32') this.emit('moved');
  }
  getSize = (): number[] => [...this.size];

  /**
   * Test side: the user dragged an edge. A window made with `resizable: false` has none (refused loudly); the OS keeps
   * minWidth/minHeight. 'resize' everywhere; 'resized' once more on macOS and Windows only (browser-window docs).
   */
  resizeTo(width: number, height: number): Promise<void> {
    if (Object.hasOwn(this.options, 'resizable') && !ginBool(this.options.resizable)) throw new Error('Electron double: this window was made with resizable: false, so the user has no edge to drag');
    const size: [number, number] = (this.size = [Math.max(width, ginInt(this.options.minWidth) ?? 0), Math.max(height, ginInt(this.options.minHeight) ?? 0)]);
    this.emit('resize');
    if (this.world.platform === 'darwin' || this.world.platform === 'win32') this.emit('resized');
    return this.host.then((host) => host.page.setViewportSize({ width: size[0], height: size[1] }));
  }

  /** browser-window docs, close: emits 'close' (cancellable), then 'closed'. False when cancelled (the test's quit reads it). */
  close = (): boolean => {
    if (this.destroyed) return true;
    const event = new ElectronEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  };

  destroy = (): void => {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    this.webContents.destroyed = true;
    this.world.windows.delete(this);
    void this.host.then((host) => host.close(), () => undefined);
    this.emit('closed');
  };

  page = (): Promise<Page> => this.webContents.page();
}

export function browserWindowClass(world: WindowWorld) {
  class BrowserWindow extends BrowserWindowDouble {
    constructor(options: unknown = {}) {
      super(options, world);
      const window = this as BrowserWindowDouble;
      this.seenByMain = strict(this, 'BrowserWindow', {
        pinned: ['BrowserWindow', 'BaseWindow'],
        destroyed: { isDestroyed: () => window.isDestroyed(), error: DESTROYED, spared: ['isDestroyed', 'destroy'] },
        seenByMain: { webContents: () => window.webContents.asSeenByMain() },
      });
      return this.seenByMain;
    }

    static getAllWindows = (): BrowserWindowDouble[] => [...world.windows].map((window) => window.seenByMain);
  }
  return strict(BrowserWindow, 'BrowserWindow', { pinned: ['BrowserWindow', 'BaseWindow'] });
}
