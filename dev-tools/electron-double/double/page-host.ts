// A BrowserWindow's page: a real Chromium page (Playwright) whose app:// requests are
// answered by main's protocol.handle handler, whose preload runs in an isolated world
// (CDP Page.addScriptToEvaluateOnNewDocument with a worldName; the page's own world without
// contextIsolation), and whose ipcRenderer reaches Node through a CDP binding that exists in
// that world only. The sender identity (frame, URL, whether its document still exists) comes
// from CDP's frame and context events, not from anything the page says.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, CDPSession, Page, Route } from '@playwright/test';
import { fromStandIn, toStandIn } from './app-url';
import type { ProtocolDouble } from './protocol';
import { rendererScripts, type RendererScripts } from './renderer-scripts';

const PRELOAD_WORLD = 'electron-double-preload';

/** The document that sent an IPC message, as main may look at it later (IpcMainEvent.senderFrame is read live). */
export interface SenderDocument {
  /** Electron-style numeric frame id. */
  frameId: number;
  isTop: boolean;
  /** The frame's URL now, as Electron would report it: app:// for the stand-in origin. */
  url(): string;
  /** False once the document navigated away or its frame is gone. */
  alive(): boolean;
}

/** main's answer to an invoke: the result on the wire, or the error text (ipc-dispatch.ts replyWithError). */
export type InvokeReply = { result: string } | { error: string };

export interface PageHostDeps {
  context: BrowserContext;
  /** Absolute path of the preload, or undefined for none. */
  preloadPath: string | undefined;
  contextIsolation: boolean;
  platform: NodeJS.Platform;
  protocol: ProtocolDouble;
  /** The window's size: a frameless window's page lays out in all of it. */
  viewport: { width: number; height: number };
  /** Benchmarks only: a main-world script run before the page's own (a timing probe). */
  instrument?: string;
  /** Negative controls only: code appended to the preload (a deliberately weakened preload). */
  weakenPreload?: string;
  /** ipcRenderer.invoke arriving, its arguments as wire text. */
  invoke(sender: SenderDocument | null, channel: string, args: string): Promise<InvokeReply>;
  /** ipcRenderer.send arriving. */
  send(sender: SenderDocument | null, channel: string, args: string): void;
  /** The preload threw or could not be read (Electron: 'preload-error'). */
  preloadError(path: string, message: string): void;
  /** 'will-navigate' for navigations the app did not start; false cancels. */
  willNavigate(url: string): boolean;
  /** window.open from the page: main's setWindowOpenHandler decides; false denies. */
  windowOpen(url: string): boolean;
}

interface CdpFrame {
  id: string;
  parentId?: string;
  url: string;
}

type BindingMessage = { kind: 'invoke'; id: number; channel: string; args: string } | { kind: 'send'; channel: string; args: string } | { kind: 'preload-error'; path: string; message: string };

export class PageHost {
  readonly preloadErrors: string[] = [];
  /** Uncaught errors and console errors of the page (a CSP violation is one). */
  readonly pageErrors: string[] = [];
  readonly dropped: string[] = [];
  /** window.open calls and main's answer. */
  readonly windowOpens: { url: string; allowed: boolean }[] = [];
  /** What main's protocol handler answered: the URL (app://) and the response headers. */
  readonly served: { url: string; status: number; headers: Record<string, string> }[] = [];
  private readonly frames = new Map<string, { url: string; parentId: string | undefined; numericId: number }>();
  /** Execution contexts the preload runs in → their frame. */
  private readonly contexts = new Map<number, string>();
  private nextFrameId = 1;
  private mainFrameId: string | undefined;
  /** Set while loadURL navigates: main-frame navigations meanwhile are the app's own, not 'will-navigate'. */
  private loading: string | undefined;

  private constructor(
    readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly deps: PageHostDeps,
    private readonly scripts: RendererScripts | undefined,
  ) {}

