// `ipcMain` and the invoke path from a page, after
// https://www.electronjs.org/docs/latest/api/ipc-main and …/api/ipc-renderer:
// one handler per channel; arguments and results cross by structured clone; a handler's
// error reaches the page only as "Error invoking remote method '<channel>': <error>".
import { EventEmitter } from 'node:events';

/** …/api/structures/ipc-main-invoke-event: what a handler learns about its caller. */
export interface InvokeEventDouble {
  readonly type: 'frame';
  readonly sender: { readonly id: number };
  readonly frameId: number;
  readonly processId: number;
  /** …/api/web-frame-main; null once the frame navigated or was destroyed. */
  readonly senderFrame: { readonly url: string; readonly parent: object | null; readonly routingId: number } | null;
}

type Handler = (event: InvokeEventDouble, ...args: unknown[]) => unknown;

/** One message that crossed the process boundary, as JSON text (what the test may search for secrets). */
export interface IpcRecord {
  direction: 'renderer→main' | 'main→renderer';
  channel: string;
  json: string;
}

/** A listener main registered: `handle` (invoke), or `on`/`once` (send; ipc-main docs). */
export interface IpcRegistration {
  channel: string;
  kind: 'handle' | 'on' | 'once';
}

export class IpcMainDouble extends EventEmitter {
  readonly traffic: IpcRecord[] = [];
  private readonly handlers = new Map<string, Handler>();
  /** on/once listeners as registered (EventEmitter keeps the functions; this keeps how they came). */
  private readonly listeners_: IpcRegistration[] = [];

  handle = (channel: string, handler: Handler): void => {
    // ipc-main docs: "Attempted to register a second handler for '<channel>'".
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  };

  override on(channel: string | symbol, listener: (...args: unknown[]) => void): this {
    if (typeof channel === 'string') this.listeners_.push({ channel, kind: 'on' });
    return super.on(channel, listener);
  }

  override once(channel: string | symbol, listener: (...args: unknown[]) => void): this {
    if (typeof channel === 'string') this.listeners_.push({ channel, kind: 'once' });
    return super.once(channel, listener);
  }

  /** Every ipcMain listener main registered and has not removed: handle, on and once alike. */
  registrations(): IpcRegistration[] {
    return [...[...this.handlers.keys()].map((channel) => ({ channel, kind: 'handle' as const })), ...this.listeners_.filter((r) => this.listenerCount(r.channel) > 0)];
  }

  handleOnce = (channel: string, handler: Handler): void => {
    this.handle(channel, (event, ...args) => {
      this.handlers.delete(channel);
      return handler(event, ...args);
    });
  };

  removeHandler = (channel: string): void => {
    this.handlers.delete(channel);
  };

  channels(): string[] {
    return [...this.handlers.keys()];
  }

  /** A page's ipcRenderer.invoke arriving in main. Rejects with Electron's wording. */
  async invokeFromRenderer(event: InvokeEventDouble, channel: string, args: unknown[]): Promise<unknown> {
    this.record('renderer→main', channel, args);
    const handler = this.handlers.get(channel);
    const fail = (error: unknown) => new Error(`Error invoking remote method '${channel}': ${String(error)}`);
    if (!handler) throw fail(new Error(`No handler registered for '${channel}'`));
    let result: unknown;
    try {
      result = await handler(event, ...args);
    } catch (error) {
      throw fail(error);
    }
    let cloned: unknown;
    try {
      cloned = structuredClone(result);
    } catch {
      throw fail(new Error('An object could not be cloned.'));
    }
    this.record('main→renderer', channel, [cloned]);
    return cloned;
  }

  record(direction: IpcRecord['direction'], channel: string, args: unknown[]): void {
    this.traffic.push({ direction, channel, json: JSON.stringify(args) ?? '' });
  }
}
