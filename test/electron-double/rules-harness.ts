// What rules.test.ts needs to hold the double to Electron's rules: a double with no app in
// it, and (for the rules that live in a page) a window on a real Chromium page serving a
// test page through main's own protocol handler, with a preload of the test's choosing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ElectronDouble, type DoubleOptions } from '../../dev-tools/electron-double/double/electron-double';
import type { BrowserWindowDouble } from '../../dev-tools/electron-double/double/browser-window';

export type Ctor = new (...args: unknown[]) => unknown;

/** A launch's double with nothing booted in it: main's view is `electron.module`, the test's the rest. */
export function double(overrides: Partial<DoubleOptions> = {}): ElectronDouble {
  return new ElectronDouble({
    userData: '/tmp/counter-tray-rules/Counter Tray',
    argv: ['electron', '.'],
    context: () => new Promise<BrowserContext>(() => undefined), // no page needed here
    locks: new Map(),
    keyringKey: Buffer.alloc(32, 7),
    ...overrides,
  });
}

/** `electron.X` as main imports it, typed loosely: the rules are about what it does at run time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- main's view of an Electron module, exercised with wrong input on purpose
export const mainView = (electron: ElectronDouble, name: string): any => electron.module[name];

export const TEST_PAGE = 'app://rules/index.html';
const PAGE_HTML = '<!doctype html><title>rules</title><body>rules</body>';

export interface Window {
  electron: ElectronDouble;
  /** The test's handle. */
  window: BrowserWindowDouble;
  /** The BrowserWindow object main holds. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  seen: any;
  page: Page;
}

/** One Chromium for the page-level rules; each window gets its own context (a launch's session). */
export class PageRules {
  private browser: Browser | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'electron-double-rules-'));
  private readonly contexts: BrowserContext[] = [];
  private files = 0;

  async start(): Promise<void> {
    this.browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Writes a preload the way the app ships one (a CommonJS file) and answers its absolute path. */
  preload(source: string): string {
    const path = join(this.dir, `preload-${this.files++}.cjs`);
    writeFileSync(path, source);
    return path;
  }

  /** A ready double whose main serves the test page on app://rules, and one window on it. */
  async open(options: { webPreferences?: Record<string, unknown>; electron?: Partial<DoubleOptions>; beforeLoad?: (window: BrowserWindowDouble) => void } = {}): Promise<Window> {
    const browser = this.browser;
    if (!browser) throw new Error('PageRules.start() first');
    const electron = double({
      context: async () => {
        const context = await browser.newContext();
        this.contexts.push(context);
        return context;
      },
      ...options.electron,
    });
    electron.app.emitReady();
    mainView(electron, 'protocol').handle('app', () => new Response(PAGE_HTML, { headers: { 'content-type': 'text/html' } }));
    const BrowserWindow = mainView(electron, 'BrowserWindow') as Ctor;
    const seen = new BrowserWindow({ show: false, webPreferences: options.webPreferences ?? {} });
    const [window] = electron.createdWindows;
    if (!window) throw new Error('no window');
    options.beforeLoad?.(window);
    await window.loadURL(TEST_PAGE);
    return { electron, window, seen, page: await window.page() };
  }
}