  static async open(deps: PageHostDeps): Promise<PageHost> {
    const page = await deps.context.newPage();
    await page.setViewportSize(deps.viewport);
    const cdp = await deps.context.newCDPSession(page);
    let scripts: RendererScripts | undefined;
    let unreadable: string | undefined;
    if (deps.preloadPath) {
      try {
        const source = `${await readFile(deps.preloadPath, 'utf8')}\n${deps.weakenPreload ?? ''}`;
        scripts = rendererScripts(source, { preloadPath: deps.preloadPath, contextIsolation: deps.contextIsolation, platform: deps.platform });
      } catch (error) {
        unreadable = error instanceof Error ? error.message : String(error);
      }
    }
    const host = new PageHost(page, cdp, deps, scripts);
    page.on('pageerror', (error) => host.pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') host.pageErrors.push(message.text());
    });
    if (deps.preloadPath && unreadable !== undefined) host.reportPreloadError(deps.preloadPath, unreadable);
    await host.attach();
    return host;
  }

  private reportPreloadError(path: string, message: string): void {
    this.preloadErrors.push(message);
    this.deps.preloadError(path, message);
  }

  private async attach(): Promise<void> {
    const { cdp, scripts } = this;
    const isolated = this.deps.contextIsolation;
    cdp.on('Page.frameNavigated', ({ frame }: { frame: CdpFrame }) => this.frameNavigated(frame));
    // web-contents docs, setWindowOpenHandler: asked before a window is created; 'deny' cancels it.
    // Chromium has already opened the page by then, so a denied one is closed at once, unloaded.
    const decisions: boolean[] = [];
    cdp.on('Page.windowOpen', ({ url }: { url: string }) => {
      const allowed = this.deps.windowOpen(fromStandIn(url));
      this.windowOpens.push({ url: fromStandIn(url), allowed });
      decisions.push(allowed);
    });
    this.page.on('popup', (opened) => {
      if (decisions.shift() !== true) void opened.close();
    });
    cdp.on('Page.frameDetached', ({ frameId }: { frameId: string }) => void this.frames.delete(frameId));
    cdp.on('Runtime.executionContextCreated', ({ context }: { context: { id: number; name: string; auxData?: { frameId?: string; isDefault?: boolean } } }) => {
      const preloadContext = isolated ? context.name === PRELOAD_WORLD : context.auxData?.isDefault === true;
      if (preloadContext && context.auxData?.frameId) this.contexts.set(context.id, context.auxData.frameId);
    });
    cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }: { executionContextId: number }) => void this.contexts.delete(executionContextId));
    cdp.on('Runtime.executionContextsCleared', () => this.contexts.clear());
    await cdp.send('Page.enable');
    await cdp.send('Runtime.enable');
    if (this.deps.instrument) await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: this.deps.instrument });
    const tree = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: CdpFrame } };
    this.frameNavigated(tree.frameTree.frame);
    if (scripts) {
      cdp.on('Runtime.bindingCalled', (call: { name: string; payload: string; executionContextId: number }) => {
        if (call.name === scripts.binding && this.contexts.has(call.executionContextId)) this.bindingCalled(JSON.parse(call.payload) as BindingMessage, call.executionContextId);
      });
      await cdp.send('Runtime.addBinding', isolated ? { name: scripts.binding, executionContextName: PRELOAD_WORLD } : { name: scripts.binding });
      // Registered first, so the main world's listeners exist when the preload exposes its API.
      if (scripts.mainWorld) await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: scripts.mainWorld });
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', isolated ? { source: scripts.preloadWorld, worldName: PRELOAD_WORLD } : { source: scripts.preloadWorld });
    }
    await this.page.route('**/*', (route) => this.route(route));
  }

  private frameNavigated(frame: CdpFrame): void {
    const known = this.frames.get(frame.id);
    this.frames.set(frame.id, { url: frame.url, parentId: frame.parentId, numericId: known?.numericId ?? this.nextFrameId++ });
    if (!frame.parentId) this.mainFrameId = frame.id;
  }

  /** loadURL: app:// through the stand-in origin; resolves on 'load' as Electron's loadURL does on did-finish-load. */
  async load(url: string): Promise<void> {
    // data: and about: load as they are (tests use them as "a page that is not ours").
    const standIn = /^(data|about):/.test(url) ? url : toStandIn(url, this.deps.protocol.handledSchemes());
    if (!standIn) throw new Error(`Electron double: loadURL(${url}) — only data:, about: and schemes handled by protocol.handle are modelled`);
    this.loading = standIn;
    try {
      const response = await this.page.goto(standIn, { waitUntil: 'load' });
      if (response && !response.ok()) throw new Error(`ERR_FAILED (${response?.status() ?? 'no response'}) loading '${url}'`);
    } finally {
      this.loading = undefined;
    }
  }

  private async route(route: Route): Promise<void> {
    const request = route.request();
    const url = request.url();
    if (request.isNavigationRequest() && request.frame() === this.page.mainFrame() && this.loading === undefined) {
      // web-contents docs, 'will-navigate': preventDefault() cancels a navigation the page started.
      if (!this.deps.willNavigate(fromStandIn(url))) return route.abort('aborted');
    }
    const appUrl = fromStandIn(url);
    const scheme = appUrl === url ? undefined : appUrl.slice(0, appUrl.indexOf(':'));
    const handler = scheme ? this.deps.protocol.handlerFor(scheme) : undefined;
    // The double has no network: only the app's own scheme is served.
    if (!handler) return route.abort(scheme ? 'failed' : 'blockedbyclient');
    const response = await handler(new Request(appUrl, { method: request.method(), headers: request.headers() }));
    const headers = Object.fromEntries(response.headers);
    this.served.push({ url: appUrl, status: response.status, headers });
    await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
  }

  /** The document behind a preload context, looked at live: its frame's URL now, and whether the context still exists. */
  private senderDocument(contextId: number): SenderDocument | null {
    const frameId = this.contexts.get(contextId);
    const frame = frameId === undefined ? undefined : this.frames.get(frameId);
    if (frameId === undefined || !frame) return null;
    return {
      frameId: frame.numericId,
      isTop: frame.parentId === undefined,
      url: () => fromStandIn(this.frames.get(frameId)?.url ?? frame.url),
      alive: () => this.contexts.get(contextId) === frameId && this.frames.has(frameId),
    };
  }

  private bindingCalled(message: BindingMessage, contextId: number): void {
    const sender = this.senderDocument(contextId);
    if (message.kind === 'send') return this.deps.send(sender, message.channel, message.args);
    if (message.kind === 'preload-error') return this.reportPreloadError(message.path, message.message);
    void this.deps.invoke(sender, message.channel, message.args).then((reply) => this.deliver(contextId, { kind: 'result', id: message.id, ...reply }));
  }

  /** webContents.send: to the main frame's preload world, if the page has one now. */
  async send(channel: string, args: string): Promise<void> {
    const contextId = [...this.contexts].find(([, frameId]) => frameId === this.mainFrameId)?.[0];
    if (contextId === undefined) {
      this.dropped.push(channel);
      return;
    }
    await this.deliver(contextId, { kind: 'event', channel, args });
  }

  private async deliver(contextId: number, message: unknown): Promise<void> {
    if (!this.scripts) return;
    const expression = `globalThis[${JSON.stringify(this.scripts.deliver)}](${JSON.stringify(message)})`;
    // A context that navigated away meanwhile is gone: Electron drops the reply too.
    await this.cdp.send('Runtime.evaluate', { expression, contextId }).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.page.close().catch(() => undefined);
  }
}
