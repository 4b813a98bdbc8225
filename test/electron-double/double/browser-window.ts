// BrowserWindow and its webContents, after https://www.electronjs.org/docs/latest/api/browser-window
// and …/api/web-contents. The window's state (visible, position, focus) is recorded; its
// page is a PageHost (a real Chromium page). Methods of a destroyed window or webContents
// throw "Object has been destroyed", as Electron's do.
import { EventEmitter } from 'node:events';
import type { BrowserContext, Page } from '@playwright/test';
import { ElectronEvent } from './app';
import type { IpcMainDouble } from './ipc-main';
import { PageHost } from './page-host';
import type { ProtocolDouble } from './protocol';
import { requireReady, strict } from './strict';

export interface WindowWorld {
  isReady(): boolean;
  context(): Promise<BrowserContext>;
  protocol: ProtocolDouble;
  ipcMain: IpcMainDouble;
  windows: Set<BrowserWindowDouble>;
  /** Called with each new window (the test waits for the popup this way). */
  created(window: BrowserWindowDouble): void;
  /** Negative controls: what the sender identity says instead of the truth. */
  forgeSenderUrl?: string;
  /** Negative controls: code appended to every preload. */
  weakenPreload?: string;
  /** Benchmarks: a main-world timing probe for every page. */
  instrument?: string;
}

interface WindowOptions {
  width?: number;
  height?: number;
  show?: boolean;
  webPreferences?: { preload?: string; contextIsolation?: boolean; sandbox?: boolean; nodeIntegration?: boolean };
}

let nextWebContentsId = 1;

export class WebContentsDouble extends EventEmitter {
  readonly id = nextWebContentsId++;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;

  constructor(
    private readonly host: Promise<PageHost>,
    private readonly ipc: IpcMainDouble,
  ) {
    super();
  }

  private alive(): void {
    if (this.destroyed) throw new TypeError('Object has been destroyed');
  }

  isDestroyed = (): boolean => this.destroyed;

  setWindowOpenHandler = (handler: (details: { url: string }) => { action: string }): void => {
    this.alive();
    this.windowOpenHandler = handler;
  };

  // web-contents docs, send: arguments are serialized with the Structured Clone Algorithm.
  send = (channel: string, ...args: unknown[]): void => {
    this.alive();
    const cloned = structuredClone(args);
    this.ipc.record('main→renderer', channel, cloned);
    void this.host.then((host) => host.send(channel, cloned));
  };

  /** The page, for the test (Playwright). */
  page = async () => (await this.host).page;
  pageHost = (): Promise<PageHost> => this.host;
}

export class BrowserWindowDouble extends EventEmitter {
  readonly webContents: WebContentsDouble;
  readonly options: WindowOptions;
  private visible = false;
  private focused = false;
  private destroyed = false;
  private position: [number, number] = [0, 0];
  private readonly size: [number, number];
  private readonly host: Promise<PageHost>;

  constructor(options: WindowOptions, private readonly world: WindowWorld) {
    super();
    requireReady(world.isReady, 'BrowserWindow');
    this.options = options;
    this.size = [options.width ?? 800, options.height ?? 600];
    const prefs = options.webPreferences ?? {};
    // eslint-disable-next-line prefer-const -- assigned below: the page's callbacks need the webContents, which needs the page
    let contents!: WebContentsDouble;
    this.host = world.context().then((context) =>
      PageHost.open({
        context,
        preloadPath: prefs.preload,
        // web-preferences docs: contextIsolation and sandbox default to true.
        contextIsolation: prefs.contextIsolation ?? true,
        protocol: world.protocol,
        ...(world.weakenPreload ? { weakenPreload: world.weakenPreload } : {}),
        ...(world.instrument ? { instrument: world.instrument } : {}),
        invoke: (frame, channel, args) =>
          world.ipcMain.invokeFromRenderer(
            {
              type: 'frame',
              sender: contents,
              frameId: frame?.frameId ?? 0,
              processId: 1,
              senderFrame: frame && { url: world.forgeSenderUrl ?? frame.url, parent: frame.isTop ? null : {}, routingId: frame.frameId },
            },
            channel,
            args,
          ),
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
    contents = strict(new WebContentsDouble(this.host, world.ipcMain), 'webContents');
    this.webContents = contents;
    world.windows.add(this);
    world.created(this);
    if (options.show !== false) this.show();
  }

  private alive(): void {
    if (this.destroyed) throw new TypeError('Object has been destroyed');
  }

  isDestroyed = (): boolean => this.destroyed;
  isVisible = (): boolean => {
    this.alive();
    return this.visible;
  };
  isFocused = (): boolean => this.focused;

  loadURL = async (url: string): Promise<void> => {
    this.alive();
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
    this.alive();
    const wasVisible = this.visible;
    this.visible = true;
    this.focused = true;
    if (!wasVisible) this.emit('show');
    this.emit('focus');
  };

  hide = (): void => {
    this.alive();
    if (!this.visible) return;
    this.visible = false;
    this.focused = false;
    this.emit('hide');
  };

  focus = (): void => {
    this.alive();
    this.focused = true;
    this.emit('focus');
  };

  /** Test side: the user clicked elsewhere. */
  blur(): void {
    this.focused = false;
    this.emit('blur');
  }

  setPosition = (x: number, y: number): void => {
    this.alive();
    this.position = [x, y];
  };

  getPosition = (): number[] => [...this.position];
  getSize = (): number[] => {
    this.alive();
    return [...this.size];
  };

  /** browser-window docs, close: emits 'close' (cancellable), then 'closed'. False when cancelled. */
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
  return class BrowserWindow extends BrowserWindowDouble {
    constructor(options: WindowOptions = {}) {
      super(options, world);
      return strict(this, 'BrowserWindow');
    }

    static getAllWindows = (): BrowserWindowDouble[] => [...world.windows];
  };
}
