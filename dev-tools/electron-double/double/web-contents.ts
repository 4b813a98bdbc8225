// A window's webContents, after https://www.electronjs.org/docs/latest/api/web-contents and
// lib/browser/api/web-contents.ts / web-frame-main.ts (v45 line). Its page is a PageHost;
// messages from the page arrive here with their sender. Once destroyed, its members throw
// "Object has been destroyed" (strict.ts), as gin_helper::Destroyable's do.
import { EventEmitter } from 'node:events';
import { ElectronEvent } from './app';
import { ipcEvent, type IpcMainDouble } from './ipc-main';
import { ipcWire } from './ipc-wire';
import type { InvokeReply, PageHost, SenderDocument } from './page-host';
import { strict } from './strict';

let nextWebContentsId = 1;

export class WebContentsDouble extends EventEmitter {
  readonly id = nextWebContentsId++;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;

  constructor(
    private readonly host: Promise<PageHost>,
    private readonly ipc: IpcMainDouble,
    private readonly electronLog: (line: string) => void,
    /** Negative controls: the URL every sender claims, whatever its frame. */
    private readonly forgeSenderUrl?: string,
  ) {
    super();
  }

  isDestroyed = (): boolean => this.destroyed;

  setWindowOpenHandler = (handler: (details: { url: string }) => { action: string }): void => {
    this.windowOpenHandler = handler;
  };

  // web-frame-main.ts send: a channel or a TypeError; a value that cannot be cloned is logged and the message dropped, not thrown.
  send = (channel: string, ...args: unknown[]): void => {
    if (typeof channel !== 'string') throw new TypeError('Missing required channel argument');
    let wire: string;
    try {
      wire = ipcWire.serialize(args);
    } catch (error) {
      this.electronLog(`Error sending from webFrameMain:  ${String(error)}`);
      return;
    }
    this.ipc.record('main→renderer', channel, wire);
    void this.host.then((host) => host.send(channel, wire));
  };

  /** The page, for the test (Playwright). */
  page = async () => (await this.host).page;
  pageHost = (): Promise<PageHost> => this.host;

  /** The page side: an invoke from one of its documents. */
  invoke(document: SenderDocument | null, channel: string, args: string): Promise<InvokeReply> {
    return this.ipc.invokeFromRenderer(ipcEvent(this.asSeenByMain(), this.forged(document)), channel, args);
  }

  /** The page side: ipcRenderer.send (ipc-dispatch.ts: 'ipc-message' on the webContents, then the channel on ipcMain). */
  sendFromPage(document: SenderDocument | null, channel: string, args: string): void {
    const event = Object.assign(ipcEvent(this.asSeenByMain(), this.forged(document)), {
      ports: [] as unknown[],
      reply: (replyChannel: string, ...replyArgs: unknown[]) => this.send(replyChannel, ...replyArgs),
    });
    const decoded = this.ipc.sendFromRenderer(event, channel, args);
    this.emit('ipc-message', event, channel, ...decoded);
  }

  /** The page side: the preload failed (preload.ts → BROWSER_PRELOAD_ERROR → 'preload-error'). */
  preloadFailed(path: string, message: string): void {
    this.emit('preload-error', new ElectronEvent(), path, new Error(message));
  }

  /** What main holds: the strict wrapper, set by the window once built. */
  private seenByMain: WebContentsDouble | undefined;
  asSeenByMain = (): WebContentsDouble => (this.seenByMain ??= webContentsAsSeenByMain(this));

  private forged(document: SenderDocument | null): SenderDocument | null {
    const forged = this.forgeSenderUrl;
    return document && forged ? { ...document, url: () => forged } : document;
  }
}

/** Electron's WebContents as main sees it: unknown members throw, a destroyed one's members throw. */
function webContentsAsSeenByMain(contents: WebContentsDouble): WebContentsDouble {
  return strict(contents, 'webContents', {
    destroyed: { isDestroyed: () => contents.destroyed, error: () => new TypeError('Object has been destroyed'), spared: ['isDestroyed'] },
  });
}
