// `ipcMain` and the way a page's messages reach it, after Electron's lib/browser/ipc-main-impl.ts
// and lib/browser/ipc-dispatch.ts (v45 line): one handler per channel; invoke answers
// { result } or { error: error.toString() } (logged in main as "Error occurred in handler for
// '<channel>':"); send emits the channel on ipcMain (and 'ipc-message' on the webContents);
// values cross by structured clone (ipc-wire.ts). Every registration is listed, handlers and
// on/once listeners alike, so a listener outside the contract is visible (registrations()).
import { EventEmitter } from 'node:events';
import type { InvokeReply, SenderDocument } from './page-host';
import { ipcWire } from './ipc-wire';
import { strict } from './strict';

/** …/api/web-frame-main: what main may read about the sending frame. */
export interface WebFrameMainDouble {
  readonly url: string;
  readonly parent: null;
  readonly routingId: number;
  readonly processId: number;
  isDestroyed(): boolean;
}

/** …/api/structures/ipc-main-invoke-event (and ipc-main-event, which adds ports and reply). */
export interface InvokeEventDouble {
  readonly type: 'frame';
  readonly sender: { readonly id: number };
  readonly frameId: number;
  readonly processId: number;
  /** Read live: null once the frame navigated or was destroyed (electron_api_ipc_handler_impl.cc SetGetter("senderFrame")). */
  readonly senderFrame: WebFrameMainDouble | null;
  preventDefault(): void;
  readonly defaultPrevented: boolean;
}

type Handler = (event: InvokeEventDouble, ...args: unknown[]) => unknown;

/** One message that crossed the process boundary, as wire text (what the test may search for secrets). */
export interface IpcRecord {
  direction: 'renderer→main' | 'main→renderer';
  channel: string;
  json: string;
}

export interface IpcRegistration {
  channel: string;
  kind: 'handle' | 'on' | 'once';
}

const PROCESS_ID = 1;

/** The event main's handlers and listeners get for a message from `sender`'s document. */
export function ipcEvent(sender: { readonly id: number }, document: SenderDocument | null): InvokeEventDouble {
  let prevented = false;
  const frame: WebFrameMainDouble | null = document
    ? strict(
        {
          get url() {
            return document.url();
          },
          parent: null,
          routingId: document.frameId,
          processId: PROCESS_ID,
          isDestroyed: () => !document.alive(),
        },
        'WebFrameMain',
      )
    : null;
  return {
    type: 'frame',
    sender,
    frameId: document?.frameId ?? 0,
    processId: PROCESS_ID,
    get senderFrame() {
      return frame && document?.alive() ? frame : null;
    },
    preventDefault: () => void (prevented = true),
    get defaultPrevented() {
      return prevented;
    },
  };
}

export class IpcMainDouble extends EventEmitter {
  readonly traffic: IpcRecord[] = [];
  private readonly handlers = new Map<string, Handler>();
  // ipc-main-impl.ts: "Do not throw exception when channel name is 'error'" — Electron's own listener, not the app's.
  private readonly ownErrorListener = () => undefined;

  constructor(private readonly electronLog: (line: string) => void) {
    super();
    this.on('error', this.ownErrorListener);
  }

  handle = (channel: string, handler: Handler): void => {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    if (typeof handler !== 'function') throw new TypeError(`Expected handler to be a function, but found type '${typeof handler}'`);
    this.handlers.set(channel, handler);
  };

  handleOnce = (channel: string, handler: Handler): void => {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  };

  removeHandler = (channel: string): void => {
    this.handlers.delete(channel);
  };

  /** Every channel main answers or listens on: handle(), on() and once() (EventEmitter keeps once's wrapper with `.listener`). */
  registrations(): IpcRegistration[] {
    const listeners = this.eventNames().flatMap((name) =>
      typeof name !== 'string'
        ? []
        : this.rawListeners(name)
            .filter((listener) => listener !== this.ownErrorListener)
            .map((listener): IpcRegistration => ({ channel: name, kind: typeof (listener as { listener?: unknown }).listener === 'function' ? 'once' : 'on' })),
    );
    return [...[...this.handlers.keys()].map((channel): IpcRegistration => ({ channel, kind: 'handle' })), ...listeners];
  }

  /** A page's ipcRenderer.invoke arriving in main (ipc-dispatch.ts '-ipc-invoke'). */
  async invokeFromRenderer(event: InvokeEventDouble, channel: string, argsWire: string): Promise<InvokeReply> {
    const args = ipcWire.decode(argsWire) as unknown[];
    this.record('renderer→main', channel, argsWire);
    const replyWithError = (error: unknown): InvokeReply => {
      this.electronLog(`Error occurred in handler for '${channel}': ${String(error)}`);
      return { error: String(error) };
    };
    const handler = this.handlers.get(channel);
    if (!handler) return replyWithError(new Error(`No handler registered for '${channel}'`));
    try {
      const result = ipcWire.serialize(await handler(event, ...args));
      this.record('main→renderer', channel, result);
      return { result };
    } catch (error) {
      return replyWithError(error);
    }
  }

  /** A page's ipcRenderer.send arriving in main (ipc-dispatch.ts '-ipc-message'): the listeners of the channel run. */
  sendFromRenderer(event: InvokeEventDouble & { ports: unknown[]; reply(channel: string, ...args: unknown[]): void }, channel: string, argsWire: string): unknown[] {
    const args = ipcWire.decode(argsWire) as unknown[];
    this.record('renderer→main', channel, argsWire);
    this.emit(channel, event, ...args);
    return args;
  }

  record(direction: IpcRecord['direction'], channel: string, wire: string): void {
    this.traffic.push({ direction, channel, json: wire });
  }
}
